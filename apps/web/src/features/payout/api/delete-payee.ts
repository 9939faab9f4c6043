import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SecondFactorProof } from '@wallet/contract';
import { api } from '../../../lib/api';
import { PAYEES_QUERY_KEY } from './keys';

/** Removes a receiving account from the lists (with the second factor, when on); orders already paid to it keep their summary. */
export function deletePayee({ id, secondFactor }: { id: string; secondFactor?: SecondFactorProof | undefined }): Promise<unknown> {
  return api.delete(`/api/v1/payout/payees/${encodeURIComponent(id)}`, secondFactor ? { body: { secondFactor } } : {});
}

export function useDeletePayee() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deletePayee, onSuccess: () => queryClient.invalidateQueries({ queryKey: PAYEES_QUERY_KEY }) });
}
