import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  cardWithdrawQuoteSchema,
  cardWithdrawReplySchema,
  IDEMPOTENCY_HEADER,
  rechargeQuoteSchema,
  rechargeReplySchema,
  revealReplySchema,
  type SecondFactorProof,
} from '@wallet/contract';
import { api } from '../../../lib/api';
import { refreshBalances } from './get-cards';
import { resendDelay, resendUnanswered } from './resend';

const path = (id: string, tail: string) => `/api/v1/cards/${encodeURIComponent(id)}/${tail}`;

/** What a recharge costs (fee first), the rate and what reaches the card: shown before the payment password. */
export const quoteRecharge = (id: string, amount: string) =>
  api.post(path(id, 'recharge/quote'), { amount }, { schema: rechargeQuoteSchema });

/** What leaves the card, the rate and what reaches the wallet: the server settles a card to wallet with the same figures. */
export const quoteWithdraw = (id: string, amount: string) =>
  api.post(path(id, 'withdraw/quote'), { amount }, { schema: cardWithdrawQuoteSchema });

/** A recharge or card to wallet as the screen sends it. */
export type MoneyRequest = { id: string; amount: string; paymentPassword: string; idempotencyKey: string };

const headers = (idempotencyKey: string) => ({ [IDEMPOTENCY_HEADER]: idempotencyKey });

/**
 * How a recharge or card to wallet is sent. The reply carries the operation as it stands (processing,
 * succeeded or failed; see useCardOperation). The request is keyed, and sent again with the same key
 * when no answer came (lost connection, 5xx): the server then answers with the operation it already
 * started, so the money moves once. Balances are refreshed on the reply (the money is held, or
 * already moved) and again when the operation settles.
 */
function useMoneyRequest() {
  const queryClient = useQueryClient();
  return { retry: resendUnanswered, retryDelay: resendDelay, onSuccess: () => refreshBalances(queryClient) } as const;
}

/** Wallet to card. */
export const useRechargeCard = () =>
  useMutation({
    mutationFn: ({ id, amount, paymentPassword, idempotencyKey }: MoneyRequest) =>
      api.post(path(id, 'recharge'), { amount, paymentPassword }, { schema: rechargeReplySchema, headers: headers(idempotencyKey) }),
    ...useMoneyRequest(),
  });

/** Card to wallet (code 17). */
export const useWithdrawCard = () =>
  useMutation({
    mutationFn: ({ id, amount, paymentPassword, idempotencyKey }: MoneyRequest) =>
      api.post(path(id, 'withdraw'), { amount, paymentPassword }, { schema: cardWithdrawReplySchema, headers: headers(idempotencyKey) }),
    ...useMoneyRequest(),
  });

/** Number and CVV: a mutation, never a query, so they are not kept in the query cache. */
export const useRevealCard = () =>
  useMutation({
    mutationFn: ({
      id,
      paymentPassword,
      secondFactor,
    }: {
      id: string;
      paymentPassword: string;
      secondFactor?: SecondFactorProof | undefined;
    }) => api.post(path(id, 'reveal'), { paymentPassword, secondFactor }, { schema: revealReplySchema }),
    gcTime: 0,
  });
