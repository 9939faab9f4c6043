import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type changePasswordBodySchema, okReplySchema } from '@wallet/contract';
import { api } from '../../../lib/api';
import type { Parsed } from '../../../lib/schema-types';
import { SESSIONS_QUERY_KEY } from './get-sessions';

/** Proves the person with the current password or an emailed code; ends their other sessions. */
export function changePassword(body: Parsed<typeof changePasswordBodySchema>) {
  return api.post('/api/v1/me/password', body, { schema: okReplySchema });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY }),
  });
}
