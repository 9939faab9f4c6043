import { useQuery } from '@tanstack/react-query';
import { type InvitationReply, invitationReplySchema } from '@wallet/contract';
import { api } from '../../../lib/api';
import { invitationKeys } from './keys';

export function getInvitation({ signal }: { signal?: AbortSignal } = {}): Promise<InvitationReply> {
  return api.get('/api/v1/invitation', { signal, schema: invitationReplySchema });
}

/** My invite code, link and referral ID, and how many I invited. */
export function useInvitation() {
  return useQuery({ queryKey: invitationKeys.invitation, queryFn: ({ signal }) => getInvitation({ signal }), staleTime: 30_000 });
}
