import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { firstScreenSchemas } from '../../lib/first-screen-schemas';
import { useSignedIn } from '../../lib/session';

export const APP_LOCK_QUERY_KEY = ['account', 'app-lock'] as const;

/** Read by the app shell on every open: checked with the first screen's JSON checks, not zod. */
export function useAppLockSetting() {
  const signedIn = useSignedIn();
  return useQuery({
    queryKey: APP_LOCK_QUERY_KEY,
    queryFn: ({ signal }) => api.get('/api/v1/me/app-lock', { signal, schema: firstScreenSchemas.appLock }),
    enabled: signedIn,
  });
}
