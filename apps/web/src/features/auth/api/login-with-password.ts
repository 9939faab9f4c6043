import { useMutation } from '@tanstack/react-query';
import { type passwordLoginBodySchema, webLoginReplySchema } from '@wallet/contract';
import { api } from '../../../lib/api';
import type { Parsed } from '../../../lib/schema-types';

export function loginWithPassword(body: Parsed<typeof passwordLoginBodySchema>) {
  return api.post('/api/v1/auth/login/password', body, { schema: webLoginReplySchema });
}

export function useLoginWithPassword() {
  return useMutation({ mutationFn: loginWithPassword });
}
