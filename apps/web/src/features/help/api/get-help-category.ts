import { useQuery } from '@tanstack/react-query';
import { type HelpCategoryReply, helpCategoryReplySchema } from '@wallet/contract';
import { api } from '../../../lib/api';
import { useAppStore } from '../../../lib/store';
import { helpCategoryQueryKey } from './keys';

export function getHelpCategory(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<HelpCategoryReply> {
  return api.get(`/api/v1/help/categories/${encodeURIComponent(id)}`, { signal, schema: helpCategoryReplySchema });
}

/** A FAQ category with its questions and answers. */
export function useHelpCategory(id: string) {
  const language = useAppStore((state) => state.language);
  return useQuery({
    queryKey: helpCategoryQueryKey(id, language),
    queryFn: ({ signal }) => getHelpCategory(id, { signal }),
    enabled: id !== '',
    staleTime: 60_000,
  });
}
