import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Recipient } from '../api/get-recipient';
import styles from './transfer.module.css';

type Props = { recipient: Recipient; action?: ReactNode };

/** Who the money goes to: nickname or masked email, and the UID, so a wrong UID shows before paying. */
export function RecipientCard({ recipient, action }: Props) {
  const { t } = useTranslation();
  return (
    <div className={styles.recipient} data-testid="recipient">
      <span className={styles.avatar} aria-hidden="true">
        {recipient.displayName.slice(0, 1).toUpperCase()}
      </span>
      <div className={styles.recipientText}>
        <p className={styles.recipientName} data-testid="recipient-name">
          {recipient.displayName}
        </p>
        <p className={styles.recipientUid}>{t('transfer.uidValue', { uid: recipient.uid })}</p>
      </div>
      {action}
    </div>
  );
}
