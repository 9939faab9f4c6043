import { useQueryClient } from '@tanstack/react-query';
import { isRewardStatus } from '@wallet/contract';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import { PullToRefresh } from '../../components/pull-to-refresh';
import { QueryGate } from '../../components/query-gate';
import { Section } from '../../components/section';
import { useAgencySummary } from '../../features/invitation/api/get-agency-summary';
import type { RewardFilters } from '../../features/invitation/api/get-rewards';
import { INVITATION_QUERY_KEY } from '../../features/invitation/api/keys';
import { AgencyFigures } from '../../features/invitation/components/agency-figures';
import { EarningsChart } from '../../features/invitation/components/earnings-chart';
import { HandTicketButton } from '../../features/invitation/components/hand-ticket-sheet';
import { RewardLog } from '../../features/invitation/components/reward-log';

/** The filters live in the address (?status=pending&type=16), so going back returns to the same log. */
function filtersOf(params: URLSearchParams): RewardFilters {
  const status = params.get('status');
  const type = Number(params.get('type'));
  return { status: isRewardStatus(status) ? status : null, type: Number.isInteger(type) && type > 0 ? type : null };
}

/** The agency centre: role and team, tickets, earnings per currency, the 30-day chart and the reward log. */
export default function AgencyPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const summary = useAgencySummary();
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const setFilters = (next: RewardFilters) => {
    const query = new URLSearchParams();
    if (next.status) query.set('status', next.status);
    if (next.type !== null) query.set('type', String(next.type));
    setParams(query, { replace: true });
  };
  return (
    <>
      <NavBar title={t('invitation.agency.title')} back />
      <PullToRefresh onRefresh={() => client.invalidateQueries({ queryKey: INVITATION_QUERY_KEY })}>
        <PageBody>
          <QueryGate query={summary} errorTitle={t('invitation.agency.loadError')} rows={8}>
            {(data) => (
              <AgencyFigures summary={data} ticketAction={data.role ? <HandTicketButton remaining={data.tickets.remaining} /> : null} />
            )}
          </QueryGate>
          <Section title={t('invitation.agency.chart')}>
            <EarningsChart />
          </Section>
          <Section title={t('invitation.log.title')}>
            <RewardLog filters={filters} onChange={setFilters} />
          </Section>
        </PageBody>
      </PullToRefresh>
    </>
  );
}
