import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSignedIn } from '../../lib/session';

/** Past the first screen: after the page's load, when the browser is idle (or 5 s at the latest). */
function whenIdle(run: () => void): () => void {
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    if ('requestIdleCallback' in window) idle = window.requestIdleCallback(run, { timeout: 5000 });
    else timer = setTimeout(run, 2000);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    if (idle !== undefined) window.cancelIdleCallback(idle);
    if (timer !== undefined) clearTimeout(timer);
  };
}

/**
 * Mounted in the app shell: while a member is signed in, their app checks their proof of reserves by
 * itself once per snapshot (run-auto-check.ts). The verifier and the proofs come in a chunk of their
 * own, loaded only when the browser is idle: the first screen neither waits for nor carries them.
 * A check that fails to run (offline) is tried again on the next open; nothing here is shown.
 */
export function ProofAutoCheck() {
  const signedIn = useSignedIn();
  const client = useQueryClient();
  useEffect(() => {
    if (!signedIn) return;
    return whenIdle(() => {
      import('./run-auto-check').then(({ runAutoCheck }) => runAutoCheck(client)).catch(() => undefined);
    });
  }, [signedIn, client]);
  return null;
}
