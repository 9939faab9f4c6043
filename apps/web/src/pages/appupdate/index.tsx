import { useTranslation } from 'react-i18next';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import styles from '../../features/app-release/components/app-release.module.css';
import { AppSummary } from '../../features/app-release/components/app-summary';
import { UpdateStatus } from '../../features/app-release/components/update-status';

/** "A new version is available" in full: what is waiting on this device, and the button that applies it. */
export default function AppUpdatePage() {
  const { t } = useTranslation();
  return (
    <>
      <NavBar title={t('release.update.title')} back />
      <PageBody>
        <div className={styles.card}>
          <AppSummary />
        </div>
        <div className={styles.card}>
          <UpdateStatus />
        </div>
      </PageBody>
    </>
  );
}
