import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { notificationListReplySchema } from '@wallet/contract';
import { api } from '../../../lib/api';
import { firstScreenSchemas } from '../../../lib/first-screen-schemas';
import { NOTIFICATIONS_QUERY_KEY } from '../../../lib/query-keys';
import type { Parsed } from '../../../lib/schema-types';
import { useSignedIn } from '../../../lib/session';

const LIST_KEY = [...NOTIFICATIONS_QUERY_KEY, 'list'] as const;
const PAGE_SIZE = 20;

export type NotificationPage = Parsed<typeof notificationListReplySchema>;
export type NotificationItem = NotificationPage['notifications'][number];

function getNotifications({ cursor, signal }: { cursor?: string | null; signal?: AbortSignal }): Promise<NotificationPage> {
  const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  return api.get(`/api/v1/me/notifications?${query}`, { signal, schema: firstScreenSchemas.notifications });
}

/** My notifications, newest first, a page at a time. */
export function useNotifications() {
  const signedIn = useSignedIn();
  return useInfiniteQuery({
    ...infiniteQueryOptions({
      queryKey: LIST_KEY,
      queryFn: ({ pageParam, signal }) => getNotifications({ cursor: pageParam, signal }),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
    }),
    enabled: signedIn,
  });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[] | 'all') =>
      ids === 'all'
        ? api.post('/api/v1/me/notifications/read-all', undefined, { schema: firstScreenSchemas.ok })
        : api.post('/api/v1/me/notifications/read', { ids }, { schema: firstScreenSchemas.ok }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY }),
  });
}
