import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Card, cardListSchema, cardSchema } from '@wallet/contract';
import { api } from '../../../lib/api';
import { whenOffline } from '../../../lib/live-events';
import { useSignedIn } from '../../../lib/session';

export const CARDS_QUERY_KEY = ['cards'] as const;
/** Purchases reach a card from the issuer at any time: an open card screen refreshes this often. */
export const CARD_ACTIVITY_REFRESH_MS = 15_000;
export const cardQueryKey = (id: string) => ['cards', 'one', id] as const;

export const getCards = ({ signal }: { signal?: AbortSignal } = {}) => api.get('/api/v1/cards', { signal, schema: cardListSchema });
export const getCard = (id: string, { signal }: { signal?: AbortSignal } = {}): Promise<Card> =>
  api.get(`/api/v1/cards/${encodeURIComponent(id)}`, { signal, schema: cardSchema });

/** My cards; while one is opening the list refreshes itself often, since the issuer answers within minutes. */
export function useCards() {
  const signedIn = useSignedIn();
  return useQuery({
    ...queryOptions({ queryKey: CARDS_QUERY_KEY, queryFn: ({ signal }) => getCards({ signal }) }),
    enabled: signedIn,
    refetchInterval: (query) =>
      query.state.data?.cards.some((c) => c.status === 'opening') ? 3000 : whenOffline(CARD_ACTIVITY_REFRESH_MS),
  });
}

export function useCard(id: string | null) {
  return useQuery({
    queryKey: cardQueryKey(id ?? ''),
    queryFn: ({ signal }) => getCard(id ?? '', { signal }),
    enabled: id !== null,
    refetchInterval: (query) =>
      query.state.data?.status === 'opening' || query.state.data?.kycStatus === 'in_progress'
        ? 3000
        : whenOffline(CARD_ACTIVITY_REFRESH_MS),
  });
}
