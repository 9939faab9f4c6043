import { useMutation } from '@tanstack/react-query';
import { type PayoutQuote, type payoutQuoteBodySchema, payoutQuoteSchema } from '@wallet/contract';
import { api } from '../../../lib/api';
import type { Parsed } from '../../../lib/schema-types';

export type PayoutQuoteRequest = Parsed<typeof payoutQuoteBodySchema>;

/** Prices a sale: fee, rate and the CNY paid out, held for the terms' quoteSeconds. */
export function createPayoutQuote(body: PayoutQuoteRequest): Promise<PayoutQuote> {
  return api.post('/api/v1/payout/quotes', body, { schema: payoutQuoteSchema });
}

export function useCreatePayoutQuote() {
  return useMutation({ mutationFn: createPayoutQuote });
}
