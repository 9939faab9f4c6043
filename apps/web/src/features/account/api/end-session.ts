import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okReplySchema } from '@wallet/contract';
import { api } from '../../../lib/api';
import { SESSIONS_QUERY_KEY } from './get-sessions';

/** Signs one of the person's other devices out. */
export function endSession(id: string) {
  return api.delete(`/api/v1/me/sessions/${encodeURIComponent(id)}`, { schema: okReplySchema });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY }),
  });
}
