import { LIMITS } from '@wallet/contract';
import type { ComponentType } from 'react';
import { wholeCatalogueReady } from '../lib/i18n';
import { withTimeout } from '../lib/with-timeout';

/**
 * A react-router `lazy` loader for a page chunk, and the texts of every page (the first load carries
 * only the first screen's: lib/i18n/first-screen-sections.ts). A chunk that hangs (a stalled mobile connection)
 * fails after chunkLoadTimeoutMs instead of leaving the old screen up forever.
 *
 * A failure resolves to a page that throws while rendering, which lands in the route's error
 * element. Rejecting instead would not work: react-router 7 keeps treating a route whose lazy()
 * rejected as still loading and renders nothing below the nearest HydrateFallback, a blank screen.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  return async (): Promise<{ Component: ComponentType }> => {
    try {
      const [page] = await withTimeout(
        Promise.all([load(), wholeCatalogueReady()]),
        LIMITS.client.chunkLoadTimeoutMs,
        'Page chunk did not load in time',
      );
      return { Component: page.default };
    } catch (error) {
      return {
        Component: function ChunkLoadFailed(): never {
          throw error;
        },
      };
    }
  };
}
