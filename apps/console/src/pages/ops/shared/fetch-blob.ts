import { adminUrl } from '../../../api-paths';
import type { ApiError } from '../../../lib/http';

/**
 * Bytes the admin API sends as they are (a KYC photo, a ticket's screenshot), asked with the console
 * cookie like every other read, as an object URL the page revokes when it is done. A refusal is the
 * same ApiError the JSON calls throw, with the server's translated message.
 */
export async function fetchObjectUrl(path: string, language: string, signal?: AbortSignal): Promise<string> {
  const response = await fetch(adminUrl(path), {
    credentials: 'same-origin',
    headers: { 'accept-language': language },
    signal,
    // The server marks these private, no-store; the browser is told the same.
    cache: 'no-store',
  });
  if (!response.ok) {
    let body: { error?: { code?: string; message?: string } } | undefined;
    try {
      body = await response.json();
    } catch {
      body = undefined;
    }
    const error: ApiError = {
      name: 'ApiError',
      statusCode: response.status,
      code: body?.error?.code ?? `HTTP_${response.status}`,
      message: body?.error?.message ?? `HTTP ${response.status}`,
    };
    throw error;
  }
  return URL.createObjectURL(await response.blob());
}
