/** Query keys of the proof-of-reserves screens: one root, so the member's report refreshes both pages. */
export const RESERVES_QUERY_KEY = ['reserves'] as const;
export const reservesKeys = {
  latest: [...RESERVES_QUERY_KEY, 'latest'] as const,
  snapshot: (id: string) => [...RESERVES_QUERY_KEY, 'snapshot', id] as const,
  history: [...RESERVES_QUERY_KEY, 'history'] as const,
  mine: [...RESERVES_QUERY_KEY, 'mine'] as const,
};
