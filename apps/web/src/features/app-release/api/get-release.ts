import { queryOptions, useQuery } from '@tanstack/react-query';
import { APP_VERSION, type AppReleaseCheckReply, appReleaseCheckReplySchema, type Language } from '@wallet/contract';
import { api } from '../../../lib/api';
import { useAppStore } from '../../../lib/store';

/** The update check (no login): the newest published release for this version, its notes in `language`. */
export function getRelease({ signal }: { signal?: AbortSignal } = {}): Promise<AppReleaseCheckReply> {
  return api.get(`/api/v1/app/release?version=${encodeURIComponent(APP_VERSION)}`, { signal, schema: appReleaseCheckReplySchema });
}

export const releaseQueryOptions = (language: Language) =>
  queryOptions({
    // The notes come in the request's language: another language is another answer.
    queryKey: ['app-release', 'check', language],
    queryFn: ({ signal }) => getRelease({ signal }),
    staleTime: 5 * 60_000,
  });

export function useRelease() {
  const language = useAppStore((state) => state.language);
  return useQuery(releaseQueryOptions(language));
}
