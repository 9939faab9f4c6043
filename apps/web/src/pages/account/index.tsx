import { APP_VERSION } from '@wallet/contract';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/error-state';
import { LoadingState } from '../../components/loading-state';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import { PullToRefresh } from '../../components/pull-to-refresh';
import { Section } from '../../components/section';
import { useMe } from '../../features/account/api/get-me';
import { AccountEntries } from '../../features/account/components/account-entries';
import { AccountSummary } from '../../features/account/components/account-summary';
import { ProfileLanguageSync } from '../../features/account/components/profile-language-sync';
import { SignedOutCard } from '../../features/account/components/signed-out-card';
import { LanguagePicker } from '../../features/settings/components/language-picker';
import { useSignedIn } from '../../lib/session';
import { useErrorText } from '../../lib/use-error-text';
import styles from './account.module.css';

function SignedInAccount() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const me = useMe();
  if (me.isPending) return <LoadingState rows={6} />;
  if (me.isError) {
    return (
      <Section title={t('account.profile.title')}>
        <ErrorState
          title={t('account.loadError')}
          description={errorText(me.error)}
          onRetry={() => void me.refetch()}
          retrying={me.isFetching}
          compact
        />
      </Section>
    );
  }
  return (
    <>
      <ProfileLanguageSync />
      <AccountSummary profile={me.data} />
      <AccountEntries />
    </>
  );
}

/** The Account tab. The API documentation is for integrators, not members: it is at /docs on the server, not here. */
export default function AccountPage() {
  const { t } = useTranslation();
  const signedIn = useSignedIn();
  const me = useMe();

  return (
    <>
      <NavBar title={t('tabs.account')} />
      <PullToRefresh
        onRefresh={async () => {
          if (signedIn) await me.refetch();
        }}
        disabled={!signedIn}
      >
        <PageBody>
          {signedIn ? <SignedInAccount /> : <SignedOutCard returnTo="/pages/account/index" />}
          <LanguagePicker />
          <Section title={t('account.about.title')}>
            <List>
              <List.Item extra={<span className={styles.version}>{APP_VERSION}</span>}>{t('account.about.version')}</List.Item>
            </List>
          </Section>
        </PageBody>
      </PullToRefresh>
    </>
  );
}
