import { useInfiniteQuery } from '@tanstack/react-query';
import { type RewardListReply, type RewardStatus, rewardListReplySchema } from '@wallet/contract';
import { api } from '../../../lib/api';
import { invitationKeys } from './keys';

export type RewardFilters = { status: RewardStatus | null; type: number | null };

const PAGE_SIZE = 20;

export function getRewards(
  filters: RewardFilters,
  cursor: string | null,
  { signal }: { signal?: AbortSignal } = {},
): Promise<RewardListReply> {
  const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  if (filters.status) query.set('status', filters.status);
  if (filters.type !== null) query.set('type', String(filters.type));
  return api.get(`/api/v1/agency/rewards?${query}`, { signal, schema: rewardListReplySchema });
}

/** My reward log, newest first, filtered by status and type. */
export function useRewards(filters: RewardFilters) {
  return useInfiniteQuery({
    queryKey: invitationKeys.rewards(filters),
    queryFn: ({ pageParam, signal }) => getRewards(filters, pageParam, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
