import { useMutation } from '@tanstack/react-query';
import { errorReplySchema, type StatementQuery } from '@wallet/contract';
import { ApiError } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download-file';
import { isAuthPath, loginPathFor } from '../../../lib/redirect';
import { useAppStore } from '../../../lib/store';

/** A big PDF takes longer than a JSON reply; past this the member is told and can try a shorter period. */
const DOWNLOAD_TIMEOUT_MS = 120_000;

/**
 * The statement file, fetched with the session cookie like every call (never a link with a token in
 * it, which could leak from history or logs). The JSON client cannot carry a file, so this
 * is its small twin for one binary reply, with the same error handling.
 */
export async function fetchStatement(query: StatementQuery): Promise<{ blob: Blob; fileName: string }> {
  const { serverUrl, language, endSession } = useAppStore.getState();
  const params = new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), DOWNLOAD_TIMEOUT_MS);
  let response: Response;
  let blob: Blob;
  try {
    response = await fetch(`${serverUrl.replace(/\/+$/, '')}/api/v1/me/statements?${params}`, {
      headers: {
        Accept: 'text/csv, application/pdf, application/json',
        'Accept-Language': language,
      },
      credentials: 'include',
      signal: controller.signal,
    });
    blob = await response.blob();
  } catch {
    if (controller.signal.aborted) throw new ApiError('TIMEOUT', `No statement within ${DOWNLOAD_TIMEOUT_MS} ms`, 0);
    throw new ApiError('NETWORK_ERROR', 'The server could not be reached', 0);
  } finally {
    clearTimeout(timer);
  }
  if (response.status === 401) {
    endSession();
    const here = window.location.hash.replace(/^#/, '') || '/';
    if (!isAuthPath(here)) window.location.hash = loginPathFor(here);
  }
  if (!response.ok) {
    const parsed = errorReplySchema.safeParse(
      await blob
        .text()
        .then(JSON.parse)
        .catch(() => undefined),
    );
    if (parsed.success) throw new ApiError(parsed.data.error.code, parsed.data.error.message, response.status, parsed.data.error.details);
    throw new ApiError('BAD_REPLY', `HTTP ${response.status} without an error reply`, response.status);
  }
  // Another region's server does not expose Content-Disposition to this origin: then the name is made here.
  const named = /filename="([\w.-]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return { blob, fileName: named?.[1] ?? `statement-${query.from}_${query.to}.${query.format}` };
}

export function useDownloadStatement() {
  return useMutation({
    mutationFn: async (query: StatementQuery) => {
      const { blob, fileName } = await fetchStatement(query);
      downloadFile(blob, fileName);
    },
  });
}
