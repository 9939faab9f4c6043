import { APP_VERSION, LIMITS } from '@wallet/contract';
import { Button, Toast } from 'antd-mobile';
import { CheckCircleOutline, ExclamationCircleOutline, UploadOutline } from 'antd-mobile-icons';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FigureList } from '../../../components/figure-list';
import { useRelease } from '../api/get-release';
import { APP_BUILD } from '../build-info';
import { applyUpdate, checkForNewBuild, useServiceWorker } from '../service-worker';
import styles from './app-release.module.css';

function Status({ icon, tone, title, text }: { icon: ReactNode; tone: 'good' | 'attention' | 'warning'; title: string; text: string }) {
  return (
    <div className={styles.status}>
      <span className={`${styles.statusIcon} ${styles[tone]}`}>{icon}</span>
      <div>
        <p className={styles.statusTitle}>{title}</p>
        <p className={styles.muted}>{text}</p>
      </div>
    </div>
  );
}

/**
 * Whether a newer build is waiting on this device (the service worker found it), and the button that
 * switches to it; otherwise a manual check. Beside it: this build, and the newest published version.
 */
export function UpdateStatus() {
  const { t } = useTranslation();
  const status = useServiceWorker((state) => state.status);
  const needRefresh = useServiceWorker((state) => state.needRefresh);
  const offlineReady = useServiceWorker((state) => state.offlineReady);
  const release = useRelease();
  const [checking, setChecking] = useState(false);
  const [applying, setApplying] = useState(false);

  const toast = (content: string) => Toast.show({ content, duration: LIMITS.client.toastDurationMs });
  const check = async () => {
    setChecking(true);
    try {
      const [found] = await Promise.all([checkForNewBuild(), release.refetch()]);
      if (!found) toast(t('release.update.noneFound'));
    } catch {
      toast(t('release.update.checkFailed'));
    } finally {
      setChecking(false);
    }
  };
  const apply = async () => {
    setApplying(true);
    await applyUpdate();
  };

  const newest = release.data?.latest?.version ?? (release.isError ? t('release.update.loadError') : '…');
  return (
    <>
      <div className={styles.body} data-testid="update-status">
        {needRefresh ? (
          <Status icon={<UploadOutline />} tone="attention" title={t('release.update.ready')} text={t('release.update.readyText')} />
        ) : status === 'unsupported' ? (
          <Status
            icon={<ExclamationCircleOutline />}
            tone="warning"
            title={t('release.update.unsupported')}
            text={t('release.update.unsupportedText')}
          />
        ) : (
          <Status icon={<CheckCircleOutline />} tone="good" title={t('release.update.upToDate')} text={t('release.update.upToDateText')} />
        )}
        {offlineReady && <p className={styles.muted}>{t('release.update.offlineReady')}</p>}
        <div className={styles.actions}>
          {needRefresh ? (
            <Button block color="primary" size="large" loading={applying} onClick={() => void apply()} data-testid="update-now">
              {t('release.update.apply')}
            </Button>
          ) : status === 'unsupported' ? (
            <Button block color="primary" fill="outline" onClick={() => window.location.reload()}>
              {t('release.update.reload')}
            </Button>
          ) : (
            <Button block color="primary" fill="outline" loading={checking} onClick={() => void check()} data-testid="update-check">
              {t('release.update.check')}
            </Button>
          )}
        </div>
      </div>
      <FigureList
        figures={[
          { key: 'this', label: t('release.update.thisVersion'), value: APP_VERSION, testId: 'update-this-version' },
          { key: 'build', label: t('release.update.build'), value: APP_BUILD },
          { key: 'newest', label: t('release.update.newest'), value: newest, testId: 'update-newest' },
        ]}
      />
    </>
  );
}
