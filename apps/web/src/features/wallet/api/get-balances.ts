import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BalancesReply } from '@wallet/contract';
import { api } from '../../../lib/api';
import { firstScreenSchemas } from '../../../lib/first-screen-schemas';
import { WALLET_QUERY_KEY } from '../../../lib/query-keys';
import { useSignedIn } from '../../../lib/session';

export const BALANCES_QUERY_KEY = [...WALLET_QUERY_KEY, 'balances'] as const;
/** The records page and home's recent activity share these (get-records.ts, kept out of the first screen). */
export const RECORDS_QUERY_KEY = [...WALLET_QUERY_KEY, 'records'] as const;

export function getBalances({ signal }: { signal?: AbortSignal } = {}): Promise<BalancesReply> {
  return api.get('/api/v1/wallet/balances', { signal, schema: firstScreenSchemas.balances });
}

export const balancesQueryOptions = () =>
  queryOptions({
    queryKey: BALANCES_QUERY_KEY,
    queryFn: ({ signal }) => getBalances({ signal }),
    staleTime: 5_000,
  });

/** Balances with their total in the display currency; idle while signed out. */
export function useBalances() {
  const signedIn = useSignedIn();
  return useQuery({ ...balancesQueryOptions(), enabled: signedIn });
}
