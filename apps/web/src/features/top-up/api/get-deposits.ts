import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Deposit, depositListReplySchema } from '@wallet/contract';
import { api } from '../../../lib/api';
import { whenOffline } from '../../../lib/live-events';
import { useSignedIn } from '../../../lib/session';
import { TOP_UP_QUERY_KEY } from './get-top-up-info';

export function getDeposits({ signal }: { signal?: AbortSignal } = {}): Promise<Deposit[]> {
  return api.get('/api/v1/topup/deposits', { signal, schema: depositListReplySchema }).then((reply) => reply.deposits);
}

export const depositsQueryOptions = () =>
  queryOptions({ queryKey: [...TOP_UP_QUERY_KEY, 'deposits'], queryFn: ({ signal }) => getDeposits({ signal }) });

/**
 * My deposits, refreshed every few seconds while one is still confirming or queued (its confirmations
 * count up); otherwise live events refresh them, and a slow poll only while the live stream is down.
 */
export function useDeposits() {
  const signedIn = useSignedIn();
  return useQuery({
    ...depositsQueryOptions(),
    enabled: signedIn,
    refetchInterval: (query) =>
      query.state.data?.some((d) => d.status === 'confirming' || d.status === 'queued') ? 2_000 : whenOffline(15_000),
  });
}
