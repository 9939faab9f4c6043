import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ExchangePairsReply, exchangePairsReplySchema } from '@wallet/contract';
import { api } from '../../../lib/api';
import { WALLET_QUERY_KEY } from '../../../lib/query-keys';

export function getExchangePairs({ signal }: { signal?: AbortSignal } = {}): Promise<ExchangePairsReply> {
  return api.get('/api/v1/wallet/exchange/pairs', { signal, schema: exchangePairsReplySchema });
}

export const exchangePairsQueryOptions = () =>
  queryOptions({
    queryKey: [...WALLET_QUERY_KEY, 'exchange-pairs'],
    queryFn: ({ signal }) => getExchangePairs({ signal }),
    // Operators rarely turn a pair on or off; a quote for a pair just turned off is refused anyway.
    staleTime: 5 * 60_000,
  });

/** The exchanges offered now. */
export function useExchangePairs() {
  return useQuery(exchangePairsQueryOptions());
}
