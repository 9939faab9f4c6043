import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../lib/store';
import styles from './cards.module.css';

/** Development only on the server side (/dev/issuer exists only there): a way to make the card do something. */
export function SandboxLink() {
  const { t } = useTranslation();
  const serverUrl = useAppStore((state) => state.serverUrl);
  return (
    <p className={styles.notice}>
      <a href={`${serverUrl.replace(/\/+$/, '')}/dev/issuer`} target="_blank" rel="noopener noreferrer" data-testid="sandbox-link">
        {t('cards.sandbox')}
      </a>
    </p>
  );
}
