import { useQuery } from '@tanstack/react-query';
import { type HelpServiceReply, helpServiceReplySchema } from '@wallet/contract';
import { api } from '../../../lib/api';
import { useAppStore } from '../../../lib/store';
import { helpServiceQueryKey } from './keys';

export function getHelpService({ signal }: { signal?: AbortSignal } = {}): Promise<HelpServiceReply> {
  return api.get('/api/v1/help/service', { signal, schema: helpServiceReplySchema });
}

/** How to reach support, and when. */
export function useHelpService() {
  const language = useAppStore((state) => state.language);
  return useQuery({ queryKey: helpServiceQueryKey(language), queryFn: ({ signal }) => getHelpService({ signal }), staleTime: 60_000 });
}
