import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  IDEMPOTENCY_HEADER,
  type Ticket,
  type ticketCreateBodySchema,
  ticketListReplySchema,
  type ticketRatingBodySchema,
  type ticketReplyBodySchema,
  ticketSchema,
} from '@wallet/contract';
import { api } from '../../../lib/api';
import { useLiveStatus } from '../../../lib/live-events';
import type { Parsed } from '../../../lib/schema-types';
import { useSignedIn } from '../../../lib/session';
import { TICKET_LIST_QUERY_KEY, ticketQueryKey } from './keys';

const PAGE_SIZE = 20;
/** Without the live stream, an open ticket is read again this often, so an answer still shows up. */
const POLL_MS = 15_000;

export type TicketPage = Parsed<typeof ticketListReplySchema>;

export function getTickets({ cursor, signal }: { cursor?: string | null; signal?: AbortSignal } = {}): Promise<TicketPage> {
  const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  return api.get(`/api/v1/tickets?${query}`, { signal, schema: ticketListReplySchema });
}

export const ticketsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: TICKET_LIST_QUERY_KEY,
    queryFn: ({ pageParam, signal }) => getTickets({ cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** My tickets, newest first, a page at a time. */
export function useTickets() {
  const signedIn = useSignedIn();
  return useInfiniteQuery({ ...ticketsQueryOptions(), enabled: signedIn });
}

export function getTicket(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<Ticket> {
  return api.get(`/api/v1/tickets/${encodeURIComponent(id)}`, { signal, schema: ticketSchema });
}

/** One ticket and its thread; live events refresh it, and it is polled only while the stream is down. */
export function useTicket(id: string) {
  const signedIn = useSignedIn();
  const live = useLiveStatus((state) => state.connected);
  return useQuery({
    queryKey: ticketQueryKey(id),
    queryFn: ({ signal }) => getTicket(id, { signal }),
    enabled: signedIn,
    refetchInterval: (query) => (!live && query.state.data?.status === 'processing' ? POLL_MS : false),
  });
}

export type TicketCreateRequest = Parsed<typeof ticketCreateBodySchema> & {
  /** One per submit attempt, the same on every retry of it: the server then opens one ticket. */
  idempotencyKey: string;
};

function useTicketWrite<V>(write: (variables: V) => Promise<Ticket>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async (ticket) => {
      queryClient.setQueryData(ticketQueryKey(ticket.id), ticket);
      await queryClient.invalidateQueries({ queryKey: TICKET_LIST_QUERY_KEY });
    },
  });
}

export function useCreateTicket() {
  return useTicketWrite(({ idempotencyKey, ...body }: TicketCreateRequest) =>
    api.post('/api/v1/tickets', body, { schema: ticketSchema, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } }),
  );
}

export function useReplyToTicket(id: string) {
  return useTicketWrite((body: Parsed<typeof ticketReplyBodySchema>) =>
    api.post(`/api/v1/tickets/${encodeURIComponent(id)}/messages`, body, { schema: ticketSchema }),
  );
}

export function useRateTicket(id: string) {
  return useTicketWrite((body: Parsed<typeof ticketRatingBodySchema>) =>
    api.post(`/api/v1/tickets/${encodeURIComponent(id)}/rating`, body, { schema: ticketSchema }),
  );
}
