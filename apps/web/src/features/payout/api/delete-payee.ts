import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { PAYEES_QUERY_KEY } from './keys';

/** Removes a receiving account from the lists; orders already paid to it keep their summary. */
export function deletePayee(id: string): Promise<unknown> {
  return api.delete(`/api/v1/payout/payees/${encodeURIComponent(id)}`);
}

export function useDeletePayee() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deletePayee, onSuccess: () => queryClient.invalidateQueries({ queryKey: PAYEES_QUERY_KEY }) });
}
