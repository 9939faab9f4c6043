import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type changePaymentPasswordBodySchema, profileSchema } from '@wallet/contract';
import { api } from '../../../lib/api';
import { ME_QUERY_KEY } from '../../../lib/query-keys';
import type { Parsed } from '../../../lib/schema-types';

export function changePaymentPassword(body: Parsed<typeof changePaymentPasswordBodySchema>) {
  return api.put('/api/v1/me/payment-password', body, { schema: profileSchema });
}

export function useChangePaymentPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePaymentPassword,
    onSuccess: (profile) => queryClient.setQueryData(ME_QUERY_KEY, profile),
  });
}
