import { useMutation } from '@tanstack/react-query';
import { payeeDetailsSchema } from '@wallet/contract';
import { api } from '../../../lib/api';

/** Every field of a receiving account, unmasked, for its edit form. */
export function revealPayee({ id, paymentPassword }: { id: string; paymentPassword: string }) {
  return api.post(`/api/v1/payout/payees/${encodeURIComponent(id)}/reveal`, { paymentPassword }, { schema: payeeDetailsSchema });
}

/** A mutation, never a query: full ID and account numbers are not kept in the query cache. */
export function useRevealPayee() {
  return useMutation({ mutationFn: revealPayee, gcTime: 0 });
}
