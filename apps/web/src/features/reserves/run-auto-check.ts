import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { firstScreenSchemas } from '../../lib/first-screen-schemas';
import { ME_QUERY_KEY } from '../../lib/query-keys';
import { reservesKeys } from './api/keys';
import { getHistory, getMyProofs, getSnapshot, reportChecks } from './api/reserves';
import { type AutoCheckOutcome, autoCheck } from './auto-check';

let running: Promise<AutoCheckOutcome> | null = null;

/**
 * The automatic check with the app's API and this browser's storage; one at a time, however many
 * screens ask (the app shell on open, the proof screen when it finds a result missing).
 */
export function runAutoCheck(client: QueryClient): Promise<AutoCheckOutcome> {
  running ??= autoCheck({
    // The profile home has mostly read already, under the key every screen shares.
    uid: async () =>
      (
        await client.fetchQuery({
          queryKey: ME_QUERY_KEY,
          queryFn: ({ signal }) => api.get('/api/v1/me', { signal, schema: firstScreenSchemas.profile }),
          staleTime: 30_000,
        })
      ).uid,
    latest: async () => {
      const item = (await getHistory(0, 1)).items[0];
      return item ? { id: item.id, lines: item.lines } : null;
    },
    snapshot: (id) => getSnapshot(id),
    mine: () => getMyProofs(),
    report: async (report) => {
      await reportChecks(report);
      await client.invalidateQueries({ queryKey: reservesKeys.mine });
    },
    storage: localStorage,
  }).finally(() => {
    running = null;
  });
  return running;
}
