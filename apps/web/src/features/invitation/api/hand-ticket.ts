import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type HandTicketReply, handTicketReplySchema } from '@wallet/contract';
import { api } from '../../../lib/api';
import { INVITATION_QUERY_KEY } from './keys';

export function handTicket(uid: string): Promise<HandTicketReply> {
  return api.post('/api/v1/agency/tickets/hand', { uid }, { schema: handTicketReplySchema });
}

/** Hands one of my card tickets to an invitee; the summary and the team are read again after. */
export function useHandTicket() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: handTicket,
    onSettled: () => client.invalidateQueries({ queryKey: INVITATION_QUERY_KEY }),
  });
}
