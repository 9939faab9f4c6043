import { startTransition, useEffect, useState } from 'react';

/**
 * Whether a page may draw what its query brought. Data there when the page mounts is drawn at once;
 * data that arrives later is first answered with the placeholder, then drawn in a transition, which
 * React renders in slices of a few milliseconds between which the browser can answer a tap. A query
 * notifies its components through useSyncExternalStore, whose renders React never slices: a card's
 * page drawn that way took one 80 ms task on arrival (a 300 ms one on a phone four times slower).
 * Once drawn, later data (a refresh) is drawn as it comes.
 */
export function useDrawnInTransition(hasData: boolean): boolean {
  const [drawn, setDrawn] = useState(hasData);
  useEffect(() => {
    if (hasData && !drawn) startTransition(() => setDrawn(true));
  }, [hasData, drawn]);
  return drawn;
}
