import { ExclamationCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import styles from './app-release.module.css';

/** PRODUCT_SPEC.md section 8: the app download and install works on Android only. */
export function AndroidOnlyNote({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <p className={className ? `${styles.note} ${className}` : styles.note} data-testid="android-only">
      <ExclamationCircleOutline className={styles.noteIcon} />
      <span>{t('release.download.androidOnly')}</span>
    </p>
  );
}
