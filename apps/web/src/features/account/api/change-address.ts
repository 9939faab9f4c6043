import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type changeAddressBodySchema, profileSchema } from '@wallet/contract';
import { api } from '../../../lib/api';
import { ME_QUERY_KEY } from '../../../lib/query-keys';
import type { Parsed } from '../../../lib/schema-types';
import { ADDRESS_HISTORY_QUERY_KEY } from './get-address-history';

export function changeAddress(body: Parsed<typeof changeAddressBodySchema>) {
  return api.post('/api/v1/me/address', body, { schema: profileSchema });
}

export function useChangeAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeAddress,
    onSuccess: async (profile) => {
      queryClient.setQueryData(ME_QUERY_KEY, profile);
      await queryClient.invalidateQueries({ queryKey: ADDRESS_HISTORY_QUERY_KEY });
    },
  });
}
