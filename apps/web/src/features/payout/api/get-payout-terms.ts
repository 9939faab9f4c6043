import { queryOptions, useQuery } from '@tanstack/react-query';
import { type PayoutTerms, payoutTermsSchema } from '@wallet/contract';
import { api } from '../../../lib/api';
import { useSignedIn } from '../../../lib/session';
import { TERMS_QUERY_KEY } from './keys';

export function getPayoutTerms({ signal }: { signal?: AbortSignal } = {}): Promise<PayoutTerms> {
  return api.get('/api/v1/payout/terms', { signal, schema: payoutTermsSchema });
}

export const payoutTermsQueryOptions = () =>
  queryOptions({ queryKey: TERMS_QUERY_KEY, queryFn: ({ signal }) => getPayoutTerms({ signal }), staleTime: 10_000 });

/** The limits, today's use and the indicative rate a sale is made under now. */
export function usePayoutTerms() {
  const signedIn = useSignedIn();
  return useQuery({ ...payoutTermsQueryOptions(), enabled: signedIn });
}
