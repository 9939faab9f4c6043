import cardListCheck from 'virtual:json-schema/cardListSchema';
import cardCheck from 'virtual:json-schema/cardSchema';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Card, CardList } from '@wallet/contract';
import { api } from '../../../lib/api';
import { jsonReplySchema } from '../../../lib/json-check';
import { whenOffline } from '../../../lib/live-events';
import { CARDS_QUERY_KEY, WALLET_QUERY_KEY } from '../../../lib/query-keys';
import { useSignedIn } from '../../../lib/session';

/** Purchases reach a card from the issuer at any time: an open card screen refreshes this often. */
export const CARD_ACTIVITY_REFRESH_MS = 15_000;
export const cardQueryKey = (id: string) => ['cards', 'one', id] as const;
/** Build-compiled checks of the contract's schemas: the card pages draw without zod. */
const cardReply = jsonReplySchema<Card>(cardCheck);
const cardListReply = jsonReplySchema<CardList>(cardListCheck);

export const getCards = ({ signal }: { signal?: AbortSignal } = {}) => api.get('/api/v1/cards', { signal, schema: cardListReply });
export const getCard = (id: string, { signal }: { signal?: AbortSignal } = {}): Promise<Card> =>
  api.get(`/api/v1/cards/${encodeURIComponent(id)}`, { signal, schema: cardReply });

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

/** Card and wallet balances change when money is held, and again when it settles or returns. */
export const refreshBalances = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: CARDS_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEY }),
  ]);

/** Freezes or unfreezes a card; the reply is the card as it now stands. */
export function useFreezeCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, frozen }: { id: string; frozen: boolean }) =>
      api.post(`/api/v1/cards/${encodeURIComponent(id)}/freeze`, { frozen }, { schema: cardReply }),
    onSuccess: () => refreshBalances(queryClient),
  });
}
