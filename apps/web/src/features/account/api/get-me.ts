import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '@wallet/contract';
import { api } from '../../../lib/api';
import { firstScreenSchemas } from '../../../lib/first-screen-schemas';
import { ME_QUERY_KEY } from '../../../lib/query-keys';
import { useSignedIn } from '../../../lib/session';

export function getMe({ signal }: { signal?: AbortSignal } = {}): Promise<Profile> {
  return api.get('/api/v1/me', { signal, schema: firstScreenSchemas.profile });
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: ME_QUERY_KEY,
    queryFn: ({ signal }) => getMe({ signal }),
    staleTime: 30_000,
  });

/** The signed-in person's profile; idle while signed out. */
export function useMe() {
  const signedIn = useSignedIn();
  return useQuery({ ...meQueryOptions(), enabled: signedIn });
}
