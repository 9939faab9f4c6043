import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import { PullToRefresh } from '../../components/pull-to-refresh';
import { Section } from '../../components/section';
import { usePayoutOrders } from '../../features/payout/api/get-payout-orders';
import { SELL_PATHS } from '../../features/payout/components/paths';
import { PayoutOrderList } from '../../features/payout/components/payout-order-list';

/** My flash exchange orders, newest first, both kinds of account. */
export default function PayoutOrdersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const orders = usePayoutOrders();
  return (
    <>
      <NavBar title={t('payout.orders.title')} back />
      <PullToRefresh onRefresh={async () => void (await orders.refetch())}>
        <PageBody>
          <Section title={t('payout.orders.listTitle')}>
            <PayoutOrderList
              orders={orders}
              emptyAction={
                <Button color="primary" onClick={() => navigate(SELL_PATHS.alipay)} data-testid="payout-orders-sell">
                  {t('payout.orders.sell')}
                </Button>
              }
            />
          </Section>
        </PageBody>
      </PullToRefresh>
    </>
  );
}
