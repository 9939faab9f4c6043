import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ReadyReply, readyReplySchema } from '@wallet/contract';
import { api } from '../../../lib/api';

/** 503 means "not ready" and carries the same body as 200: it is an answer, not a failure. */
export function getReadiness({ signal }: { signal?: AbortSignal } = {}): Promise<ReadyReply> {
  return api.get('/readyz', { signal, schema: readyReplySchema, acceptStatus: [503] });
}

export const readinessQueryOptions = () =>
  queryOptions({
    queryKey: ['system', 'readiness'],
    queryFn: ({ signal }) => getReadiness({ signal }),
    staleTime: 0,
  });

export function useReadiness() {
  return useQuery(readinessQueryOptions());
}
