import { Button } from 'antd-mobile';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { listenForInstallOffer } from '../install-prompt';
import { useOnline } from '../online';
import { applyUpdate, dismissUpdate, startServiceWorker, useServiceWorker } from '../service-worker';
import styles from './app-notices.module.css';
import { APP_PATHS } from './paths';

/** Says so when there is no network: the app then runs from the service worker's copy, without live data. */
function OfflineNotice({ icon }: { icon: ReactNode }) {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return null;
  return (
    <div className={styles.offline} role="status" data-testid="offline-notice">
      <span className={styles.offlineIcon}>{icon}</span>
      <div>
        <p className={styles.noticeTitle}>{t('release.offline.title')}</p>
        <p className={styles.noticeText}>{t('release.offline.text')}</p>
      </div>
    </div>
  );
}

/** "A new version is available": a newer build's worker is waiting. Update switches now; Later hides it. */
function UpdateNotice() {
  const { t } = useTranslation();
  const location = useLocation();
  const needRefresh = useServiceWorker((state) => state.needRefresh);
  const dismissed = useServiceWorker((state) => state.dismissed);
  // The update page shows the same offer in full.
  if (!needRefresh || dismissed || location.pathname === APP_PATHS.update) return null;
  return (
    <section className={styles.update} aria-live="polite" data-testid="update-prompt">
      <div className={styles.updateText}>
        <p className={styles.noticeTitle}>{t('release.prompt.title')}</p>
        <p className={styles.noticeText}>{t('release.prompt.text')}</p>
      </div>
      <div className={styles.updateActions}>
        <Button size="small" fill="outline" className={styles.later} onClick={dismissUpdate}>
          {t('release.prompt.later')}
        </Button>
        <Button size="small" color="primary" onClick={() => void applyUpdate()} data-testid="update-apply">
          {t('release.prompt.update')}
        </Button>
      </div>
    </section>
  );
}

/**
 * Mounted once by the app shell, on every screen: registers the service worker, keeps the browser's
 * install offer for the download page, and shows the offline and update notices.
 */
export function AppNotices({ offlineIcon }: { offlineIcon: ReactNode }) {
  useEffect(() => {
    startServiceWorker();
    listenForInstallOffer();
  }, []);
  return (
    <>
      <OfflineNotice icon={offlineIcon} />
      <UpdateNotice />
    </>
  );
}
