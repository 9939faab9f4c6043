import { useMutation } from '@tanstack/react-query';
import { lockAccountReplySchema } from '@wallet/contract';
import { api } from '../../../lib/api';

/** The "it was not me" link of a security email: locks the account with its single-use token, no session needed. */
export function lockAccount(token: string) {
  return api.post('/api/v1/account/lock', { token }, { schema: lockAccountReplySchema });
}

export function useLockAccount() {
  return useMutation({ mutationFn: lockAccount });
}
