import { queryOptions, useQuery } from '@tanstack/react-query';
import { sessionListReplySchema } from '@wallet/contract';
import { api } from '../../../lib/api';
import { useSignedIn } from '../../../lib/session';

export const SESSIONS_QUERY_KEY = ['account', 'sessions'] as const;

export function getSessions({ signal }: { signal?: AbortSignal } = {}) {
  return api.get('/api/v1/me/sessions', { signal, schema: sessionListReplySchema });
}

export const sessionsQueryOptions = () => queryOptions({ queryKey: SESSIONS_QUERY_KEY, queryFn: ({ signal }) => getSessions({ signal }) });

/** Idle while signed out (e.g. the moment after logging out, before the page has gone). */
export function useSessions() {
  const signedIn = useSignedIn();
  return useQuery({ ...sessionsQueryOptions(), enabled: signedIn });
}
