import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CSRF_HEADER, type KycBody, type KycPhotoSide, kycStatusSchema, LIMITS } from '@wallet/contract';
import { api, sessionCsrfToken } from '../../../lib/api';
import { CARDS_QUERY_KEY, ME_QUERY_KEY } from '../../../lib/query-keys';
import { useAppStore } from '../../../lib/store';

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

const photoUrl = (side: KycPhotoSide) => `${useAppStore.getState().serverUrl.replace(/\/+$/, '')}/api/v1/cards/kyc/photos/${side}`;

const failure = (code: string) => Object.assign(new Error(code), { code });

/**
 * Uploads one document photo as the raw image body. XMLHttpRequest rather than fetch, because only it
 * reports upload progress; photos are large even after compression on slow mobile links. The same
 * headers as the API client; a PUT of one side replaces it, so sending it again is safe.
 */
export async function uploadKycPhoto(
  side: KycPhotoSide,
  file: Blob,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  const { language } = useAppStore.getState();
  const csrf = await sessionCsrfToken();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', photoUrl(side));
    xhr.timeout = LIMITS.client.httpTimeoutMs * 2;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.withCredentials = true;
    if (csrf) xhr.setRequestHeader(CSRF_HEADER, csrf);
    xhr.setRequestHeader('Accept-Language', language);
    xhr.setRequestHeader('Content-Type', file.type || 'image/jpeg');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        return resolve();
      }
      let code = 'KYC_PHOTO_INVALID';
      try {
        code = (JSON.parse(xhr.responseText) as { error: { code: string } }).error.code;
      } catch {
        // A proxy's page rather than our error reply: as good as no connection.
        code = 'NETWORK_ERROR';
      }
      if (xhr.status === 401) useAppStore.getState().endSession();
      reject(failure(code));
    };
    xhr.onerror = () => reject(failure('NETWORK_ERROR'));
    xhr.ontimeout = () => reject(failure('TIMEOUT'));
    xhr.onabort = () => reject(failure('ABORTED'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

/** A photo sent earlier (kept privately on the server), as a local object URL for its thumbnail. */
export async function fetchKycPhoto(side: KycPhotoSide, signal?: AbortSignal): Promise<string> {
  const { language } = useAppStore.getState();
  const res = await fetch(photoUrl(side), {
    headers: { 'Accept-Language': language },
    credentials: 'include',
    signal,
  });
  if (!res.ok) throw failure(res.status === 404 ? 'NOT_FOUND' : 'NETWORK_ERROR');
  return URL.createObjectURL(await res.blob());
}
