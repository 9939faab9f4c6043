import { useInfiniteQuery } from '@tanstack/react-query';
import { type InviteeListReply, inviteeListReplySchema } from '@wallet/contract';
import { api } from '../../../lib/api';
import { invitationKeys } from './keys';

const PAGE_SIZE = 20;

export function getInvitees(cursor: string | null, { signal }: { signal?: AbortSignal } = {}): Promise<InviteeListReply> {
  const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  return api.get(`/api/v1/invitation/invitees?${query}`, { signal, schema: inviteeListReplySchema });
}

/** The members I invited, newest first, a page at a time. */
export function useInvitees() {
  return useInfiniteQuery({
    queryKey: invitationKeys.invitees,
    queryFn: ({ pageParam, signal }) => getInvitees(pageParam, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
