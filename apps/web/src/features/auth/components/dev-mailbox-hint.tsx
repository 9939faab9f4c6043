import { MailOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../lib/store';
import styles from './auth.module.css';

/** Development servers keep mail in an outbox instead of sending it: say where the codes are. */
export function DevMailboxHint({ show }: { show: boolean | undefined }) {
  const { t } = useTranslation();
  const serverUrl = useAppStore((state) => state.serverUrl);
  if (!show) return null;
  return (
    <p className={styles.devHint} data-testid="dev-mailbox-hint">
      <MailOutline aria-hidden="true" />
      <a href={`${serverUrl.replace(/\/+$/, '')}/dev/mail`} target="_blank" rel="noopener noreferrer">
        {t('auth.devMailbox')}
      </a>
    </p>
  );
}
