import type { Deposit } from '@wallet/contract';
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../../components/date-time';
import { Money } from '../../../components/money';
import { QueryError } from '../../../components/query-error';
import { OPS_API } from '../api';
import { ActionButton } from '../shared/action-button';
import { LOCAL_PAGING, useWholeList } from '../shared/whole-list';
import { LongText } from './tx-cells';

const UID = /^[1-9]\d{7}$/;

/** Confirmed deposits from senders nobody bound; each can be given to a member with a reason (audited). */
export function UnattributedDeposits() {
  const { t } = useTranslation();
  const { items, query } = useWholeList<Deposit>(OPS_API.depositsUnattributed, 'deposits');
  if (query.isError) return <QueryError error={query.error} onRetry={() => query.refetch()} />;

  return (
    <Table<Deposit>
      rowKey="id"
      loading={query.isFetching}
      dataSource={items}
      pagination={LOCAL_PAGING}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('ops.deposits.unattributedEmpty') }}
      columns={[
        { dataIndex: 'detectedAt', title: t('ops.deposits.detected'), render: (v: string) => <DateTime value={v} /> },
        { dataIndex: 'amount', title: t('ops.common.amount'), render: (v: string, row) => <Money amount={v} currency={row.currency} /> },
        { dataIndex: 'network', title: t('ops.common.network') },
        { dataIndex: 'from', title: t('ops.deposits.from'), render: (v: string) => <LongText value={v} /> },
        { dataIndex: 'txHash', title: t('ops.deposits.txHash'), render: (v: string) => <LongText value={v} /> },
        {
          title: t('table.actions'),
          fixed: 'right',
          render: (_, row) => (
            <ActionButton
              resource="deposits"
              action="assign"
              type="primary"
              size="small"
              label={t('ops.deposits.assign')}
              title={t('ops.deposits.assignTitle', { amount: `${row.amount} ${row.currency}` })}
              warning={t('ops.deposits.assignWarning')}
              url={OPS_API.depositAssign(row.id)}
              fields={[
                {
                  name: 'uid',
                  label: t('ops.members.uid'),
                  required: true,
                  pattern: UID,
                  patternMessage: t('ops.deposits.uidInvalid'),
                },
                { name: 'reason', label: t('common.reason'), required: true, min: 3, max: 500, multiline: true },
              ]}
              successMessage={t('ops.deposits.assigned')}
              onDone={() => void query.refetch()}
            />
          ),
        },
      ]}
    />
  );
}
