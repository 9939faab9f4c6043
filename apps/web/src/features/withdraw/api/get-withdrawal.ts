import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Withdrawal, withdrawalSchema } from '@wallet/contract';
import { api } from '../../../lib/api';
import { useSignedIn } from '../../../lib/session';
import { withdrawalQueryKey } from './get-withdrawals';
import { withdrawalRefetchMs } from './withdrawal-refetch';

export function getWithdrawal(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<Withdrawal> {
  return api.get(`/api/v1/wallet/withdrawals/${encodeURIComponent(id)}`, { signal, schema: withdrawalSchema });
}

export const withdrawalQueryOptions = (id: string) =>
  queryOptions({
    queryKey: withdrawalQueryKey(id),
    queryFn: ({ signal }) => getWithdrawal(id, { signal }),
    refetchInterval: (query) => withdrawalRefetchMs(query.state.data?.status),
  });

/** One withdrawal with its status history. */
export function useWithdrawal(id: string) {
  const signedIn = useSignedIn();
  return useQuery({ ...withdrawalQueryOptions(id), enabled: signedIn });
}
