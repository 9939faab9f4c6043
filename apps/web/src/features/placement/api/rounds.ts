import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type Distribution,
  distributionListSchema,
  distributionSchema,
  IDEMPOTENCY_HEADER,
  type MyPlacement,
  myPlacementSchema,
  type PlacementPurchase,
  type PlacementRound,
  placementPurchaseSchema,
  placementRoundListSchema,
  placementRoundSchema,
} from '@wallet/contract';
import { api } from '../../../lib/api';
import { WALLET_QUERY_KEY } from '../../../lib/query-keys';
import { PLACEMENT_QUERY_KEY, placementKeys } from './keys';

const PAGE_SIZE = 20;

/** Open, upcoming, sold-out and lately closed rounds, open first. */
export function useRounds() {
  return useQuery({
    queryKey: placementKeys.rounds,
    queryFn: ({ signal }) => api.get('/api/v1/placement/rounds', { signal, schema: placementRoundListSchema }),
  });
}

export function getRound(id: string, signal?: AbortSignal): Promise<PlacementRound> {
  return api.get(`/api/v1/placement/rounds/${encodeURIComponent(id)}`, { signal, schema: placementRoundSchema });
}

export function useRound(id: string) {
  return useQuery({ queryKey: placementKeys.round(id), queryFn: ({ signal }) => getRound(id, signal) });
}

export function useMyPlacement() {
  return useQuery({
    queryKey: placementKeys.me,
    queryFn: ({ signal }): Promise<MyPlacement> => api.get('/api/v1/placement/me', { signal, schema: myPlacementSchema }),
  });
}

/** After money moved: the wallet's balances and every placement and node figure are read again. */
export function useRefreshAfterMoney() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: PLACEMENT_QUERY_KEY }),
      client.invalidateQueries({ queryKey: WALLET_QUERY_KEY }),
    ]).then(() => undefined);
}

type Keyed<B> = { body: B; idempotencyKey: string };
const keyed = (idempotencyKey: string) => ({ [IDEMPOTENCY_HEADER]: idempotencyKey });

export type PurchaseBody = { quantity: string; expectedAmount: string; paymentPassword: string };

export function usePlacementPurchase(roundId: string) {
  const refresh = useRefreshAfterMoney();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: Keyed<PurchaseBody>): Promise<PlacementPurchase> =>
      api.post(`/api/v1/placement/rounds/${encodeURIComponent(roundId)}/purchases`, body, {
        schema: placementPurchaseSchema,
        headers: keyed(idempotencyKey),
      }),
    onSuccess: refresh,
  });
}

export type DistributionBody = { email: string; quantity: string; paymentPassword: string };

export function useDistribute() {
  const refresh = useRefreshAfterMoney();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: Keyed<DistributionBody>): Promise<Distribution> =>
      api.post('/api/v1/placement/distributions', body, { schema: distributionSchema, headers: keyed(idempotencyKey) }),
    onSuccess: refresh,
  });
}

/** Distributions I made (out) or received (in), newest first, with the count of all. */
export function useDistributions(direction: 'out' | 'in') {
  return useInfiniteQuery({
    queryKey: placementKeys.distributions(direction),
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ direction, limit: String(PAGE_SIZE) });
      if (pageParam) query.set('cursor', pageParam);
      return api.get(`/api/v1/placement/distributions?${query}`, { signal, schema: distributionListSchema });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export type { Keyed };
export { keyed, PAGE_SIZE };
