import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cardSchema, IDEMPOTENCY_HEADER, type openCardBodySchema } from '@wallet/contract';
import { api } from '../../../lib/api';
import { CARDS_QUERY_KEY, WALLET_QUERY_KEY } from '../../../lib/query-keys';
import type { Parsed } from '../../../lib/schema-types';

/** Buys a card: the fee is taken at once, the card opens in the background. Keyed, so a retry buys one card. */
export function openCard({ body, idempotencyKey }: { body: Parsed<typeof openCardBodySchema>; idempotencyKey: string }) {
  return api.post('/api/v1/cards', body, { schema: cardSchema, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
}

export function useOpenCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openCard,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: CARDS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEY }),
      ]),
  });
}
