import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileSchema, type setPaymentPasswordBodySchema } from '@wallet/contract';
import { api } from '../../../lib/api';
import { ME_QUERY_KEY } from '../../../lib/query-keys';
import type { Parsed } from '../../../lib/schema-types';

/** Sets, or resets when forgotten, the payment password with an emailed code (purpose payment_password). */
export function setPaymentPassword(body: Parsed<typeof setPaymentPasswordBodySchema>) {
  return api.post('/api/v1/me/payment-password', body, { schema: profileSchema });
}

export function useSetPaymentPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPaymentPassword,
    onSuccess: (profile) => queryClient.setQueryData(ME_QUERY_KEY, profile),
  });
}
