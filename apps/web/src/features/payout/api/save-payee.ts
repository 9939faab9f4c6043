import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Payee, type PayeeSaveBody, payeeSchema } from '@wallet/contract';
import { api } from '../../../lib/api';
import { PAYEES_QUERY_KEY } from './keys';

export type SavePayeeRequest = { body: PayeeSaveBody; id: string | null };

/** Adds a receiving account, or changes one (id); proven with the payment password or the emailed code. */
export function savePayee({ body, id }: SavePayeeRequest): Promise<Payee> {
  return id === null
    ? api.post('/api/v1/payout/payees', body, { schema: payeeSchema })
    : api.put(`/api/v1/payout/payees/${encodeURIComponent(id)}`, body, { schema: payeeSchema });
}

export function useSavePayee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePayee,
    // A new default changes which other account is the default: the lists are read again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PAYEES_QUERY_KEY }),
  });
}
