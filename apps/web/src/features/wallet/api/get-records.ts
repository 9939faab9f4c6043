import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { type Currency, type LedgerFamily, recordListReplySchema } from '@wallet/contract';
import { api } from '../../../lib/api';
import { WALLET_QUERY_KEY } from './get-balances';

export type RecordFilters = { currency?: Currency | undefined; family?: LedgerFamily | undefined };

const PAGE_SIZE = 20;

export function getRecords(filters: RecordFilters, cursor: string | null, { signal }: { signal?: AbortSignal } = {}) {
  const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  if (filters.currency) query.set('currency', filters.currency);
  if (filters.family) query.set('family', filters.family);
  return api.get(`/api/v1/wallet/records?${query}`, { signal, schema: recordListReplySchema });
}

export const recordsQueryOptions = (filters: RecordFilters) =>
  infiniteQueryOptions({
    queryKey: [...WALLET_QUERY_KEY, 'records', { currency: filters.currency ?? null, family: filters.family ?? null }],
    queryFn: ({ pageParam, signal }) => getRecords(filters, pageParam, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** Every movement of the wallet, newest first, a page at a time. */
export function useRecords(filters: RecordFilters) {
  return useInfiniteQuery(recordsQueryOptions(filters));
}
