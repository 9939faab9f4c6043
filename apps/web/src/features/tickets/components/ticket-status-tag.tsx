import type { TicketStatus } from '@wallet/contract';
import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

const COLORS: Readonly<Record<TicketStatus, 'primary' | 'success'>> = { processing: 'primary', completed: 'success' };

/** Where a ticket stands: processing (teal), completed (green). */
export function TicketStatusTag({ status }: { status: TicketStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status]} fill="outline" data-testid="ticket-status" data-status={status}>
      {t(`tickets.status.${status}`)}
    </Tag>
  );
}
