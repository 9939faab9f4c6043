import { useMutation } from '@tanstack/react-query';
import { type codeLoginBodySchema, webLoginReplySchema } from '@wallet/contract';
import { api } from '../../../lib/api';
import type { Parsed } from '../../../lib/schema-types';

export function loginWithCode(body: Parsed<typeof codeLoginBodySchema>) {
  return api.post('/api/v1/auth/login/code', body, { schema: webLoginReplySchema });
}

export function useLoginWithCode() {
  return useMutation({ mutationFn: loginWithCode });
}
