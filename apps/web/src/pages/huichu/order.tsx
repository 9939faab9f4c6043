import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import { PullToRefresh } from '../../components/pull-to-refresh';
import { QueryGate } from '../../components/query-gate';
import { usePayoutOrder } from '../../features/payout/api/get-payout-order';
import { OrdersLink } from '../../features/payout/components/orders-link';
import { ORDERS_PATH } from '../../features/payout/components/paths';
import { PayoutOrderDetail } from '../../features/payout/components/payout-order-detail';

/** One flash exchange order (`?id=`), followed while it is in progress. */
export default function PayoutOrderPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  return id ? <OrderScreen id={id} /> : <Navigate to={ORDERS_PATH} replace />;
}

function OrderScreen({ id }: { id: string }) {
  const { t } = useTranslation();
  const order = usePayoutOrder(id);
  return (
    <>
      <NavBar title={t('payout.orders.detailTitle')} back right={<OrdersLink />} />
      <PullToRefresh onRefresh={() => order.refetch()}>
        <PageBody>
          <QueryGate query={order} errorTitle={t('payout.orders.loadOneError')} rows={8}>
            {(data) => <PayoutOrderDetail order={data} />}
          </QueryGate>
        </PageBody>
      </PullToRefresh>
    </>
  );
}
