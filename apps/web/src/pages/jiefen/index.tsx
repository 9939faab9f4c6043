import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import { PullToRefresh } from '../../components/pull-to-refresh';
import { Section } from '../../components/section';
import { placementKeys } from '../../features/placement/api/keys';
import { RewardList } from '../../features/placement/components/reward-list';

/** My node rewards from the D-pool, a period each, with the Merkle check of my line. */
export default function NodeRewardsPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  return (
    <>
      <NavBar title={t('nodes.rewards.title')} back />
      <PullToRefresh onRefresh={() => client.invalidateQueries({ queryKey: placementKeys.rewards })}>
        <PageBody>
          <Section title={t('nodes.rewards.list')}>
            <RewardList />
          </Section>
        </PageBody>
      </PullToRefresh>
    </>
  );
}
