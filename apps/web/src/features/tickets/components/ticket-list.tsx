import { Badge } from 'antd-mobile';
import { FileOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { OrderList, OrderRow } from '../../../components/order-rows';
import { PagedList } from '../../../components/paged-list';
import { formatDateTimeAt } from '../../../lib/format';
import { useAppStore } from '../../../lib/store';
import type { useTickets } from '../api/tickets';
import { ticketPath } from './paths';
import { TicketStatusTag } from './ticket-status-tag';
import styles from './tickets.module.css';

/** My tickets, newest first: type, status, number and date, the start of the description; "new reply" when support answered last. */
export function TicketList({ tickets, emptyAction }: { tickets: ReturnType<typeof useTickets>; emptyAction: ReactNode }) {
  const { t } = useTranslation();
  const language = useAppStore((state) => state.language);
  return (
    <PagedList
      pages={tickets}
      itemsOf={(page) => page.tickets}
      errorTitle={t('tickets.loadError')}
      empty={
        <EmptyState image={<FileOutline />} title={t('tickets.empty')} description={t('tickets.emptyText')}>
          {emptyAction}
        </EmptyState>
      }
      endText={t('tickets.end')}
    >
      {(items) => (
        <OrderList testId="ticket-list">
          {items.map((ticket) => (
            <OrderRow
              key={ticket.id}
              to={ticketPath(ticket.id)}
              testId="ticket-row"
              amount={
                <span className={styles.rowTitle}>
                  {t(`tickets.type.${ticket.type}`)}
                  {ticket.status === 'processing' && ticket.lastReplyBy === 'operator' && (
                    <Badge content={t('tickets.newReply')} className={styles.newReply} data-testid="ticket-new-reply" />
                  )}
                </span>
              }
              status={<TicketStatusTag status={ticket.status} />}
              meta={
                <>
                  {/* The member's own words, in whatever language they wrote them. */}
                  <span className={styles.excerpt} translate="no">
                    {ticket.excerpt}
                  </span>
                  <span data-testid="ticket-row-number">{ticket.number}</span>
                  <span>{formatDateTimeAt(ticket.createdAt, language, ticket.timeZone)}</span>
                </>
              }
            />
          ))}
        </OrderList>
      )}
    </PagedList>
  );
}
