import { useQueryClient } from '@tanstack/react-query';
import type { MyProofs, PublicSnapshot } from '@wallet/contract';
import { List } from 'antd-mobile';
import { CheckCircleFill, CloseCircleFill } from 'antd-mobile-icons';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { LinkItem } from '../../components/link-item';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import { PullToRefresh } from '../../components/pull-to-refresh';
import { QueryGate } from '../../components/query-gate';
import { Section } from '../../components/section';
import { useMe } from '../../features/account/api/get-me';
import { RESERVES_QUERY_KEY } from '../../features/reserves/api/keys';
import { useMyProofs, usePublicSnapshot } from '../../features/reserves/api/reserves';
import { checkMemberProof } from '../../features/reserves/check-proof';
import { ProofCard } from '../../features/reserves/components/proof-card';
import styles from '../../features/reserves/components/reserves.module.css';
import { runAutoCheck } from '../../features/reserves/run-auto-check';
import { formatDateTime } from '../../lib/format';
import { useAppStore } from '../../lib/store';

/**
 * "My proof of reserves": the member's proofs in the latest snapshot, checked here by the app itself
 * against the root published for everyone, with what was checked and the path, and the file to check
 * it without the app. A member the snapshot does not hold (signed up after it) is told so plainly.
 */
export default function MyProofPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const mine = useMyProofs();
  const me = useMe();
  return (
    <>
      <NavBar title={t('reserves.mine.title')} back />
      <PullToRefresh onRefresh={() => client.invalidateQueries({ queryKey: RESERVES_QUERY_KEY })}>
        <PageBody>
          <QueryGate query={mine} errorTitle={t('reserves.mine.loadError')} rows={8}>
            {(data) => (
              <QueryGate query={me} errorTitle={t('reserves.mine.loadError')} rows={8}>
                {(profile) => <Proofs mine={data} uid={profile.uid} />}
              </QueryGate>
            )}
          </QueryGate>
          <Section title={t('reserves.mine.whatTitle')}>
            <div className={styles.rows}>
              <p className={styles.text}>{t('reserves.mine.whatShows')}</p>
              <p className={styles.text}>{t('reserves.mine.whatNot')}</p>
              <p className={styles.muted}>{t('reserves.mine.downloadText')}</p>
              <code className={styles.command} translate="no">
                npm run verify-proof -- FILE
              </code>
            </div>
            <List>
              <LinkItem to="/pages/reserves/index" testId="goto-reserves-public">
                {t('reserves.mine.publicLink')}
              </LinkItem>
            </List>
          </Section>
        </PageBody>
      </PullToRefresh>
    </>
  );
}

function Proofs({ mine, uid }: { mine: MyProofs; uid: string }) {
  const { t } = useTranslation();
  const language = useAppStore((state) => state.language);
  if (!mine.snapshot) return <EmptyState title={t('reserves.mine.noSnapshot')} description={t('reserves.mine.noSnapshotText')} />;
  const date = formatDateTime(mine.snapshot.cutoffAt, language);
  if (mine.proofs.length === 0) {
    return (
      <div data-testid="proof-not-included">
        <EmptyState title={t('reserves.mine.notIncluded', { date })} description={t('reserves.mine.notIncludedText')} />
      </div>
    );
  }
  return <CheckedProofs mine={mine} snapshotId={mine.snapshot.id} date={date} uid={uid} />;
}

function CheckedProofs({ mine, snapshotId, date, uid }: { mine: MyProofs; snapshotId: string; date: string; uid: string }) {
  const { t } = useTranslation();
  const published = usePublicSnapshot(snapshotId);
  return (
    <QueryGate query={published} errorTitle={t('reserves.loadError')} rows={8}>
      {(snapshot) => <ProofResults mine={mine} lines={snapshot?.lines ?? []} date={date} uid={uid} />}
    </QueryGate>
  );
}

type ResultsProps = { mine: MyProofs; lines: PublicSnapshot['lines']; date: string; uid: string };

function ProofResults({ mine, lines, date, uid }: ResultsProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const results = useMemo(
    () => mine.proofs.map((proof) => ({ proof, check: checkMemberProof(proof, uid, lines) })),
    [mine.proofs, uid, lines],
  );
  const allOk = results.every(({ check }) => check.ok);
  const unreported = mine.proofs.some((proof) => !mine.checked[proof.currency]);
  // The app shell's check may not have run yet (opened straight on this page): a result the server
  // lacks is reported now, with the same check and once per snapshot.
  useEffect(() => {
    if (unreported) runAutoCheck(client).catch(() => undefined);
  }, [unreported, client]);
  return (
    <>
      <Section title={t('reserves.mine.title')}>
        <div className={styles.status} data-testid={allOk ? 'proof-included' : 'proof-failed'}>
          {allOk ? (
            <CheckCircleFill className={`${styles.statusIcon} ${styles.ok}`} aria-hidden="true" />
          ) : (
            <CloseCircleFill className={`${styles.statusIcon} ${styles.bad}`} aria-hidden="true" />
          )}
          <h2 className={styles.statusTitle}>{allOk ? t('reserves.mine.included') : t('reserves.mine.failed')}</h2>
          <p className={styles.muted} data-testid="proof-snapshot-date">
            {allOk ? t('reserves.mine.includedText', { date }) : t('reserves.mine.failedText', { date })}
          </p>
        </div>
      </Section>
      <Section title={t('reserves.snapshotOf', { date })}>
        {results.map(({ proof, check }) => (
          <ProofCard key={proof.currency} proof={proof} check={check} reported={Boolean(mine.checked[proof.currency])} />
        ))}
      </Section>
    </>
  );
}
