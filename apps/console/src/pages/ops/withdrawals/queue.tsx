import type { Withdrawal } from '@wallet/contract';
import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../../components/date-time';
import { Money } from '../../../components/money';
import { QueryError } from '../../../components/query-error';
import { OPS_API } from '../api';
import { MemberLink } from '../shared/member-link';
import { LOCAL_PAGING, useWholeList } from '../shared/whole-list';
import { WithdrawalDecision } from './decide';

/** A pending withdrawal as GET withdrawals sends it; the member's UID when the route adds it. */
type Pending = Withdrawal & { memberUid?: string };

/** Withdrawals waiting for review (GET withdrawals answers them all at once, oldest first as the server orders them). */
export function WithdrawalQueue() {
  const { t } = useTranslation();
  const { items, query } = useWholeList<Pending>(OPS_API.withdrawalsPending, 'withdrawals');
  if (query.isError) return <QueryError error={query.error} onRetry={() => query.refetch()} />;
  const refetch = () => void query.refetch();

  return (
    <Table<Pending>
      rowKey="id"
      loading={query.isFetching}
      dataSource={items}
      pagination={LOCAL_PAGING}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('ops.withdrawals.queueEmpty') }}
      columns={[
        { dataIndex: 'createdAt', title: t('ops.common.time'), render: (v: string) => <DateTime value={v} /> },
        { dataIndex: 'memberUid', title: t('ops.members.uid'), render: (v?: string) => <MemberLink uid={v} /> },
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
