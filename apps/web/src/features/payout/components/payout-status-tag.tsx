import type { PayoutStatus } from '@wallet/contract';
import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

const COLORS: Readonly<Record<PayoutStatus, 'primary' | 'success' | 'danger'>> = {
  in_progress: 'primary',
  arrived: 'success',
  rejected: 'danger',
};

/** Where an order stands, coloured as withdrawals are: on its way (teal), arrived (green), rejected (red). */
export function PayoutStatusTag({ status }: { status: PayoutStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status]} fill="outline" data-testid="payout-status">
      {t(`payout.orders.status.${status}`)}
    </Tag>
  );
}
