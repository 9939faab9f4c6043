import { useQueryClient } from '@tanstack/react-query';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { LinkItem } from '../../components/link-item';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import { PullToRefresh } from '../../components/pull-to-refresh';
import { QueryGate } from '../../components/query-gate';
import { Section } from '../../components/section';
import { PLACEMENT_QUERY_KEY } from '../../features/placement/api/keys';
import { useMyPlacement, useRounds } from '../../features/placement/api/rounds';
import { DistributionHistory } from '../../features/placement/components/distribution-history';
import { MyPlacementFigures } from '../../features/placement/components/my-placement';
import { RoundList } from '../../features/placement/components/round-list';

/** Private placement: the rounds, my placement, the way to the node screens, and the distribution history. */
export default function PlacementPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const rounds = useRounds();
  const mine = useMyPlacement();
  return (
    <>
      <NavBar title={t('placement.title')} back />
      <PullToRefresh onRefresh={() => client.invalidateQueries({ queryKey: PLACEMENT_QUERY_KEY })}>
        <PageBody>
          <Section title={t('placement.rounds')}>
            <QueryGate query={rounds} errorTitle={t('placement.roundsError')} rows={6} compact>
              {(data) => <RoundList rounds={data.rounds} />}
            </QueryGate>
          </Section>
          <Section title={t('placement.mine.title')}>
            <QueryGate query={mine} errorTitle={t('placement.mine.error')} rows={8} compact>
              {(data) => <MyPlacementFigures mine={data} />}
            </QueryGate>
          </Section>
          <Section title={t('placement.nodesSection')}>
            <List>
              <LinkItem to="/pages/glo/index" testId="goto-nodes">
                {t('nodes.dashboard.title')}
              </LinkItem>
              <LinkItem to="/pages/global/index" testId="goto-large-node">
                {t('nodes.apply.title')}
              </LinkItem>
              <LinkItem to="/pages/jiefen/index" testId="goto-rewards">
                {t('nodes.rewards.title')}
              </LinkItem>
            </List>
          </Section>
          <Section title={t('placement.history.title')}>
            <DistributionHistory />
          </Section>
        </PageBody>
      </PullToRefresh>
    </>
  );
}
