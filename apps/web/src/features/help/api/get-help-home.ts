import { useQuery } from '@tanstack/react-query';
import { type HelpHomeReply, helpHomeReplySchema } from '@wallet/contract';
import { api } from '../../../lib/api';
import { useAppStore } from '../../../lib/store';
import { helpHomeQueryKey } from './keys';

export function getHelpHome({ signal }: { signal?: AbortSignal } = {}): Promise<HelpHomeReply> {
  return api.get('/api/v1/help', { signal, schema: helpHomeReplySchema });
}

/** Announcements, FAQ categories and guides, in the app's language (or the fallback the server chose). */
export function useHelpHome() {
  const language = useAppStore((state) => state.language);
  return useQuery({ queryKey: helpHomeQueryKey(language), queryFn: ({ signal }) => getHelpHome({ signal }), staleTime: 60_000 });
}
