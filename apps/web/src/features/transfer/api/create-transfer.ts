import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_HEADER, type transferBodySchema, transferReplySchema } from '@wallet/contract';
import { api } from '../../../lib/api';
import { WALLET_QUERY_KEY } from '../../../lib/query-keys';
import type { Parsed } from '../../../lib/schema-types';
import { RECENT_RECIPIENTS_KEY } from './get-recent-recipients';

export type TransferBody = Parsed<typeof transferBodySchema>;
export type TransferReply = Parsed<typeof transferReplySchema>;

/** Sends money by UID; a repeat with the same idempotency key returns the first transfer. */
export function createTransfer({ body, idempotencyKey }: { body: TransferBody; idempotencyKey: string }) {
  return api.post('/api/v1/wallet/transfers', body, { schema: transferReplySchema, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
}

export function useCreateTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTransfer,
    // Balances, records and whom I paid lately changed; whichever screens show them refetch.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: RECENT_RECIPIENTS_KEY }),
      ]),
  });
}
