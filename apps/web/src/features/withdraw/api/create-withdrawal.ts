import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_HEADER, type Withdrawal, type withdrawalBodySchema, withdrawalSchema } from '@wallet/contract';
import { api } from '../../../lib/api';
import { WALLET_QUERY_KEY } from '../../../lib/query-keys';
import type { Parsed } from '../../../lib/schema-types';

import { WITHDRAWALS_QUERY_KEY, withdrawalQueryKey } from './get-withdrawals';

export type WithdrawalBody = Parsed<typeof withdrawalBodySchema>;

/** Requests a USDT withdrawal; the amount and fee are held at once. Keyed, so a retry holds nothing twice. */
export function createWithdrawal({ body, idempotencyKey }: { body: WithdrawalBody; idempotencyKey: string }): Promise<Withdrawal> {
  return api.post('/api/v1/wallet/withdrawals', body, { schema: withdrawalSchema, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
}

export function useCreateWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWithdrawal,
    onSuccess: async (withdrawal) => {
      queryClient.setQueryData(withdrawalQueryKey(withdrawal.id), withdrawal);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: WITHDRAWALS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEY }),
      ]);
    },
  });
}
