import recordListCheck from 'virtual:json-schema/recordListReplySchema';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Currency, LedgerFamily, RecordListReply } from '@wallet/contract';
import { api } from '../../../lib/api';
import { jsonReplySchema } from '../../../lib/json-check';
import { RECORDS_QUERY_KEY } from './get-balances';

export type RecordFilters = { currency?: Currency | undefined; family?: LedgerFamily | undefined };

const PAGE_SIZE = 20;
/** Checked by a build-compiled check of the contract's schema: the records page draws without zod. */
const recordListReply = jsonReplySchema<RecordListReply>(recordListCheck);

export function getRecords(filters: RecordFilters, cursor: string | null, { signal }: { signal?: AbortSignal } = {}) {
  const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  if (filters.currency) query.set('currency', filters.currency);
  if (filters.family) query.set('family', filters.family);
  return api.get(`/api/v1/wallet/records?${query}`, { signal, schema: recordListReply });
}

export const recordsQueryOptions = (filters: RecordFilters) =>
  infiniteQueryOptions({
    queryKey: [...RECORDS_QUERY_KEY, { currency: filters.currency ?? null, family: filters.family ?? null }],
    queryFn: ({ pageParam, signal }) => getRecords(filters, pageParam, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** Every movement of the wallet, newest first, a page at a time. */
export function useRecords(filters: RecordFilters) {
  return useInfiniteQuery(recordsQueryOptions(filters));
}
