import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Payee, payeeSchema } from '@wallet/contract';
import { api } from '../../../lib/api';
import { PAYEES_QUERY_KEY } from './keys';

/** The account a sale of its kind starts with. */
export function setDefaultPayee(id: string): Promise<Payee> {
  return api.post(`/api/v1/payout/payees/${encodeURIComponent(id)}/default`, undefined, { schema: payeeSchema });
}

export function useSetDefaultPayee() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setDefaultPayee, onSuccess: () => queryClient.invalidateQueries({ queryKey: PAYEES_QUERY_KEY }) });
}
