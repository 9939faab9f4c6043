import { useMutation } from '@tanstack/react-query';
import { type passwordLoginBodySchema, sessionReplySchema } from '@wallet/contract';
import { api } from '../../../lib/api';
import type { Parsed } from '../../../lib/schema-types';

export function loginWithPassword(body: Parsed<typeof passwordLoginBodySchema>) {
  return api.post('/api/v1/auth/login/password', body, { schema: sessionReplySchema });
}

export function useLoginWithPassword() {
  return useMutation({ mutationFn: loginWithPassword });
}
