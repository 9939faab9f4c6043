import { queryOptions, useQuery } from '@tanstack/react-query';
import { type MetaReply, metaReplySchema } from '@wallet/contract';
import { api } from '../../../lib/api';

export function getMeta({ signal }: { signal?: AbortSignal } = {}): Promise<MetaReply> {
  return api.get('/api/v1/meta', { signal, schema: metaReplySchema });
}

export const metaQueryOptions = () =>
  queryOptions({
    queryKey: ['system', 'meta'],
    queryFn: ({ signal }) => getMeta({ signal }),
    // Currencies and networks change with a deployment, not while someone is looking.
    staleTime: 10 * 60_000,
  });

export function useMeta() {
  return useQuery(metaQueryOptions());
}
