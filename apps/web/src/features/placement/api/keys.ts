/** Query keys of the placement and node screens: one root, so a purchase or a distribution refreshes every figure at once. */
export const PLACEMENT_QUERY_KEY = ['placement'] as const;
export const placementKeys = {
  rounds: [...PLACEMENT_QUERY_KEY, 'rounds'] as const,
  round: (id: string) => [...PLACEMENT_QUERY_KEY, 'rounds', id] as const,
  me: [...PLACEMENT_QUERY_KEY, 'me'] as const,
  purchases: [...PLACEMENT_QUERY_KEY, 'purchases'] as const,
  distributions: (direction: 'out' | 'in') => [...PLACEMENT_QUERY_KEY, 'distributions', direction] as const,
  offer: [...PLACEMENT_QUERY_KEY, 'nodes', 'offer'] as const,
  dashboard: [...PLACEMENT_QUERY_KEY, 'nodes', 'dashboard'] as const,
  nodePurchases: [...PLACEMENT_QUERY_KEY, 'nodes', 'purchases'] as const,
  allocations: [...PLACEMENT_QUERY_KEY, 'nodes', 'allocations'] as const,
  applications: [...PLACEMENT_QUERY_KEY, 'nodes', 'applications'] as const,
  rewards: [...PLACEMENT_QUERY_KEY, 'nodes', 'rewards'] as const,
};
