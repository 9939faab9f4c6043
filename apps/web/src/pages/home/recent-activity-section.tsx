import { type ComponentType, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorState } from '../../components/error-state';
import { LoadingState } from '../../components/loading-state';
import { Section } from '../../components/section';
import { wholeCatalogueReady } from '../../lib/i18n';
import { useErrorText } from '../../lib/use-error-text';
import styles from './home.module.css';

const RECORDS_PATH = '/pages/recordsSun/index';
const RECENT_ROWS = 5;

let loading: Promise<ComponentType> | null = null;

/** The list, its query and the records' texts come with the whole catalogue, after the first screen; a failed fetch may be tried again. */
function loadRecentActivity(): Promise<ComponentType> {
  loading ??= Promise.all([import('../../features/wallet/components/recent-activity'), wholeCatalogueReady()]).then(
    ([module]) => module.default,
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

type Loaded = { component: ComponentType } | { error: unknown };

/** The list once its chunk is in: a placeholder meanwhile, a retryable failure if it does not come. */
function RecentActivity() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const waiting = loaded === null;
  useEffect(() => {
    if (!waiting) return;
    let current = true;
    loadRecentActivity().then(
      (component) => current && setLoaded({ component }),
      (error: unknown) => current && setLoaded({ error }),
    );
    return () => {
      current = false;
    };
  }, [waiting]);
  if (loaded === null) return <LoadingState rows={RECENT_ROWS} />;
  if ('error' in loaded) {
    return <ErrorState title={t('home.recent.loadError')} description={errorText(loaded.error)} onRetry={() => setLoaded(null)} compact />;
  }
  const List = loaded.component;
  return <List />;
}

/**
 * True once the element is on screen: below the fold, the section (its chunk, the records' query and
 * the whole catalogue) waits until it is scrolled to, so opening home does not fetch it.
 */
function useNearViewport<E extends Element>() {
  const ref = useRef<E>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') return setNear(true);
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return [ref, near] as const;
}

/** The member's last records under home's balances, each opening its detail, and a way to all of them. */
export function RecentActivitySection() {
  const { t } = useTranslation();
  const [ref, near] = useNearViewport<HTMLDivElement>();
  return (
    <Section
      title={t('home.recent.title')}
      action={
        <Link to={RECORDS_PATH} className={styles.seeAll} data-testid="recent-see-all">
          {t('home.recent.seeAll')}
        </Link>
      }
    >
      <div ref={ref} data-testid="recent-slot">
        {/* Below the fold, room kept without a skeleton: nothing is loading until it is scrolled to. */}
        {near ? <RecentActivity /> : <div className={styles.recentRoom} />}
      </div>
    </Section>
  );
}
