import { CreateButton, List, RefreshButton } from '@refinedev/antd';
import { useCan } from '@refinedev/core';
import { type ConsoleRound, ROUND_STATUSES, type RoundStatus } from '@wallet/contract';
import { Empty, Progress, Segmented, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DateTime } from '../../components/date-time';
import { groupDigits, Money } from '../../components/money';
import { QueryError } from '../../components/query-error';
import { PLACEMENT_API } from './api';
import { useOffsetPage } from './paged';
import { percentOf } from './round-maths';
import { RoundStatusTag, roundName } from './round-status';

/** The placement rounds (GET placement/rounds): status filter, sales against the total, buyers and USDT raised. */
export function RoundListPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const status = ROUND_STATUSES.find((value) => value === params.get('status'));
  const { query, reply, pagination, firstPage } = useOffsetPage<ConsoleRound>(PLACEMENT_API.rounds, { status });
  const { data: canEdit } = useCan({ resource: 'placement-rounds', action: 'edit' });
  const refetch = () => void query.refetch();

  return (
    <List
      title={t('placement.rounds.title')}
      headerButtons={
        <>
          <RefreshButton onClick={refetch} />
          <CreateButton resource="placement-rounds">{t('placement.rounds.create')}</CreateButton>
        </>
      }
    >
      <Segmented
        style={{ marginBottom: 16 }}
        value={status ?? 'all'}
        onChange={(value) => {
          firstPage();
          setParams(value === 'all' ? {} : { status: String(value) });
        }}
        options={['all', ...ROUND_STATUSES].map((value) => ({ value, label: t(`placement.statuses.${value}`) }))}
      />
      {query.isError ? (
        <QueryError error={query.error} onRetry={refetch} />
      ) : (
        <Table<ConsoleRound>
          size="small"
          rowKey="id"
          loading={query.isFetching}
          dataSource={reply?.items ?? []}
          pagination={pagination}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description={t('placement.rounds.empty')} /> }}
          columns={[
            {
              title: t('placement.rounds.name'),
              render: (_, round) => <Link to={`/placement/rounds/${round.id}`}>{roundName(round.name, i18n.language)}</Link>,
            },
            { dataIndex: 'status', title: t('placement.rounds.status'), render: (v: RoundStatus) => <RoundStatusTag status={v} /> },
            {
              title: t('placement.rounds.sold'),
              render: (_, round) => (
                <div style={{ minWidth: 150 }}>
                  <Typography.Text style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {groupDigits(round.sold)} / {groupDigits(round.totalQuantity)}
                  </Typography.Text>
                  <Progress percent={percentOf(round.sold, round.totalQuantity)} size="small" showInfo={false} />
                </div>
              ),
            },
            { dataIndex: 'buyers', title: t('placement.rounds.buyers'), align: 'right' },
            { dataIndex: 'raised', title: t('placement.rounds.raised'), align: 'right', render: (v: string) => <Money amount={v} /> },
            {
              title: t('placement.rounds.price'),
              render: (_, round) => round.tiers.map((tier) => tier.price).join(' → '),
            },
            {
              title: t('placement.rounds.window'),
              render: (_, round) => (
                <Space direction="vertical" size={0}>
                  <DateTime value={round.startsAt} />
                  <Typography.Text type="secondary">
                    → <DateTime value={round.endsAt} />
                  </Typography.Text>
                </Space>
              ),
            },
            {
              title: t('table.actions'),
              render: (_, round) => (
                <Space>
                  <Link to={`/placement/rounds/${round.id}`}>{t('placement.rounds.view')}</Link>
                  {canEdit?.can && round.status !== 'closed' ? (
                    <Link to={`/placement/rounds/${round.id}/edit`}>{t('placement.rounds.edit')}</Link>
                  ) : null}
                </Space>
              ),
            },
          ]}
        />
      )}
    </List>
  );
}
