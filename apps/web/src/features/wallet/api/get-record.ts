import { queryOptions, useQuery } from '@tanstack/react-query';
import { type LedgerRecordDetail, recordDetailSchema } from '@wallet/contract';
import { api } from '../../../lib/api';
import { WALLET_QUERY_KEY } from '../../../lib/query-keys';

/** Record ids are ledger entry ids: digits only (anything else would be refused by the server). */
export const RECORD_ID = /^\d{1,18}$/;

export function getRecord(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<LedgerRecordDetail> {
  return api.get(`/api/v1/wallet/records/${encodeURIComponent(id)}`, { signal, schema: recordDetailSchema });
}

export const recordQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...WALLET_QUERY_KEY, 'record', id],
    queryFn: ({ signal }) => getRecord(id, { signal }),
    // A record never changes once written.
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useRecord(id: string) {
  return useQuery({ ...recordQueryOptions(id), enabled: RECORD_ID.test(id) });
}
