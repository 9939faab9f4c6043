import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { HELP_LIMITS, type HelpSearchReply, helpSearchReplySchema } from '@wallet/contract';
import { api } from '../../../lib/api';
import { useAppStore } from '../../../lib/store';
import { helpSearchQueryKey } from './keys';

export function searchHelp(query: string, { signal }: { signal?: AbortSignal } = {}): Promise<HelpSearchReply> {
  return api.get(`/api/v1/help/search?${new URLSearchParams({ q: query })}`, { signal, schema: helpSearchReplySchema });
}

/** The query as the server takes it: trimmed, at most HELP_LIMITS.searchMax characters; empty means no search. */
export function searchTerm(raw: string | null): string {
  return Array.from((raw ?? '').trim())
    .slice(0, HELP_LIMITS.searchMax)
    .join('')
    .trim();
}

/** Help articles matching `query` (already trimmed); idle while it is empty. */
export function useHelpSearch(query: string) {
  const language = useAppStore((state) => state.language);
  return useQuery({
    queryKey: helpSearchQueryKey(query, language),
    queryFn: ({ signal }) => searchHelp(query, { signal }),
    enabled: query !== '',
    staleTime: 60_000,
    // While the next query loads, the last results stay rather than flashing a placeholder.
    placeholderData: keepPreviousData,
  });
}
