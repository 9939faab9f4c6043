import { FileOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { OrderList, OrderRow } from '../../../components/order-rows';
import { PagedList } from '../../../components/paged-list';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useAppStore } from '../../../lib/store';
import type { usePayoutOrders } from '../api/get-payout-orders';
import { orderPath } from './paths';
import { PayoutStatusTag } from './payout-status-tag';

/** My flash exchange orders, newest first: USDT sold, CNY paid, to which account, where it stands. */
export function PayoutOrderList({ orders, emptyAction }: { orders: ReturnType<typeof usePayoutOrders>; emptyAction: ReactNode }) {
  const { t } = useTranslation();
  const language = useAppStore((state) => state.language);
  return (
    <PagedList
      pages={orders}
      itemsOf={(page) => page.orders}
      errorTitle={t('payout.orders.loadError')}
      empty={
        <EmptyState image={<FileOutline />} title={t('payout.orders.empty')} description={t('payout.orders.emptyText')}>
          {emptyAction}
        </EmptyState>
      }
      endText={t('payout.orders.end')}
    >
      {(items) => (
        <OrderList testId="payout-orders">
          {items.map((order) => (
            <OrderRow
              key={order.id}
              to={orderPath(order.id)}
              testId="payout-order-row"
              amount={`${formatMoney(order.amount, 'USDT')} USDT → ${formatMoney(order.amountOut, 'CNY')} CNY`}
              amountTestId="payout-order-amounts"
              status={<PayoutStatusTag status={order.status} />}
              meta={
                <>
                  <span>
                    {t(`payout.kind.${order.kind}`)} · <span translate="no">{order.payee.name}</span> {order.payee.accountMasked}
                  </span>
                  <span>{formatDateTime(order.createdAt, language)}</span>
                </>
              }
            />
          ))}
        </OrderList>
      )}
    </PagedList>
  );
}
