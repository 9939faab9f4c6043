import { useEffect, useState } from 'react';

/**
 * Whether the browser has painted a frame since `ready` became true. What waits on it (a chunk to
 * load, a dialog to open) never delays the frame that shows the page: a requestAnimationFrame
 * callback runs just before the next paint, and a task it queues runs after that paint.
 */
export function useAfterPaint(ready: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [ready, painted]);
  return painted;
}
