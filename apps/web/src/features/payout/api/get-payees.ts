import { queryOptions, useQuery } from '@tanstack/react-query';
import { type PayeeKind, payeeListReplySchema } from '@wallet/contract';
import { api } from '../../../lib/api';
import type { Parsed } from '../../../lib/schema-types';
import { useSignedIn } from '../../../lib/session';
import { payeesQueryKey } from './keys';

export type PayeeList = Parsed<typeof payeeListReplySchema>;

export function getPayees(kind: PayeeKind, { signal }: { signal?: AbortSignal } = {}): Promise<PayeeList> {
  return api.get(`/api/v1/payout/payees?kind=${kind}`, { signal, schema: payeeListReplySchema });
}

export const payeesQueryOptions = (kind: PayeeKind) =>
  queryOptions({ queryKey: payeesQueryKey(kind), queryFn: ({ signal }) => getPayees(kind, { signal }) });

/** My saved accounts of one kind, the default first; numbers only by their last 4 characters. */
export function usePayees(kind: PayeeKind) {
  const signedIn = useSignedIn();
  return useQuery({ ...payeesQueryOptions(kind), enabled: signedIn });
}
