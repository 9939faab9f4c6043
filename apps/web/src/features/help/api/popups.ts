import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HelpPopupsReply } from '@wallet/contract';
import { api } from '../../../lib/api';
import { firstScreenSchemas } from '../../../lib/first-screen-schemas';
import { useSignedIn } from '../../../lib/session';
import { useAppStore } from '../../../lib/store';
import { HELP_QUERY_KEY, helpPopupsQueryKey } from './keys';

export function getPopups({ signal }: { signal?: AbortSignal } = {}): Promise<HelpPopupsReply> {
  return api.get('/api/v1/help/popups', { signal, schema: firstScreenSchemas.popups });
}

/** Pop-up announcements the member has not dismissed; read once per opening of home, when `enabled`. */
export function usePendingPopups(enabled: boolean) {
  const signedIn = useSignedIn();
  const language = useAppStore((state) => state.language);
  return useQuery({
    queryKey: helpPopupsQueryKey(language),
    queryFn: ({ signal }) => getPopups({ signal }),
    enabled: enabled && signedIn,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    // A pop-up is a courtesy: a failure to read them is not worth an error on home.
    retry: false,
  });
}

export function dismissPopup(id: string): Promise<unknown> {
  return api.post(`/api/v1/help/popups/${encodeURIComponent(id)}/dismiss`);
}

/** Dismisses a pop-up for good; the pending list drops it at once, whatever the server answers. */
export function useDismissPopup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissPopup,
    onMutate: (id) => {
      queryClient.setQueriesData<HelpPopupsReply>({ queryKey: [...HELP_QUERY_KEY, 'popups'] }, (data) =>
        data ? { popups: data.popups.filter((popup) => popup.id !== id) } : data,
      );
    },
  });
}
