import { queryOptions, useQuery } from '@tanstack/react-query';
import { addressHistoryReplySchema } from '@wallet/contract';
import { api } from '../../../lib/api';
import type { Parsed } from '../../../lib/schema-types';
import { useSignedIn } from '../../../lib/session';

export const ADDRESS_HISTORY_QUERY_KEY = ['account', 'address-history'] as const;
export type AddressHistoryEntry = Parsed<typeof addressHistoryReplySchema>['entries'][number];

export function getAddressHistory({ signal }: { signal?: AbortSignal } = {}) {
  return api.get('/api/v1/me/address/history', { signal, schema: addressHistoryReplySchema });
}

export const addressHistoryQueryOptions = () =>
  queryOptions({ queryKey: ADDRESS_HISTORY_QUERY_KEY, queryFn: ({ signal }) => getAddressHistory({ signal }) });

/** Idle while signed out (e.g. the moment after logging out, before the page has gone). */
export function useAddressHistory() {
  const signedIn = useSignedIn();
  return useQuery({ ...addressHistoryQueryOptions(), enabled: signedIn });
}
