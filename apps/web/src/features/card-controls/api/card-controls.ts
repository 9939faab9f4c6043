import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type CardControlsBody, cardControlsSchema } from '@wallet/contract';
import { api } from '../../../lib/api';

export const cardControlsQueryKey = (id: string) => ['cards', 'controls', id] as const;
const path = (id: string) => `/api/v1/cards/${encodeURIComponent(id)}/controls`;

/** A card's spending controls and this month's approved spend. */
export function useCardControls(id: string) {
  return useQuery({
    queryKey: cardControlsQueryKey(id),
    queryFn: ({ signal }) => api.get(path(id), { signal, schema: cardControlsSchema }),
  });
}

/** Sets all of a card's controls at once; the reply is what the server now holds. */
export function useSaveCardControls(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CardControlsBody) => api.put(path(id), body, { schema: cardControlsSchema }),
    onSuccess: (controls) => queryClient.setQueryData(cardControlsQueryKey(id), controls),
  });
}
