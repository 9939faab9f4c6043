import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type exchangeBodySchema, exchangeReplySchema, IDEMPOTENCY_HEADER } from '@wallet/contract';
import { api } from '../../../lib/api';
import { WALLET_QUERY_KEY } from '../../../lib/query-keys';
import type { Parsed } from '../../../lib/schema-types';

export type ExchangeRequest = Parsed<typeof exchangeBodySchema> & {
  /** One per confirmation attempt, the same on every retry of it: the server then moves the money once. */
  idempotencyKey: string;
};

export type ExchangeReply = Parsed<typeof exchangeReplySchema>;

export function executeExchange({ idempotencyKey, ...body }: ExchangeRequest): Promise<ExchangeReply> {
  return api.post('/api/v1/wallet/exchange', body, { schema: exchangeReplySchema, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
}

/** Executes a quote with the payment password; balances and records are fetched again afterwards. */
export function useExecuteExchange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: executeExchange,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEY }),
  });
}
