import { CSRF_HEADER, type TicketAttachment, ticketAttachmentSchema } from '@wallet/contract';
import { sessionCsrfToken } from '../../../lib/api';
import { ApiError } from '../../../lib/api-client';
import { compressImage } from '../../../lib/compress-image';
import { useAppStore } from '../../../lib/store';

/**
 * Shrinks a screenshot before it is sent (phone screenshots are several MB): at most 2000 px on the
 * long side, about 1 MB, as JPEG, so it is well under the server's 2 MB. Reports progress in percent.
 */
export function compressScreenshot(file: File, onProgress: (percent: number) => void): Promise<File> {
  return compressImage(file, { maxSizeMB: 1, maxWidthOrHeight: 2000, initialQuality: 0.85 }, onProgress);
}

/**
 * Uploads one screenshot (multipart, field "file") and resolves with its attachment id. XMLHttpRequest
 * rather than fetch, because only it reports upload progress. Fails with an ApiError of the reply's code.
 */
export async function uploadScreenshot(file: Blob, onProgress: (percent: number) => void, signal?: AbortSignal): Promise<TicketAttachment> {
  const { serverUrl, language } = useAppStore.getState();
  const csrf = await sessionCsrfToken();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${serverUrl.replace(/\/+$/, '')}/api/v1/tickets/attachments`);
    xhr.withCredentials = true;
    if (csrf) xhr.setRequestHeader(CSRF_HEADER, csrf);
    xhr.setRequestHeader('Accept-Language', language);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // Not JSON: handled below as a reply we cannot read.
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = ticketAttachmentSchema.safeParse(body);
        return parsed.success ? resolve(parsed.data) : reject(new ApiError('BAD_REPLY', 'Upload reply not understood', xhr.status));
      }
      const error = (body as { error?: { code?: string; message?: string } } | null)?.error;
      reject(new ApiError(error?.code ?? 'BAD_REPLY', error?.message ?? `HTTP ${xhr.status}`, xhr.status));
    };
    xhr.onerror = () => reject(new ApiError('NETWORK_ERROR', 'The server could not be reached', 0));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, 'screenshot.jpg');
    xhr.send(form);
  });
}

/**
 * A screenshot's bytes, for an object URL: an <img src> on a regional server would not carry the
 * session cookie, and the reply's errors are the API's.
 */
export async function fetchAttachment(id: string, signal?: AbortSignal): Promise<Blob> {
  const { serverUrl, language } = useAppStore.getState();
  const res = await fetch(`${serverUrl.replace(/\/+$/, '')}/api/v1/tickets/attachments/${encodeURIComponent(id)}`, {
    headers: { 'Accept-Language': language },
    credentials: 'include',
    signal,
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
    throw new ApiError(body?.error?.code ?? 'BAD_REPLY', body?.error?.message ?? `HTTP ${res.status}`, res.status);
  }
  return res.blob();
}
