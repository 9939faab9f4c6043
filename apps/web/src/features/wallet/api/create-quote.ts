import { useMutation } from '@tanstack/react-query';
import { type Quote, type quoteBodySchema, quoteSchema } from '@wallet/contract';
import { api } from '../../../lib/api';
import type { Parsed } from '../../../lib/schema-types';

export type QuoteRequest = Parsed<typeof quoteBodySchema>;

/** Prices an exchange; the price holds for LIMITS.exchange.quoteSeconds. */
export function createQuote(body: QuoteRequest): Promise<Quote> {
  return api.post('/api/v1/wallet/exchange/quotes', body, { schema: quoteSchema });
}

export function useCreateQuote() {
  return useMutation({ mutationFn: createQuote });
}
