import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { NavBar } from '../../../components/nav-bar';
import { PageBody } from '../../../components/page-body';
import { PullToRefresh } from '../../../components/pull-to-refresh';
import { QueryGate } from '../../../components/query-gate';
import { Section } from '../../../components/section';
import { PLACEMENT_QUERY_KEY } from '../../../features/placement/api/keys';
import { useMyPlacement, useRound } from '../../../features/placement/api/rounds';
import { DistributeForm } from '../../../features/placement/components/distribute-form';
import { DistributionHistory } from '../../../features/placement/components/distribution-history';
import { RoundBuy } from '../../../features/placement/components/round-buy';
import { RoundHeader, RoundRules } from '../../../features/placement/components/round-header';
import { RoundTiers } from '../../../features/placement/components/round-tiers';
import { useAppStore } from '../../../lib/store';

/** One round: its figures and rules, the tiers, the calculator and buying; then distribution by email. */
export default function RoundPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  return (
    <>
      <NavBar title={t('placement.detailTitle')} back />
      {id ? <RoundDetail id={id} /> : <EmptyState title={t('placement.noRound')} />}
    </>
  );
}

function RoundDetail({ id }: { id: string }) {
  const { t } = useTranslation();
  const language = useAppStore((state) => state.language);
  const client = useQueryClient();
  const round = useRound(id);
  const mine = useMyPlacement();
  return (
    <PullToRefresh onRefresh={() => client.invalidateQueries({ queryKey: PLACEMENT_QUERY_KEY })}>
      <PageBody>
        <QueryGate query={round} errorTitle={t('placement.roundError')} rows={10}>
          {(data) => (
            <>
              <Section title={<span translate="no">{data.name[language]}</span>}>
                <RoundHeader round={data} />
              </Section>
              <Section title={t('placement.calc.title')}>
                <RoundBuy round={data} refetchRound={() => round.refetch()} />
              </Section>
              <Section title={t('placement.tiers')}>
                <RoundTiers round={data} />
              </Section>
              <Section title={t('placement.rules')}>
                <RoundRules round={data} />
              </Section>
            </>
          )}
        </QueryGate>
        <Section title={t('placement.distribute.title')}>
          <QueryGate query={mine} errorTitle={t('placement.mine.error')} rows={4} compact>
            {(data) => <DistributeForm awaiting={data.awaiting} />}
          </QueryGate>
        </Section>
        <Section title={t('placement.history.title')}>
          <DistributionHistory />
        </Section>
      </PageBody>
    </PullToRefresh>
  );
}
