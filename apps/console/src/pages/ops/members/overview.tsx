import { Alert, Card, Descriptions, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../../components/date-time';
import { Money } from '../../../components/money';
import type { MemberDetail } from '../types';

/** The member's profile, their lock and their balances. */
export function MemberOverview({ member }: { member: MemberDetail }) {
  const { t } = useTranslation();
  const { profile, locked, balances } = member;
  return (
    <>
      {locked.locked ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('ops.members.lockedBanner')}
          description={
            <>
              <DateTime value={locked.lockedAt} /> — {locked.reason ?? t('common.none')}
            </>
          }
        />
      ) : null}
      <Descriptions
        bordered
        size="small"
        column={2}
        items={[
          { key: 'uid', label: t('ops.members.uid'), children: profile.uid },
          { key: 'email', label: t('common.email'), children: profile.email },
          { key: 'nickname', label: t('ops.members.nickname'), children: profile.nickname ?? t('common.none') },
          { key: 'language', label: t('ops.members.language'), children: profile.language },
          { key: 'currency', label: t('ops.members.displayCurrency'), children: profile.displayCurrency },
          { key: 'joined', label: t('ops.members.joined'), children: <DateTime value={profile.createdAt} /> },
          {
            key: 'bound',
            label: t('ops.members.boundAddress'),
            span: 2,
            children: (
              <Typography.Text copyable>
                {profile.boundNetwork} {profile.boundAddress}
              </Typography.Text>
            ),
          },
        ]}
      />
      <Card size="small" title={t('ops.members.balances')} style={{ marginTop: 16 }}>
        <Table
          size="small"
          rowKey="currency"
          pagination={false}
          dataSource={balances}
          columns={[
            { dataIndex: 'currency', title: t('ops.common.currency') },
            { dataIndex: 'available', title: t('ops.members.available'), render: (v: string) => <Money amount={v} /> },
            { dataIndex: 'held', title: t('ops.members.held'), render: (v: string) => <Money amount={v} /> },
          ]}
        />
      </Card>
    </>
  );
}
