import type { Ticket, TicketAttachment, TicketAuthor } from '@wallet/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTimeAt } from '../../../lib/format';
import { useAppStore } from '../../../lib/store';
import { AttachmentThumbs } from './attachment-thumbs';
import styles from './tickets.module.css';

type Bubble = { key: string; author: TicketAuthor; body: string; at: string; attachments: TicketAttachment[] };

/**
 * The conversation like a chat: the member's description first, then each reply, the member's on the
 * right and support's on the left, each with its time and screenshots.
 */
export function TicketThread({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const language = useAppStore((state) => state.language);
  const bubbles: Bubble[] = [
    { key: 'description', author: 'member', body: ticket.description, at: ticket.createdAt, attachments: ticket.attachments },
    ...ticket.messages.map((m) => ({ key: m.id, author: m.author, body: m.body, at: m.createdAt, attachments: m.attachments })),
  ];
  return (
    <ol className={styles.thread} data-testid="ticket-thread" aria-live="polite">
      {bubbles.map((bubble) => (
        <li
          key={bubble.key}
          className={bubble.author === 'member' ? `${styles.message} ${styles.mine}` : `${styles.message} ${styles.theirs}`}
          data-testid="ticket-message"
          data-author={bubble.author}
        >
          <div className={styles.messageHead}>
            <span className={styles.author}>{bubble.author === 'member' ? t('tickets.detail.you') : t('tickets.detail.support')}</span>
            <time dateTime={bubble.at}>{formatDateTimeAt(bubble.at, language, ticket.timeZone)}</time>
          </div>
          <div className={styles.bubble}>
            <p className={styles.body} translate="no">
              {bubble.body}
            </p>
            <AttachmentThumbs attachments={bubble.attachments} />
          </div>
        </li>
      ))}
      {ticket.messages.length === 0 && <li className={styles.noReplies}>{t('tickets.detail.noReplies')}</li>}
    </ol>
  );
}
