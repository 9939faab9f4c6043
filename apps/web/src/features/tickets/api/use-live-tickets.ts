import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvent } from '../../../lib/live-events';
import { TICKETS_QUERY_KEY } from './keys';

/**
 * While a ticket screen is open: an operator's reply or a ticket completed elsewhere (a `ticket`
 * event) reads the tickets again, and so does a reconnected stream, which may have missed one.
 */
export function useLiveTickets(): void {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: TICKETS_QUERY_KEY });
  useLiveEvent('ticket', refresh);
  useLiveEvent('ready', refresh);
}
