import { RightOutline } from 'antd-mobile-icons';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useRecentRecipients } from '../api/get-recent-recipients';
import type { Recipient } from '../api/get-recipient';
import styles from './transfer.module.css';

type Props = { onPick: (recipient: Recipient) => void };

/**
 * The members I paid lately, one tap from paying again. An aid beside the UID field, so it is left
 * out rather than shown as an error when it cannot load, and when I have paid no one yet.
 */
export function RecentRecipients({ onPick }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const recent = useRecentRecipients();
  const recipients = recent.data?.recipients ?? [];
  if (recipients.length === 0) return null;
  return (
    <section className={styles.recent} aria-labelledby={titleId} data-testid="recent-recipients">
      <h3 id={titleId} className={styles.recentTitle}>
        {t('transfer.recentTitle')}
      </h3>
      <ul className={styles.recentList}>
        {recipients.map((recipient) => (
          <li key={recipient.uid}>
            <button type="button" className={styles.recentItem} onClick={() => onPick(recipient)} data-testid="recent-recipient">
              <span className={styles.avatar} aria-hidden="true">
                {recipient.displayName.slice(0, 1).toUpperCase()}
              </span>
              <span className={styles.recipientText}>
                <span className={styles.recipientName} translate="no" data-testid="recent-recipient-name">
                  {recipient.displayName}
                </span>
                <span className={styles.recipientUid}>{t('transfer.uidValue', { uid: recipient.uid })}</span>
              </span>
              <RightOutline className={styles.recentArrow} aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
