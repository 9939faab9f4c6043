import { useMutation } from '@tanstack/react-query';
import { sendCodeReplySchema } from '@wallet/contract';
import { api } from '../../../lib/api';

/** Codes anyone may ask for; the others go to a signed-in person's own email (POST /me/codes). */
export type PublicCodePurpose = 'register' | 'login' | 'reset_password';

export function sendCode(body: { email: string; purpose: PublicCodePurpose }) {
  return api.post('/api/v1/auth/codes', body, { schema: sendCodeReplySchema });
}

export function useSendCode() {
  return useMutation({ mutationFn: sendCode });
}
