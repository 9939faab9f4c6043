import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { SESSIONS_QUERY_KEY } from './get-sessions';

type Ended = { ended: number };
const endedSchema = {
  safeParse: (data: unknown): { success: true; data: Ended } | { success: false } =>
    typeof data === 'object' && data !== null && typeof (data as Ended).ended === 'number'
      ? { success: true, data: data as Ended }
      : { success: false },
};

/** Signs every device but this one out; answers how many sessions ended. */
export function endOtherSessions() {
  return api.post('/api/v1/me/sessions/revoke-others', undefined, { schema: endedSchema });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY }),
  });
}
