import { useMutation } from '@tanstack/react-query';
import { type resetPasswordBodySchema, webLoginReplySchema } from '@wallet/contract';
import { api } from '../../../lib/api';
import type { Parsed } from '../../../lib/schema-types';

/** Sets a new password with an emailed code and signs in (second factor permitting); every other session ends. */
export function resetPassword(body: Parsed<typeof resetPasswordBodySchema>) {
  return api.post('/api/v1/auth/password/reset', body, { schema: webLoginReplySchema });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
