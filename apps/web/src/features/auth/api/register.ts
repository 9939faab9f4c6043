import { useMutation } from '@tanstack/react-query';
import { cookieSessionReplySchema, type registerBodySchema } from '@wallet/contract';
import { api } from '../../../lib/api';
import type { Parsed } from '../../../lib/schema-types';

export function register(body: Parsed<typeof registerBodySchema>) {
  return api.post('/api/v1/auth/register', body, { schema: cookieSessionReplySchema });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
