import { PullToRefresh } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/error-state';
import { LoadingState } from '../../components/loading-state';
import { Logo } from '../../components/logo';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import { Section } from '../../components/section';
import { useMeta } from '../../features/system/api/get-meta';
import { AssetList } from '../../features/system/components/asset-list';
import { NetworkList } from '../../features/system/components/network-list';
import { useErrorText } from '../../lib/use-error-text';
import { HeroCard } from './hero-card';
import styles from './home.module.css';

export default function HomePage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const meta = useMeta();

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
      <PullToRefresh onRefresh={() => meta.refetch()}>
        <PageBody>
          <HeroCard />
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
    </>
  );
}
