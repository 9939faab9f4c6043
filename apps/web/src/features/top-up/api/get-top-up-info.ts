import { queryOptions, useQuery } from '@tanstack/react-query';
import { type TopUpInfo, topUpInfoReplySchema } from '@wallet/contract';
import { api } from '../../../lib/api';
import { useSignedIn } from '../../../lib/session';

export const TOP_UP_QUERY_KEY = ['top-up'] as const;

export function getTopUpInfo({ signal }: { signal?: AbortSignal } = {}): Promise<TopUpInfo> {
  return api.get('/api/v1/topup', { signal, schema: topUpInfoReplySchema });
}

export const topUpInfoQueryOptions = () =>
  queryOptions({ queryKey: [...TOP_UP_QUERY_KEY, 'info'], queryFn: ({ signal }) => getTopUpInfo({ signal }), staleTime: 5_000 });

/** Deposit addresses, my bound address and today's remaining top-ups. */
export function useTopUpInfo() {
  const signedIn = useSignedIn();
  return useQuery({ ...topUpInfoQueryOptions(), enabled: signedIn });
}
