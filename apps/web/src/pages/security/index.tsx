import { useTranslation } from 'react-i18next';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import { AppLockSettings } from '../../features/app-lock/app-lock-settings';
import { SecuritySettings } from '../../features/second-factor/security-settings';

/** The app lock, and two-step verification: passkeys, an authenticator app and recovery codes. */
export default function SecurityPage() {
  const { t } = useTranslation();
  return (
    <>
      <NavBar title={t('secondFactor.page.title')} back />
      <PageBody>
        <AppLockSettings />
        <SecuritySettings />
      </PageBody>
    </>
  );
}
