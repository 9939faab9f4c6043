import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/error-state';
import { LoadingState } from '../../components/loading-state';
import { Logo } from '../../components/logo';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import { PullToRefresh } from '../../components/pull-to-refresh';
import { Section } from '../../components/section';
import { useMe } from '../../features/account/api/get-me';
import { SignedOutCard } from '../../features/account/components/signed-out-card';
import { PopupAnnouncements } from '../../features/help/components/popup-announcements';
import { useMeta } from '../../features/system/api/get-meta';
import { AssetList } from '../../features/system/components/asset-list';
import { NetworkList } from '../../features/system/components/network-list';
import { RECORDS_QUERY_KEY, useBalances } from '../../features/wallet/api/get-balances';
import { BalanceList } from '../../features/wallet/components/balance-list';
import { BalanceTotal } from '../../features/wallet/components/balance-total';
import { QuickActions } from '../../features/wallet/components/quick-actions';
import { useSignedIn } from '../../lib/session';
import { useDrawnInTransition } from '../../lib/use-drawn-in-transition';
import { useErrorText } from '../../lib/use-error-text';
import { HeroCard } from './hero-card';
import styles from './home.module.css';
import { RecentActivitySection } from './recent-activity-section';

export default function HomePage() {
  const { t } = useTranslation();
  const signedIn = useSignedIn();
  return (
    <>
      <NavBar
        title={
          <span className={styles.brand}>
            <Logo size={26} />
            {t('app.name')}
          </span>
        }
      />
      {signedIn ? <WalletHome /> : <SignedOutHome />}
      <PopupAnnouncements />
    </>
  );
}

/** The signed-in home: what the wallet is worth, the money actions, and every balance. */
function WalletHome() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const balances = useBalances();
  const me = useMe();
  const queryClient = useQueryClient();

  // The display currency changed elsewhere (settings, another device): profile and total disagree.
  // Ask the server for both again, once per disagreement, and show no total in the old currency meanwhile.
  const wanted = me.data?.displayCurrency;
  const totalIn = balances.data?.displayCurrency;
  const mismatch = wanted !== undefined && totalIn !== undefined && totalIn !== wanted;
  const synced = useRef('');
  const { refetch: refetchBalances } = balances;
  const { refetch: refetchMe } = me;
  useEffect(() => {
    const key = `${wanted}>${totalIn}`;
    if (!mismatch || synced.current === key) return;
    synced.current = key;
    void refetchMe();
    void refetchBalances();
  }, [mismatch, wanted, totalIn, refetchMe, refetchBalances]);
  const stale = mismatch && balances.isFetching;
  const drawn = useDrawnInTransition(balances.data !== undefined);
  // What the page shows: nothing in the old currency, and nothing before the first data is drawn.
  const shown = stale || !drawn ? undefined : balances.data;

  return (
    <PullToRefresh
      onRefresh={async () =>
        void (await Promise.all([balances.refetch(), me.refetch(), queryClient.invalidateQueries({ queryKey: RECORDS_QUERY_KEY })]))
      }
    >
      <PageBody>
        {balances.isError ? (
          <Section title={t('home.balances.title')}>
            <ErrorState
              title={t('home.balancesError')}
              description={errorText(balances.error)}
              onRetry={() => void balances.refetch()}
              retrying={balances.isFetching}
            />
          </Section>
        ) : (
          <>
            <BalanceTotal balances={shown} currency={wanted} />
            <Section title={t('home.actions.title')}>
              <QuickActions />
            </Section>
            <Section title={t('home.balances.title')}>{shown ? <BalanceList balances={shown} /> : <LoadingState rows={8} />}</Section>
            <RecentActivitySection />
          </>
        )}
      </PageBody>
    </PullToRefresh>
  );
}

/** Signed out: what the product is, an invitation to sign in, and what it supports. */
function SignedOutHome() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const meta = useMeta();

  return (
    <PullToRefresh onRefresh={async () => void (await meta.refetch())}>
      <PageBody>
        <HeroCard />
        <SignedOutCard returnTo="/" title={t('home.signedOut.title')} description={t('home.signedOut.description')} />
        {meta.isPending ? (
          <>
            <Section title={t('home.assets.title')}>
              <LoadingState rows={5} />
            </Section>
            <Section title={t('home.networks.title')}>
              <LoadingState rows={3} />
            </Section>
          </>
        ) : meta.isError ? (
          <Section title={t('home.assets.title')}>
            <ErrorState
              title={t('home.loadError')}
              description={errorText(meta.error)}
              onRetry={() => void meta.refetch()}
              retrying={meta.isFetching}
              compact
            />
          </Section>
        ) : (
          <>
            <Section title={t('home.assets.title')}>
              <AssetList currencies={meta.data.currencies} />
            </Section>
            <Section title={t('home.networks.title')}>
              <NetworkList networks={meta.data.networks} />
            </Section>
          </>
        )}
      </PageBody>
    </PullToRefresh>
  );
}
