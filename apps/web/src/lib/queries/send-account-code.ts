import { useMutation } from '@tanstack/react-query';
import { sendCodeReplySchema } from '@wallet/contract';
import { api } from '../api';

/** Purposes of codes sent to the signed-in person's own email. */
export type AccountCodePurpose =
  | 'change_password'
  | 'payment_password'
  | 'transfer'
  | 'withdraw'
  | 'change_address'
  | 'payee'
  | 'address_book'
  | 'second_factor';

export function sendAccountCode(purpose: AccountCodePurpose) {
  return api.post('/api/v1/me/codes', { purpose }, { schema: sendCodeReplySchema });
}

export function useSendAccountCode() {
  return useMutation({ mutationFn: sendAccountCode });
}
