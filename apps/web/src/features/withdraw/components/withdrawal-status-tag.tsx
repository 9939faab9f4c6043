import type { Withdrawal } from '@wallet/contract';
import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

type Status = Withdrawal['status'];

const COLORS: Readonly<Record<Status, 'default' | 'primary' | 'success' | 'warning' | 'danger'>> = {
  pending_review: 'warning',
  approved: 'primary',
  sending: 'primary',
  confirming: 'primary',
  completed: 'success',
  rejected: 'danger',
  failed: 'danger',
};

/** Where a withdrawal stands, coloured: waiting (amber), on its way (teal), arrived (green), refused or failed (red). */
export function WithdrawalStatusTag({ status }: { status: Status }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status]} fill="outline" data-testid="withdrawal-status">
      {t(`orders.status.${status}`)}
    </Tag>
  );
}

/**
 * The sentence that follows a withdrawal request, true to its status: only one that waits for review
 * says so; one approved automatically is on its way.
 */
export function withdrawalDoneKey(status: Status) {
  switch (status) {
    case 'pending_review':
      return 'amounts.withdrawOnHold' as const;
    case 'completed':
      return 'withdrawalEvents.done.completed' as const;
    case 'rejected':
    case 'failed':
      return 'withdrawalEvents.done.refunded' as const;
    default:
      return 'withdrawalEvents.done.sending' as const;
  }
}
