import type { AppReleaseCheckReply } from '@wallet/contract';
import { CheckCircleOutline, ExclamationCircleOutline, UploadOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from './app-release.module.css';
import { APP_PATHS } from './paths';

/** Up to date, a newer version published, or this version no longer allowed (from the update check). */
export function VersionStatus({ check }: { check: AppReleaseCheckReply }) {
  const { t } = useTranslation();
  const latest = check.latest;
  if (!latest || !check.updateAvailable) {
    return (
      <div className={`${styles.body} ${styles.status}`} data-testid="version-status">
        <CheckCircleOutline className={`${styles.statusIcon} ${styles.good}`} />
        <p className={styles.statusTitle}>{t('release.version.upToDate')}</p>
      </div>
    );
  }
  return (
    <div className={`${styles.body} ${styles.status}`} data-testid="version-status">
      {check.updateRequired ? (
        <ExclamationCircleOutline className={`${styles.statusIcon} ${styles.warning}`} />
      ) : (
        <UploadOutline className={`${styles.statusIcon} ${styles.attention}`} />
      )}
      <div>
        <p className={styles.statusTitle}>{t('release.version.newer', { version: latest.version })}</p>
        <p className={styles.muted}>{check.updateRequired ? t('release.version.required') : t('release.version.newerText')}</p>
        <Link to={APP_PATHS.update}>{t('release.version.update')}</Link>
      </div>
    </div>
  );
}
