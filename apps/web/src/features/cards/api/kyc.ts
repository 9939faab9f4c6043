import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type KycBody, type KycPhotoSide, kycStatusSchema } from '@wallet/contract';
import { api } from '../../../lib/api';
import { useAppStore } from '../../../lib/store';
import { ME_QUERY_KEY } from '../../account/api/get-me';
import { CARDS_QUERY_KEY } from './get-cards';

const KYC_QUERY_KEY = ['cards', 'kyc'] as const;

export const getKyc = ({ signal }: { signal?: AbortSignal } = {}) => api.get('/api/v1/cards/kyc', { signal, schema: kycStatusSchema });

export function useKyc() {
  return useQuery({
    queryKey: KYC_QUERY_KEY,
    queryFn: ({ signal }) => getKyc({ signal }),
    refetchInterval: (query) => (query.state.data?.status === 'in_progress' ? 3000 : false),
  });
}

export function useSubmitKyc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: KycBody) => api.post('/api/v1/cards/kyc', body, { schema: kycStatusSchema }),
    onSuccess: (status) => {
      queryClient.setQueryData(KYC_QUERY_KEY, status);
      // The profile shows the KYC status too.
      void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
      return queryClient.invalidateQueries({ queryKey: CARDS_QUERY_KEY });
    },
  });
}

/**
 * Uploads one document photo as the raw image body. XMLHttpRequest rather than fetch, because only it
 * reports upload progress; photos are large even after compression on slow mobile links.
 */
export function uploadKycPhoto(side: KycPhotoSide, file: Blob, onProgress: (percent: number) => void): Promise<void> {
  const { serverUrl, token, language } = useAppStore.getState();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', `${serverUrl.replace(/\/+$/, '')}/api/v1/cards/kyc/photos/${side}`);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept-Language', language);
    xhr.setRequestHeader('Content-Type', file.type || 'image/jpeg');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve();
      let code = 'KYC_PHOTO_INVALID';
      try {
        code = (JSON.parse(xhr.responseText) as { error: { code: string } }).error.code;
      } catch {
        // Keep the generic code.
      }
      reject(Object.assign(new Error(code), { code }));
    };
    xhr.onerror = () => reject(Object.assign(new Error('NETWORK_ERROR'), { code: 'NETWORK_ERROR' }));
    xhr.send(file);
  });
}
