import { queryOptions, useQuery } from '@tanstack/react-query';
import { recentRecipientsReplySchema } from '@wallet/contract';
import { api } from '../../../lib/api';

/** A transfer sent changes it: useCreateTransfer invalidates this key. */
export const RECENT_RECIPIENTS_KEY = ['transfer', 'recent-recipients'] as const;

export function getRecentRecipients({ signal }: { signal?: AbortSignal } = {}) {
  return api.get('/api/v1/wallet/recipients/recent', { signal, schema: recentRecipientsReplySchema });
}

export const recentRecipientsQueryOptions = () =>
  queryOptions({ queryKey: RECENT_RECIPIENTS_KEY, queryFn: ({ signal }) => getRecentRecipients({ signal }) });

/** The last members I paid, each once, newest first (at most five); empty when I have paid no one. */
export function useRecentRecipients() {
  return useQuery(recentRecipientsQueryOptions());
}
