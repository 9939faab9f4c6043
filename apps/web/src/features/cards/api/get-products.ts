import { useQuery } from '@tanstack/react-query';
import { cardProductListSchema } from '@wallet/contract';
import { api } from '../../../lib/api';

export const getCardProducts = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get('/api/v1/cards/products', { signal, schema: cardProductListSchema });

export function useCardProducts() {
  return useQuery({ queryKey: ['cards', 'products'], queryFn: ({ signal }) => getCardProducts({ signal }), staleTime: 60_000 });
}
