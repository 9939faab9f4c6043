import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MetaReply } from '@wallet/contract';
import { api } from '../../../lib/api';
import { firstScreenSchemas } from '../../../lib/first-screen-schemas';

export function getMeta({ signal }: { signal?: AbortSignal } = {}): Promise<MetaReply> {
  return api.get('/api/v1/meta', { signal, schema: firstScreenSchemas.meta });
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
