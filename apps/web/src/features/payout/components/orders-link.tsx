import { UnorderedListOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ORDERS_PATH } from './paths';

/** The way from a flash exchange screen to all its orders, for the navigation bar. */
export function OrdersLink() {
  const { t } = useTranslation();
  return (
    <Link to={ORDERS_PATH} aria-label={t('payout.orders.title')} data-testid="payout-orders-link">
      <UnorderedListOutline fontSize={22} aria-hidden="true" />
    </Link>
  );
}
