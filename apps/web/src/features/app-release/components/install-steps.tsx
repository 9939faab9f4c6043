import { Button } from 'antd-mobile';
import { CheckCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { promptInstall, useInstallState } from '../install-prompt';
import styles from './app-release.module.css';

const STEPS = {
  ios: ['release.download.ios.step1', 'release.download.ios.step2', 'release.download.ios.step3', 'release.download.ios.step4'],
  desktop: ['release.download.desktop.step1', 'release.download.desktop.step2', 'release.download.desktop.step3'],
} as const;

/** The browser's own install dialog, offered only when the browser said it would install the app (beforeinstallprompt). */
export function InstallButton() {
  const { t } = useTranslation();
  const canInstall = useInstallState((state) => state.canInstall);
  if (!canInstall) return null;
  return (
    <Button block color="primary" size="large" onClick={() => void promptInstall()} data-testid="install-app">
      {t('release.download.install')}
    </Button>
  );
}

/**
 * How to install the web app where the Android package does not run: Safari's "Add to Home Screen",
 * or the browser's install. When the browser offered to install (beforeinstallprompt), one button does it.
 */
export function InstallSteps({ platform }: { platform: 'ios' | 'desktop' }) {
  const { t } = useTranslation();
  const installed = useInstallState((state) => state.installed);
  return (
    <div className={styles.body} data-testid={`install-${platform}`}>
      <p className={styles.statusTitle}>{t(`release.download.${platform}.heading`)}</p>
      {installed ? (
        <div className={styles.status}>
          <CheckCircleOutline className={`${styles.statusIcon} ${styles.good}`} />
          <p className={styles.paragraph}>{t('release.download.installed')}</p>
        </div>
      ) : (
        <>
          <ol className={styles.steps}>
            {STEPS[platform].map((key) => (
              <li key={key}>{t(key)}</li>
            ))}
          </ol>
          <InstallButton />
        </>
      )}
    </div>
  );
}
