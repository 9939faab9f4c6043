import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileSchema, type updateProfileBodySchema } from '@wallet/contract';
import { api } from '../../../lib/api';
import { ME_QUERY_KEY } from '../../../lib/query-keys';
import type { Parsed } from '../../../lib/schema-types';

export type ProfileChanges = Parsed<typeof updateProfileBodySchema>;

export function updateMe(body: ProfileChanges) {
  return api.patch('/api/v1/me', body, { schema: profileSchema });
}

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMe,
    onSuccess: (profile) => queryClient.setQueryData(ME_QUERY_KEY, profile),
  });
}
