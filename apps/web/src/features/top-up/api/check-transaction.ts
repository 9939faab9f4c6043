import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Deposit, depositListReplySchema, type Network } from '@wallet/contract';
import { api } from '../../../lib/api';
import { WALLET_QUERY_KEY } from '../../../lib/query-keys';
import { TOP_UP_QUERY_KEY } from './get-top-up-info';

/** "Check this transaction now": the server records it under the usual rules and answers my deposits from it. */
export function checkTransaction(body: { network: Network; txHash: string }): Promise<Deposit[]> {
  return api.post('/api/v1/topup/check', body, { schema: depositListReplySchema }).then((reply) => reply.deposits);
}

export function useCheckTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkTransaction,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: TOP_UP_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEY });
    },
  });
}
