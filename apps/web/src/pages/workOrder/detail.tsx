import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import { PullToRefresh } from '../../components/pull-to-refresh';
import { QueryGate } from '../../components/query-gate';
import { useTicket } from '../../features/tickets/api/tickets';
import { useLiveTickets } from '../../features/tickets/api/use-live-tickets';
import { TICKETS_PATH } from '../../features/tickets/components/paths';
import { TicketDetail } from '../../features/tickets/components/ticket-detail';

/** One support ticket (`?id=`): its conversation, kept current by live events, and the reply or rating. */
export default function TicketPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  return id ? <TicketScreen id={id} /> : <Navigate to={TICKETS_PATH} replace />;
}

function TicketScreen({ id }: { id: string }) {
  const { t } = useTranslation();
  const ticket = useTicket(id);
  useLiveTickets();
  return (
    <>
      <NavBar title={t('tickets.detail.title')} back />
      <PullToRefresh onRefresh={async () => void (await ticket.refetch())}>
        <PageBody>
          <QueryGate query={ticket} errorTitle={t('tickets.loadOneError')} rows={8}>
            {(data) => <TicketDetail ticket={data} />}
          </QueryGate>
        </PageBody>
      </PullToRefresh>
    </>
  );
}
