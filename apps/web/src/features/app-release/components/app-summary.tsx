import { APP_VERSION } from '@wallet/contract';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../../components/logo';
import { APP_BUILD } from '../build-info';
import styles from './app-release.module.css';

/** The app's mark, name, version (one source: the contract's APP_VERSION) and build. */
export function AppSummary({ tagline }: { tagline?: string }) {
  const { t } = useTranslation();
  return (
    <div className={styles.summary}>
      <Logo size={64} />
      <p className={styles.summaryName}>{t('app.name')}</p>
      <p className={styles.summaryLine} data-testid="app-version">
        {t('release.version.version', { version: APP_VERSION })}
      </p>
      <p className={styles.summaryLine} data-testid="app-build">
        {t('release.version.build', { build: APP_BUILD })}
      </p>
      {tagline && <p className={styles.summaryLine}>{tagline}</p>}
    </div>
  );
}
