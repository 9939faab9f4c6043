import { useMutation } from '@tanstack/react-query';
import { okReplySchema } from '@wallet/contract';
import { api } from '../api';

/** Ends this session on the server; the caller forgets the token whatever the answer. */
export function logout() {
  return api.post('/api/v1/auth/logout', undefined, { schema: okReplySchema });
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}
