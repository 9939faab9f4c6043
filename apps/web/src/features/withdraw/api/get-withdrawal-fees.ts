import { queryOptions, useQuery } from '@tanstack/react-query';
import { withdrawalFeesReplySchema } from '@wallet/contract';
import { api } from '../../../lib/api';
import type { Parsed } from '../../../lib/schema-types';

export type WithdrawalFees = Parsed<typeof withdrawalFeesReplySchema>;

export function getWithdrawalFees({ signal }: { signal?: AbortSignal } = {}): Promise<WithdrawalFees> {
  return api.get('/api/v1/wallet/withdrawals/fees', { signal, schema: withdrawalFeesReplySchema });
}

export const withdrawalFeesQueryOptions = () =>
  queryOptions({ queryKey: ['withdraw', 'fees'] as const, queryFn: ({ signal }) => getWithdrawalFees({ signal }), staleTime: 60_000 });

/** The fee per network (USDT), set by the operator. */
export function useWithdrawalFees() {
  return useQuery(withdrawalFeesQueryOptions());
}
