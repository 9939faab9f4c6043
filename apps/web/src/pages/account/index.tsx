import { APP_VERSION } from '@wallet/contract';
import { List } from 'antd-mobile';
import { LinkOutline } from 'antd-mobile-icons';
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
import { useAppStore } from '../../lib/store';
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

export default function AccountPage() {
  const { t } = useTranslation();
  const signedIn = useSignedIn();
  const me = useMe();
  const serverUrl = useAppStore((state) => state.serverUrl);
  const docsUrl = `${serverUrl.replace(/\/+$/, '')}/docs`;

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
              {/* Not `clickable`: that makes List.Item an <a> itself, and the real link is inside. */}
              <List.Item className={styles.linkItem} arrowIcon={<LinkOutline />} clickable={false}>
                <a className={styles.link} href={docsUrl} target="_blank" rel="noopener noreferrer">
                  {t('account.about.docs')}
                </a>
              </List.Item>
            </List>
          </Section>
        </PageBody>
      </PullToRefresh>
    </>
  );
}
