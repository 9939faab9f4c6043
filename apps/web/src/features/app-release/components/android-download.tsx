import type { AndroidPackage } from '@wallet/contract';
import { DownlandOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { CopyableValue } from '../../../components/copyable-value';
import { EmptyState } from '../../../components/empty-state';
import { FigureList } from '../../../components/figure-list';
import { QueryGate } from '../../../components/query-gate';
import { useAppStore } from '../../../lib/store';
import { useRelease } from '../api/get-release';
import { useInstallState } from '../install-prompt';
import { formatBytes } from '../platform';
import styles from './app-release.module.css';
import { InstallButton } from './install-steps';

/** A package on this server is a path: it is fetched from the API server the app talks to. */
function packageUrl(android: AndroidPackage, serverUrl: string): string {
  return android.url.startsWith('/') ? `${serverUrl.replace(/\/+$/, '')}${android.url}` : android.url;
}

function Package({ version, android }: { version: string; android: AndroidPackage }) {
  const { t } = useTranslation();
  const serverUrl = useAppStore((state) => state.serverUrl);
  const size = formatBytes(android.size);
  return (
    <div className={styles.body}>
      <p className={styles.statusTitle}>{t('release.download.android.heading')}</p>
      <FigureList
        className={styles.flush}
        figures={[
          { key: 'version', label: t('release.download.android.version'), value: version, testId: 'android-version' },
          { key: 'size', label: t('release.download.android.size'), value: size },
        ]}
      />
      {/* A plain link: the phone's browser downloads it and hands it to the installer. */}
      <a className={styles.downloadLink} href={packageUrl(android, serverUrl)} download data-testid="android-download">
        <DownlandOutline />
        {t('release.download.android.button', { size })}
      </a>
      <div>
        <p className={styles.checksumLabel}>{t('release.download.android.checksum')}</p>
        <CopyableValue value={android.sha256} label={t('release.download.android.copyChecksum')} testId="android-sha256" />
      </div>
      <p className={styles.muted}>{t('release.download.android.verify')}</p>
      <p className={styles.statusTitle}>{t('release.download.android.trouble')}</p>
      <ul className={styles.troubles}>
        <li>{t('release.download.android.failed')}</li>
        <li>{t('release.download.android.saveFailed')}</li>
        <li>{t('release.download.android.installFailed')}</li>
      </ul>
    </div>
  );
}

/** The operator's Android package (link, size, SHA-256), or word that none is published yet. */
export function AndroidDownload() {
  const { t } = useTranslation();
  const release = useRelease();
  const canInstall = useInstallState((state) => state.canInstall);
  return (
    <QueryGate query={release} errorTitle={t('release.download.android.loadError')} compact>
      {(check) =>
        check.latest?.android ? (
          <Package version={check.latest.version} android={check.latest.android} />
        ) : (
          <EmptyState
            compact
            image={<DownlandOutline />}
            title={t('release.download.android.notPublished')}
            description={t('release.download.android.notPublishedText')}
          >
            {canInstall ? <InstallButton /> : undefined}
          </EmptyState>
        )
      }
    </QueryGate>
  );
}
