import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import {
  type LargeNodeApplication,
  largeNodeApplicationListSchema,
  largeNodeApplicationSchema,
  type NodeTierName,
  nodeAllocationListSchema,
  nodeAllocationSchema,
  nodeDashboardSchema,
  nodeOfferSchema,
  nodePurchaseListSchema,
  nodePurchaseSchema,
  nodeRewardListSchema,
  nodeRewardProofSchema,
  nodeUpgradeSchema,
} from '@wallet/contract';
import { api } from '../../../lib/api';
import type { ReplySchema } from '../../../lib/api-client';
import { placementKeys } from './keys';
import { type Keyed, keyed, PAGE_SIZE, useRefreshAfterMoney } from './rounds';

/** A list read a page at a time from `path`. */
function usePages<T extends { nextCursor: string | null }>(queryKey: readonly unknown[], path: string, schema: ReplySchema<T>) {
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
      if (pageParam) query.set('cursor', pageParam);
      return api.get(`${path}?${query}`, { signal, schema });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** Node prices, caps, the upgrade ratio, the large-node hold and what I hold. */
export function useNodeOffer() {
  return useQuery({
    queryKey: placementKeys.offer,
    queryFn: ({ signal }) => api.get('/api/v1/nodes/offer', { signal, schema: nodeOfferSchema }),
  });
}

export function useNodeDashboard() {
  return useQuery({
    queryKey: placementKeys.dashboard,
    queryFn: ({ signal }) => api.get('/api/v1/nodes/dashboard', { signal, schema: nodeDashboardSchema }),
  });
}

export const useNodePurchases = () => usePages(placementKeys.nodePurchases, '/api/v1/nodes/purchases', nodePurchaseListSchema);
export const useNodeAllocations = () => usePages(placementKeys.allocations, '/api/v1/nodes/allocations', nodeAllocationListSchema);
export const useNodeRewards = () => usePages(placementKeys.rewards, '/api/v1/nodes/rewards', nodeRewardListSchema);

export function useNodeApplications() {
  return useQuery({
    queryKey: placementKeys.applications,
    queryFn: ({ signal }) => api.get('/api/v1/nodes/applications', { signal, schema: largeNodeApplicationListSchema }),
  });
}

export function getRewardProof(periodId: string) {
  return api.get(`/api/v1/nodes/rewards/${encodeURIComponent(periodId)}/proof`, { schema: nodeRewardProofSchema });
}

/** A POST that moves money or nodes, sent with its idempotency key; every figure is read again after. */
function useKeyedPost<B, R>(path: string, schema: ReplySchema<R>) {
  const refresh = useRefreshAfterMoney();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: Keyed<B>): Promise<R> => api.post(path, body, { schema, headers: keyed(idempotencyKey) }),
    onSuccess: refresh,
  });
}

export type NodePurchaseBody = { quantity: number; expectedAmount: string; remark?: string; paymentPassword: string };
export type NodeAllocationBody = { email: string; tier: NodeTierName; quantity: number; paymentPassword: string };
export type ApplicationBody = {
  email: string;
  city: string;
  name: string;
  contact: string;
  inviteCode?: string;
  teamSize: number;
  venueSqm: number;
  paymentPassword: string;
};

export const useBuyNodes = () => useKeyedPost<NodePurchaseBody, unknown>('/api/v1/nodes/purchases', nodePurchaseSchema);
export const useUpgradeNodes = () => useKeyedPost<{ paymentPassword: string }, unknown>('/api/v1/nodes/upgrades', nodeUpgradeSchema);
export const useAllocateNodes = () => useKeyedPost<NodeAllocationBody, unknown>('/api/v1/nodes/allocations', nodeAllocationSchema);
export const useApplyLargeNode = () =>
  useKeyedPost<ApplicationBody, LargeNodeApplication>('/api/v1/nodes/applications', largeNodeApplicationSchema);
