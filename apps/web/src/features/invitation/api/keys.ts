/** Query keys of the invitation screens: one root, so a ticket handed refreshes the summary and the team at once. */
export const INVITATION_QUERY_KEY = ['invitation'] as const;
export const invitationKeys = {
  invitation: [...INVITATION_QUERY_KEY, 'mine'] as const,
  invitees: [...INVITATION_QUERY_KEY, 'invitees'] as const,
  summary: [...INVITATION_QUERY_KEY, 'summary'] as const,
  earnings: [...INVITATION_QUERY_KEY, 'earnings'] as const,
  rewards: (filters: { status: string | null; type: number | null }) => [...INVITATION_QUERY_KEY, 'rewards', filters] as const,
};
