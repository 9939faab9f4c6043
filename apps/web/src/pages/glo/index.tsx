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
import { useNodeDashboard, useNodeOffer } from '../../features/placement/api/nodes';
import { NodeAllocateForm } from '../../features/placement/components/node-allocate-form';
import { NodeBuyForm } from '../../features/placement/components/node-buy-form';
import { NodeFigures } from '../../features/placement/components/node-figures';
import { NodeLogs } from '../../features/placement/components/node-logs';

/** The node dashboard: nodes held and the upgrade, buying small nodes, allocating, and the logs. */
export default function NodeDashboardPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const dashboard = useNodeDashboard();
  const offer = useNodeOffer();
  return (
    <>
      <NavBar title={t('nodes.dashboard.title')} back />
      <PullToRefresh onRefresh={() => client.invalidateQueries({ queryKey: PLACEMENT_QUERY_KEY })}>
        <PageBody>
          <QueryGate query={offer} errorTitle={t('nodes.offerError')} rows={12}>
            {(offerData) => (
              <>
                <Section title={t('nodes.dashboard.mine')}>
                  <QueryGate query={dashboard} errorTitle={t('nodes.dashboard.error')} rows={6} compact>
                    {(data) => <NodeFigures dashboard={data} offer={offerData} />}
                  </QueryGate>
                </Section>
                <Section title={t('nodes.buy.title')}>
                  <NodeBuyForm offer={offerData} refetchOffer={() => offer.refetch()} />
                </Section>
                <Section title={t('nodes.allocate.title')}>
                  <NodeAllocateForm offer={offerData} />
                </Section>
              </>
            )}
          </QueryGate>
          <Section title={t('nodes.more')}>
            <List>
              <LinkItem to="/pages/jiefen/index" testId="goto-rewards">
                {t('nodes.rewards.title')}
              </LinkItem>
              <LinkItem to="/pages/global/index" testId="goto-large-node">
                {t('nodes.apply.title')}
              </LinkItem>
            </List>
          </Section>
          <Section title={t('nodes.logs.title')}>
            <NodeLogs />
          </Section>
        </PageBody>
      </PullToRefresh>
    </>
  );
}
