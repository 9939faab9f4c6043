import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { withdrawalListReplySchema } from '@wallet/contract';
import { api } from '../../../lib/api';
import type { Parsed } from '../../../lib/schema-types';
import { useSignedIn } from '../../../lib/session';

export const WITHDRAWALS_QUERY_KEY = ['withdraw', 'list'] as const;
export const withdrawalQueryKey = (id: string) => ['withdraw', 'one', id] as const;
const PAGE_SIZE = 20;

export type WithdrawalPage = Parsed<typeof withdrawalListReplySchema>;

export function getWithdrawals({ cursor, signal }: { cursor?: string | null; signal?: AbortSignal } = {}): Promise<WithdrawalPage> {
  const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  return api.get(`/api/v1/wallet/withdrawals?${query}`, { signal, schema: withdrawalListReplySchema });
}

export const withdrawalsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: WITHDRAWALS_QUERY_KEY,
    queryFn: ({ pageParam, signal }) => getWithdrawals({ cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** My withdrawals, newest first, a page at a time; idle while signed out. */
export function useWithdrawals() {
  const signedIn = useSignedIn();
  return useInfiniteQuery({ ...withdrawalsQueryOptions(), enabled: signedIn });
}
