import { useQueryClient } from '@tanstack/react-query';
import type { PublicSnapshot } from '@wallet/contract';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { LinkItem } from '../../components/link-item';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import { PullToRefresh } from '../../components/pull-to-refresh';
import { QueryGate } from '../../components/query-gate';
import { Section } from '../../components/section';
import { RESERVES_QUERY_KEY } from '../../features/reserves/api/keys';
import { usePublicSnapshot } from '../../features/reserves/api/reserves';
import { OpenBreaks } from '../../features/reserves/components/open-breaks';
import { ReserveList } from '../../features/reserves/components/reserve-list';
import styles from '../../features/reserves/components/reserves.module.css';
import { SnapshotHistory } from '../../features/reserves/components/snapshot-history';
import { SnapshotLines } from '../../features/reserves/components/snapshot-lines';
import { formatDateTime } from '../../lib/format';
import { useSignedIn } from '../../lib/session';
import { useAppStore } from '../../lib/store';

/**
 * The public proof of reserves, open to anyone without signing in: the latest snapshot (or the one
 * `?id=` names) with what is owed and held per currency, the Merkle roots members' apps check their
 * proofs against, the reserves, the open reconciliation differences, and every earlier snapshot.
 */
export default function ReservesPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [params] = useSearchParams();
  const id = params.get('id') || null;
  const snapshot = usePublicSnapshot(id);
  return (
    <>
      <NavBar title={t('reserves.title')} back />
      <PullToRefresh onRefresh={() => client.invalidateQueries({ queryKey: RESERVES_QUERY_KEY })}>
        <PageBody>
          <QueryGate query={snapshot} errorTitle={t('reserves.loadError')} rows={10}>
            {(data) =>
              data ? (
                <Snapshot snapshot={data} pinned={id !== null} />
              ) : (
                <EmptyState title={t('reserves.empty')} description={t('reserves.emptyText')} />
              )
            }
          </QueryGate>
          <Section title={t('reserves.history')}>
            <SnapshotHistory shownId={snapshot.data?.id ?? null} />
          </Section>
        </PageBody>
      </PullToRefresh>
    </>
  );
}

function Snapshot({ snapshot, pinned }: { snapshot: PublicSnapshot; pinned: boolean }) {
  const { t } = useTranslation();
  const language = useAppStore((state) => state.language);
  const signedIn = useSignedIn();
  return (
    <>
      <Section title={t('reserves.snapshotOf', { date: formatDateTime(snapshot.cutoffAt, language) })}>
        <div className={styles.rows}>
          <p className={styles.text}>{t('reserves.intro')}</p>
          <p className={styles.muted} data-testid="snapshot-published">
            {t('reserves.publishedAt', { date: formatDateTime(snapshot.publishedAt, language) })}
          </p>
        </div>
        {(signedIn || pinned) && (
          <List>
            {pinned && (
              <LinkItem to="/pages/reserves/index" testId="goto-latest-snapshot">
                {t('reserves.latest')}
              </LinkItem>
            )}
            {signedIn && (
              <LinkItem to="/pages/reserves/mine" testId="goto-my-proof">
                {t('reserves.mineLink')}
              </LinkItem>
            )}
          </List>
        )}
      </Section>
      <Section title={t('reserves.totals')}>
        <SnapshotLines lines={snapshot.lines} />
      </Section>
      <Section title={t('reserves.reservesTitle')}>
        <ReserveList reserves={snapshot.reserves} />
      </Section>
      <Section title={t('reserves.breaksTitle')}>
        <OpenBreaks openBreaks={snapshot.openBreaks} />
      </Section>
    </>
  );
}
