import { Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../../components/date-time';
import { Money } from '../../../components/money';
import { QueryError } from '../../../components/query-error';
import { OPS_API } from '../api';
import { ActionButton } from '../shared/action-button';
import { MemberLink } from '../shared/member-link';
import { LOCAL_PAGING, useWholeList } from '../shared/whole-list';
import type { PayoutDeskOrder } from '../types';

/**
 * Orders not yet arrived or rejected (GET payout/orders, all at once). Marking one arrived or rejected
 * by hand above the four-eyes threshold becomes an approval request (202), which the button opens.
 */
export function PayoutOrders() {
  const { t } = useTranslation();
  const { items, query } = useWholeList<PayoutDeskOrder>(OPS_API.payoutOrders, 'orders');
  if (query.isError) return <QueryError error={query.error} onRetry={() => query.refetch()} />;
  const refetch = () => void query.refetch();

  return (
    <Table<PayoutDeskOrder>
      rowKey="id"
      loading={query.isFetching}
      dataSource={items}
      pagination={LOCAL_PAGING}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('ops.payout.empty') }}
      columns={[
        { dataIndex: 'createdAt', title: t('ops.common.time'), render: (v: string) => <DateTime value={v} /> },
        { dataIndex: 'memberUid', title: t('ops.members.uid'), render: (v: string) => <MemberLink uid={v} /> },
        { dataIndex: 'amount', title: t('ops.payout.amount'), render: (v: string, row) => <Money amount={v} currency={row.currency} /> },
        {
          dataIndex: 'amountOut',
          title: t('ops.payout.amountOut'),
          render: (v: string, row) => <Money amount={v} currency={row.payoutCurrency} />,
        },
        { dataIndex: 'rate', title: t('ops.payout.rate') },
        {
          dataIndex: 'payee',
          title: t('ops.payout.payee'),
          render: (payee: PayoutDeskOrder['payee']) => (
            <Space size={4}>
              <Tag>{t(`ops.payout.kinds.${payee.kind}`)}</Tag>
              {payee.name} {payee.bankName ?? ''} {payee.accountMasked}
            </Space>
          ),
        },
        {
          dataIndex: 'stage',
          title: t('ops.payout.stage'),
          render: (v: string) => <Tag>{t(`ops.payout.stages.${v}`, { defaultValue: v })}</Tag>,
        },
        {
          title: t('table.actions'),
          fixed: 'right',
          render: (_, row) => {
            const summary = `${row.amount} ${row.currency} → ${row.amountOut} ${row.payoutCurrency}`;
            return (
              <Space size={4}>
                <ActionButton
                  resource="payout"
                  action="decide"
                  type="primary"
                  size="small"
                  label={t('ops.payout.arrived')}
                  title={t('ops.payout.arrivedTitle', { summary })}
                  warning={t('ops.payout.arrivedWarning')}
                  url={OPS_API.payoutArrived(row.id)}
                  fields={[{ name: 'reference', label: t('ops.payout.reference'), max: 100 }]}
                  successMessage={t('ops.payout.arrivedDone')}
                  onDone={refetch}
                />
                <ActionButton
                  resource="payout"
                  action="decide"
                  danger
                  size="small"
                  label={t('ops.payout.reject')}
                  title={t('ops.payout.rejectTitle', { summary })}
                  warning={t('ops.payout.rejectWarning')}
                  url={OPS_API.payoutRejected(row.id)}
                  fields={[{ name: 'reason', label: t('ops.payout.rejectReason'), required: true, min: 3, max: 500, multiline: true }]}
                  successMessage={t('ops.payout.rejectedDone')}
                  onDone={refetch}
                />
              </Space>
            );
          },
        },
      ]}
    />
  );
}
