import { Button } from 'antd-mobile';
import { AddOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { NavBar } from '../../components/nav-bar';
import { PageBody } from '../../components/page-body';
import { PullToRefresh } from '../../components/pull-to-refresh';
import { Section } from '../../components/section';
import { useTickets } from '../../features/tickets/api/tickets';
import { useLiveTickets } from '../../features/tickets/api/use-live-tickets';
import { NEW_TICKET_PATH } from '../../features/tickets/components/paths';
import { TicketList } from '../../features/tickets/components/ticket-list';
import styles from '../../features/tickets/components/tickets.module.css';

/** My support tickets (work orders), newest first, and the way to open a new one. */
export default function TicketsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tickets = useTickets();
  useLiveTickets();
  const hasTickets = (tickets.data?.pages[0]?.tickets.length ?? 0) > 0;
  const newTicket = (block: boolean) => (
    <Button block={block} color="primary" onClick={() => navigate(NEW_TICKET_PATH)} data-testid="ticket-new">
      <AddOutline aria-hidden="true" /> {t('tickets.newTicket')}
    </Button>
  );
  return (
    <>
      <NavBar title={t('tickets.title')} back />
      <PullToRefresh onRefresh={async () => void (await tickets.refetch())}>
        <PageBody>
          {hasTickets && <div className={styles.newTicket}>{newTicket(true)}</div>}
          <Section title={t('tickets.listTitle')}>
            <TicketList tickets={tickets} emptyAction={newTicket(false)} />
          </Section>
        </PageBody>
      </PullToRefresh>
    </>
  );
}
