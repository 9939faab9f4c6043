import type { Ticket } from '@wallet/contract';
import { useTranslation } from 'react-i18next';
import { CopyableValue } from '../../../components/copyable-value';
import { FigureList } from '../../../components/figure-list';
import { Section } from '../../../components/section';
import { formatDateTimeAt } from '../../../lib/format';
import { useAppStore } from '../../../lib/store';
import { RatingForm } from './rating-form';
import { ReplyForm } from './reply-form';
import { TicketStatusTag } from './ticket-status-tag';
import { TicketThread } from './ticket-thread';
import styles from './tickets.module.css';

/** One ticket: where it stands, its facts, the conversation, and the reply box or the rating. */
export function TicketDetail({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const language = useAppStore((state) => state.language);
  return (
    <>
      <Section title={t('tickets.detail.title')}>
        <div className={styles.head}>
          <div className={styles.headTitle}>
            <p className={styles.headType} data-testid="ticket-type-label">
              {t(`tickets.type.${ticket.type}`)}
            </p>
            <TicketStatusTag status={ticket.status} />
          </div>
          <p className={styles.note}>
            {ticket.status === 'processing' ? t('tickets.detail.processingText') : t('tickets.detail.completedText')}
          </p>
        </div>
        <FigureList
          className={styles.facts}
          figures={[
            {
              key: 'number',
              label: t('tickets.detail.number'),
              value: <CopyableValue value={ticket.number} label={t('tickets.detail.copyNumber')} testId="ticket-number" />,
            },
            ...(ticket.reference
              ? [
                  {
                    key: 'reference',
                    label: t('tickets.detail.reference'),
                    value: <span className={styles.reference}>{ticket.reference}</span>,
                  },
                ]
              : []),
            { key: 'created', label: t('tickets.detail.createdAt'), value: formatDateTimeAt(ticket.createdAt, language, ticket.timeZone) },
            ...(ticket.completedAt
              ? [
                  {
                    key: 'completed',
                    label: t('tickets.detail.completedAt'),
                    value: formatDateTimeAt(ticket.completedAt, language, ticket.timeZone),
                  },
                ]
              : []),
          ]}
        />
      </Section>
      <Section title={t('tickets.detail.thread')}>
        <TicketThread ticket={ticket} />
        {ticket.status === 'processing' && (
          <div className={styles.replyBox}>
            <ReplyForm ticket={ticket} />
          </div>
        )}
      </Section>
      {ticket.status === 'completed' && (
        <Section title={ticket.rating ? t('tickets.detail.rated') : t('tickets.detail.rateTitle')}>
          <RatingForm ticket={ticket} />
        </Section>
      )}
    </>
  );
}
