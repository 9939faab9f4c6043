import { CLIENT_LIMITS } from '@wallet/contract';
import type { ComponentType } from 'react';
import { useSyncExternalStore } from 'react';
import { wholeCatalogueReady } from '../lib/i18n';
import { withTimeout } from '../lib/with-timeout';

let loading = 0;
const listeners = new Set<() => void>();

function setLoading(change: number) {
  loading += change;
  for (const listener of listeners) listener();
}

/** Whether a page chunk the app is about to draw is still on its way (the app shell shows a thin line). */
export function usePageLoading(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => loading > 0,
  );
}

/**
 * A React.lazy loader for a page chunk, and the texts of every page (the first load carries only the
 * first screen's: lib/i18n/first-screen-sections.ts). A chunk that hangs (a stalled mobile connection)
 * fails after chunkLoadTimeoutMs instead of leaving the old screen up forever.
 *
 * A failure resolves to a page that throws while rendering, which the page's error boundary shows
 * (route-error.tsx); React.lazy would otherwise keep the rejection and offer no way to show it as a page.
 */
export function lazyPage<P extends object = object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return async (): Promise<{ default: ComponentType<P> }> => {
    setLoading(1);
    try {
      const [page] = await withTimeout(
        Promise.all([load(), wholeCatalogueReady()]),
        CLIENT_LIMITS.chunkLoadTimeoutMs,
        'Page chunk did not load in time',
      );
      return page;
    } catch (error) {
      return {
        default: function ChunkLoadFailed(): never {
          throw error;
        },
      };
    } finally {
      setLoading(-1);
    }
  };
}
