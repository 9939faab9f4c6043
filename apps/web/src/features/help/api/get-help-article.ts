import { useQuery } from '@tanstack/react-query';
import { type HelpArticleReply, helpArticleReplySchema } from '@wallet/contract';
import { api } from '../../../lib/api';
import { useAppStore } from '../../../lib/store';
import { helpArticleQueryKey } from './keys';

export function getHelpArticle(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<HelpArticleReply> {
  return api.get(`/api/v1/help/articles/${encodeURIComponent(id)}`, { signal, schema: helpArticleReplySchema });
}

/** An article with its related articles. */
export function useHelpArticle(id: string) {
  const language = useAppStore((state) => state.language);
  return useQuery({
    queryKey: helpArticleQueryKey(id, language),
    queryFn: ({ signal }) => getHelpArticle(id, { signal }),
    enabled: id !== '',
    staleTime: 60_000,
  });
}
