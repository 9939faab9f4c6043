import { queryOptions, useQuery } from '@tanstack/react-query';
import { recipientSchema, uidSchema } from '@wallet/contract';
import { api } from '../../../lib/api';
import type { Parsed } from '../../../lib/schema-types';

export type Recipient = Parsed<typeof recipientSchema>;

export function getRecipient(uid: string, { signal }: { signal?: AbortSignal } = {}): Promise<Recipient> {
  return api.get(`/api/v1/wallet/recipients/${encodeURIComponent(uid)}`, { signal, schema: recipientSchema });
}

export const recipientQueryOptions = (uid: string) =>
  queryOptions({
    queryKey: ['transfer', 'recipient', uid] as const,
    queryFn: ({ signal }) => getRecipient(uid, { signal }),
    staleTime: 60_000,
  });

/** Who a UID belongs to (nickname or masked email); idle until the UID is well formed. */
export function useRecipient(uid: string | null) {
  const valid = uid !== null && uidSchema.safeParse(uid).success;
  return useQuery({ ...recipientQueryOptions(uid ?? ''), enabled: valid });
}
