import { useQuery } from '@tanstack/react-query';
import { cardTransactionListSchema } from '@wallet/contract';
import { api } from '../../../lib/api';

export function useCardTransactions(id: string | null) {
  return useQuery({
    queryKey: ['cards', 'transactions', id ?? ''],
    queryFn: ({ signal }) =>
      api.get(`/api/v1/cards/${encodeURIComponent(id ?? '')}/transactions?limit=50`, { signal, schema: cardTransactionListSchema }),
    enabled: id !== null,
  });
}
