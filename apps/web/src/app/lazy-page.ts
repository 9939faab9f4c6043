import { LIMITS } from '@wallet/contract';
import type { ComponentType } from 'react';
import { withTimeout } from '../lib/with-timeout';

/**
 * A react-router `lazy` loader for a page chunk. A chunk that hangs (a stalled mobile connection)
 * fails after chunkLoadTimeoutMs instead of leaving the old screen up forever.
 *
 * A failure resolves to a page that throws while rendering, which lands in the route's error
 * element. Rejecting instead would not work: react-router 7 keeps treating a route whose lazy()
 * rejected as still loading and renders nothing below the nearest HydrateFallback, a blank screen.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  return async (): Promise<{ Component: ComponentType }> => {
    try {
      const page = await withTimeout(load(), LIMITS.client.chunkLoadTimeoutMs, 'Page chunk did not load in time');
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
