import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { payoutOrderListReplySchema } from '@wallet/contract';
import { api } from '../../../lib/api';
import type { Parsed } from '../../../lib/schema-types';
import { useSignedIn } from '../../../lib/session';
import { ORDERS_QUERY_KEY } from './keys';

const PAGE_SIZE = 20;

export type PayoutOrderPage = Parsed<typeof payoutOrderListReplySchema>;

export function getPayoutOrders({ cursor, signal }: { cursor?: string | null; signal?: AbortSignal } = {}): Promise<PayoutOrderPage> {
  const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  return api.get(`/api/v1/payout/orders?${query}`, { signal, schema: payoutOrderListReplySchema });
}

export const payoutOrdersQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ORDERS_QUERY_KEY,
    queryFn: ({ pageParam, signal }) => getPayoutOrders({ cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** My flash exchange orders, newest first, a page at a time. */
export function usePayoutOrders() {
  const signedIn = useSignedIn();
  return useInfiniteQuery({ ...payoutOrdersQueryOptions(), enabled: signedIn });
}
