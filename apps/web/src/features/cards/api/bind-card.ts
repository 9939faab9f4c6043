import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cardSchema } from '@wallet/contract';
import { api } from '../../../lib/api';
import { CARDS_QUERY_KEY } from '../../../lib/query-keys';
import { cardQueryKey } from './get-cards';

/** Binds a delivered physical card by the number printed on it; the issuer checks the number. */
export function useBindCard(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cardNumber: string) => api.post(`/api/v1/cards/${encodeURIComponent(id)}/bind`, { cardNumber }, { schema: cardSchema }),
    onSuccess: (card) => {
      queryClient.setQueryData(cardQueryKey(card.id), card);
      return queryClient.invalidateQueries({ queryKey: CARDS_QUERY_KEY, exact: true });
    },
  });
}
