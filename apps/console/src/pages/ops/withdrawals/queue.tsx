import { useTable } from '@refinedev/antd';
import type { HttpError } from '@refinedev/core';
import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../../components/date-time';
import { Money } from '../../../components/money';
import { QueryError } from '../../../components/query-error';
import { OPS_API } from '../api';
import { MemberLink } from '../shared/member-link';
import type { WithdrawalRow } from '../types';
import { WithdrawalDecision } from './decide';

/**
 * Withdrawals waiting for review, paged by the server (GET withdrawals/all, status pending_review):
 * unlike the older GET withdrawals, its rows carry the member's UID the reviewer needs.
 */
export function WithdrawalQueue() {
  const { t } = useTranslation();
  const { tableProps, tableQuery } = useTable<WithdrawalRow, HttpError>({
    resource: 'withdrawals',
    meta: { apiPath: OPS_API.withdrawalsAll },
    sorters: { mode: 'off' },
    filters: { mode: 'server', permanent: [{ field: 'status', operator: 'eq', value: 'pending_review' }] },
    syncWithLocation: false,
  });
  if (tableQuery.isError) return <QueryError error={tableQuery.error} onRetry={() => void tableQuery.refetch()} />;
  const refetch = () => void tableQuery.refetch();

  return (
    <Table<WithdrawalRow>
      {...tableProps}
      rowKey="id"
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('ops.withdrawals.queueEmpty') }}
      columns={[
        { dataIndex: 'createdAt', title: t('ops.common.time'), render: (v: string) => <DateTime value={v} /> },
        { dataIndex: 'memberUid', title: t('ops.members.uid'), render: (v: string) => <MemberLink uid={v} /> },
        { dataIndex: 'amount', title: t('ops.common.amount'), render: (v: string, row) => <Money amount={v} currency={row.currency} /> },
        { dataIndex: 'fee', title: t('ops.common.fee'), render: (v: string, row) => <Money amount={v} currency={row.currency} /> },
        { dataIndex: 'network', title: t('ops.common.network') },
        {
          dataIndex: 'address',
          title: t('ops.withdrawals.address'),
          render: (v: string) => (
            <Typography.Text copyable ellipsis style={{ maxWidth: 240 }}>
              {v}
            </Typography.Text>
          ),
        },
        {
          title: t('table.actions'),
          fixed: 'right',
          render: (_, row) => (
            <WithdrawalDecision id={row.id} summary={`${row.amount} ${row.currency} → ${row.address}`} onDone={refetch} />
          ),
        },
      ]}
    />
  );
}
