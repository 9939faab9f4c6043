import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type CardOperation, cardOperationSchema } from '@wallet/contract';
import { api } from '../../../lib/api';
import { refreshBalances } from './get-cards';

/** How often an operation still processing is asked for again while its screen is open. */
export const OPERATION_POLL_MS = 2000;

export const cardOperationQueryKey = (cardId: string, operationId: string) => ['card-operation', cardId, operationId] as const;

export const getCardOperation = (cardId: string, operationId: string, { signal }: { signal?: AbortSignal } = {}) =>
  api.get(`/api/v1/cards/${encodeURIComponent(cardId)}/operations/${encodeURIComponent(operationId)}`, {
    signal,
    schema: cardOperationSchema,
  });

/**
 * A recharge or card to wallet as it stands, starting from the reply that started it. While the card
 * issuer has not answered (processing) it is asked for again every OPERATION_POLL_MS, and no more once
 * it succeeded or failed; then cards and wallet are refreshed.
 */
export function useCardOperation(started: CardOperation) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: cardOperationQueryKey(started.cardId, started.id),
    queryFn: async ({ signal }) => {
      const operation = await getCardOperation(started.cardId, started.id, { signal });
      if (operation.status !== 'processing') await refreshBalances(queryClient);
      return operation;
    },
    initialData: started,
    // The reply is fresh: the first check comes one interval later.
    initialDataUpdatedAt: Date.now(),
    staleTime: OPERATION_POLL_MS,
    enabled: started.status === 'processing',
    refetchInterval: (q) => (q.state.data?.status === 'processing' ? OPERATION_POLL_MS : false),
    // A phone that sleeps or switches apps: ask again as soon as the screen is back.
    refetchOnWindowFocus: (q) => q.state.data?.status === 'processing',
  });
  return query.data;
}
