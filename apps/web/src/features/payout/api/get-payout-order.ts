import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type PayoutOrder, payoutOrderSchema } from '@wallet/contract';
import { api } from '../../../lib/api';
import { useSignedIn } from '../../../lib/session';
import { refreshAfterSale } from './create-payout-order';
import { orderQueryKey } from './keys';
import { orderRefetchMs } from './order-refetch';

export function getPayoutOrder(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<PayoutOrder> {
  return api.get(`/api/v1/payout/orders/${encodeURIComponent(id)}`, { signal, schema: payoutOrderSchema });
}

/**
 * One order with its timeline, followed to its end. When it ends on screen, the list, the terms
 * (a rejection gives today's room back) and the balances (a rejection returns the USDT) are read again.
 */
export function usePayoutOrder(id: string) {
  const signedIn = useSignedIn();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: orderQueryKey(id),
    queryFn: async ({ signal }) => {
      const before = queryClient.getQueryData<PayoutOrder>(orderQueryKey(id))?.status;
      const order = await getPayoutOrder(id, { signal });
      if (before === 'in_progress' && order.status !== 'in_progress') await refreshAfterSale(queryClient);
      return order;
    },
    enabled: signedIn,
    refetchInterval: (query) => orderRefetchMs(query.state.data?.status),
    // A phone that sleeps or switches apps: ask again as soon as the screen is back.
    refetchOnWindowFocus: (query) => query.state.data?.status === 'in_progress',
  });
}
