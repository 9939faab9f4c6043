import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import { Section } from '../../components/section';
import { useMe } from '../../features/account/api/get-me';
import { DisplayCurrencyPicker } from '../../features/account/components/display-currency-picker';
import { ProfileLanguageSync } from '../../features/account/components/profile-language-sync';
import { SessionList } from '../../features/account/components/session-list';
import { SettingsLinks } from '../../features/app-release/components/settings-links';
import { LanguagePicker } from '../../features/settings/components/language-picker';
import { useLogout } from '../../lib/queries/logout';
import { useClearSession } from '../../lib/session';
import styles from './manage-sun.module.css';

/** Settings: language and display currency (saved to the profile), signed-in devices, log out. */
export default function SettingsPage() {
  const { t } = useTranslation();
  const me = useMe();
  const logout = useLogout();
  const clearSession = useClearSession();

  return (
    <>
      <NavBar title={t('settings.title')} back />
      <PageBody>
        <ProfileLanguageSync />
        <LanguagePicker />
        <Section title={t('settings.display')}>
          <DisplayCurrencyPicker value={me.data?.displayCurrency} />
        </Section>
        <SessionList />
        <SettingsLinks />
        <div className={styles.logout}>
          {/* Signed out here whatever the server answers: a lost connection must not keep anyone signed in. */}
          <Button
            block
            size="large"
            color="danger"
            fill="outline"
            loading={logout.isPending}
            onClick={() => logout.mutate(undefined, { onSettled: clearSession })}
            data-testid="logout"
          >
            {t('settings.logout')}
          </Button>
        </div>
      </PageBody>
    </>
  );
}
