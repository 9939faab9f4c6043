import { useQuery } from '@tanstack/react-query';
import { api } from '../api';
import { firstScreenSchemas } from '../first-screen-schemas';
import { NOTIFICATIONS_QUERY_KEY } from '../query-keys';
import { useSignedIn } from '../session';

const UNREAD_KEY = [...NOTIFICATIONS_QUERY_KEY, 'unread'] as const;

/** The unread count for the account tab; live events refresh it, a slow poll covers a closed stream. */
export function useUnreadCount(poll: boolean) {
  const signedIn = useSignedIn();
  return useQuery({
    queryKey: UNREAD_KEY,
    queryFn: ({ signal }) => api.get('/api/v1/me/notifications/unread', { signal, schema: firstScreenSchemas.unread }),
    enabled: signedIn,
    refetchInterval: poll ? 60_000 : false,
  });
}
