import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  cardSchema,
  cardWithdrawReplySchema,
  IDEMPOTENCY_HEADER,
  rechargeQuoteSchema,
  rechargeReplySchema,
  revealReplySchema,
} from '@wallet/contract';
import { api } from '../../../lib/api';
import { CARDS_QUERY_KEY } from './get-cards';

const path = (id: string, tail: string) => `/api/v1/cards/${encodeURIComponent(id)}/${tail}`;

export const quoteRecharge = (id: string, amount: string) =>
  api.post(path(id, 'recharge/quote'), { amount }, { schema: rechargeQuoteSchema });

function useCardMutation<A, R>(run: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: CARDS_QUERY_KEY }), queryClient.invalidateQueries({ queryKey: ['wallet'] })]),
  });
}

type Money = { id: string; amount: string; paymentPassword: string; idempotencyKey: string };

/** Wallet to card; keyed, so a retry after a lost reply charges once. */
export const useRechargeCard = () =>
  useCardMutation(({ id, amount, paymentPassword, idempotencyKey }: Money) =>
    api.post(
      path(id, 'recharge'),
      { amount, paymentPassword },
      { schema: rechargeReplySchema, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } },
    ),
  );

/** Card to wallet (code 17). */
export const useWithdrawCard = () =>
  useCardMutation(({ id, amount, paymentPassword, idempotencyKey }: Money) =>
    api.post(
      path(id, 'withdraw'),
      { amount, paymentPassword },
      { schema: cardWithdrawReplySchema, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } },
    ),
  );

export const useFreezeCard = () =>
  useCardMutation(({ id, frozen }: { id: string; frozen: boolean }) => api.post(path(id, 'freeze'), { frozen }, { schema: cardSchema }));

/** Number and CVV: a mutation, never a query, so they are not kept in the query cache. */
export const useRevealCard = () =>
  useMutation({
    mutationFn: ({ id, paymentPassword }: { id: string; paymentPassword: string }) =>
      api.post(path(id, 'reveal'), { paymentPassword }, { schema: revealReplySchema }),
    gcTime: 0,
  });
