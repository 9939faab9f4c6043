import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AppUnlockBody, appLockSettingSchema, okReplySchema, type SetAppLockBody } from '@wallet/contract';
import { api } from '../../lib/api';
import { APP_LOCK_QUERY_KEY } from './setting-query';

export function useSetAppLock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetAppLockBody) => api.put('/api/v1/me/app-lock', body, { schema: appLockSettingSchema }),
    onSuccess: (setting) => queryClient.setQueryData(APP_LOCK_QUERY_KEY, setting),
  });
}

export const unlockApp = (body: AppUnlockBody) => api.post('/api/v1/me/app-lock/unlock', body, { schema: okReplySchema });
