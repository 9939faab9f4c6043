import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_HEADER, type PayoutOrder, type payoutOrderBodySchema, payoutOrderSchema } from '@wallet/contract';
import { api } from '../../../lib/api';
import { WALLET_QUERY_KEY } from '../../../lib/query-keys';
import type { Parsed } from '../../../lib/schema-types';
import { ORDERS_QUERY_KEY, orderQueryKey, TERMS_QUERY_KEY } from './keys';

export type PayoutOrderRequest = Parsed<typeof payoutOrderBodySchema> & {
  /** One per confirmation attempt, the same on every retry of it: the server then sells once. */
  idempotencyKey: string;
};

export function createPayoutOrder({ idempotencyKey, ...body }: PayoutOrderRequest): Promise<PayoutOrder> {
  return api.post('/api/v1/payout/orders', body, { schema: payoutOrderSchema, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
}

/** What a sale changes when it starts and when it ends: the orders, today's room (terms) and the USDT balance. */
export const refreshAfterSale = (queryClient: QueryClient) =>
  Promise.all([ORDERS_QUERY_KEY, TERMS_QUERY_KEY, WALLET_QUERY_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey })));

/** Sells a quote to a payee with the payment password; the USDT is held at once, today's use grows. */
export function useCreatePayoutOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPayoutOrder,
    onSuccess: async (order) => {
      queryClient.setQueryData(orderQueryKey(order.id), order);
      await refreshAfterSale(queryClient);
    },
  });
}
