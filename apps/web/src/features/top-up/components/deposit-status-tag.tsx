import type { Deposit } from '@wallet/contract';
import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

const COLORS: Readonly<Record<Deposit['status'], 'default' | 'primary' | 'success' | 'warning' | 'danger'>> = {
  confirming: 'primary',
  credited: 'success',
  queued: 'warning',
  unattributed: 'danger',
  dropped: 'danger',
};

/** Where a deposit stands: confirming (n of N), credited, queued for the daily limit, or not credited. */
export function DepositStatusTag({ deposit }: { deposit: Deposit }) {
  const { t } = useTranslation();
  const text =
    deposit.status === 'confirming'
      ? t('topUp.status.confirming', { n: deposit.confirmations, total: deposit.confirmationsRequired })
      : t(`topUp.status.${deposit.status}`);
  return (
    <Tag color={COLORS[deposit.status]} fill="outline" data-testid="deposit-status">
      {text}
    </Tag>
  );
}
