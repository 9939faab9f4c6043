import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { cardProductListSchema } from '@wallet/contract';
import { api } from '../api';
import { useAppStore } from '../store';

export const getCardProducts = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get('/api/v1/cards/products', { signal, schema: cardProductListSchema });

/** Keyed by language: the reply's `name` is in the language asked for, so a switch must not reuse it. */
export function useCardProducts() {
  const language = useAppStore((state) => state.language);
  return useQuery({
    queryKey: ['cards', 'products', language],
    queryFn: ({ signal }) => getCardProducts({ signal }),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}
