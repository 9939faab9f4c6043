import cardFundingListCheck from 'virtual:json-schema/cardFundingListSchema';
import cardTransactionListCheck from 'virtual:json-schema/cardTransactionListSchema';
import cardTransactionCheck from 'virtual:json-schema/cardTransactionSchema';
import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { CardTransaction, CardTransactionList, cardFundingListSchema } from '@wallet/contract';
import { api } from '../../../lib/api';
import { jsonReplySchema } from '../../../lib/json-check';
import { whenOffline } from '../../../lib/live-events';
import { CARDS_QUERY_KEY } from '../../../lib/query-keys';
import type { Parsed } from '../../../lib/schema-types';
import { CARD_ACTIVITY_REFRESH_MS } from './get-cards';

const PAGE_SIZE = 20;
/** Build-compiled checks of the contract's schemas: a card's page draws without zod. */
const transactionListReply = jsonReplySchema<CardTransactionList>(cardTransactionListCheck);
const fundingListReply = jsonReplySchema<Parsed<typeof cardFundingListSchema>>(cardFundingListCheck);
const transactionReply = jsonReplySchema<CardTransaction>(cardTransactionCheck);
/** Card transaction ids, as the server makes them. */
export const CARD_TX_ID = /^\d{1,18}$/;

function pagePath(cardId: string, list: 'transactions' | 'funding', cursor: string | null) {
  const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  return `/api/v1/cards/${encodeURIComponent(cardId)}/${list}?${query}`;
}

/** A card's transactions, newest first, a page at a time. */
export function useCardTransactions(cardId: string) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...CARDS_QUERY_KEY, 'transactions', cardId],
      queryFn: ({ pageParam, signal }) => api.get(pagePath(cardId, 'transactions', pageParam), { signal, schema: transactionListReply }),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
      refetchInterval: () => whenOffline(CARD_ACTIVITY_REFRESH_MS),
    }),
  );
}

/** A card's recharges, withdrawals to the wallet and fees, newest first, a page at a time. */
export function useCardFunding(cardId: string) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...CARDS_QUERY_KEY, 'funding', cardId],
      queryFn: ({ pageParam, signal }) => api.get(pagePath(cardId, 'funding', pageParam), { signal, schema: fundingListReply }),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
    }),
  );
}

export function useCardTransaction(cardId: string | null, txId: string) {
  return useQuery({
    queryKey: [...CARDS_QUERY_KEY, 'transaction', cardId ?? '', txId],
    queryFn: ({ signal }) =>
      api.get(`/api/v1/cards/${encodeURIComponent(cardId ?? '')}/transactions/${encodeURIComponent(txId)}`, {
        signal,
        schema: transactionReply,
      }),
    enabled: cardId !== null && CARD_TX_ID.test(txId),
  });
}
