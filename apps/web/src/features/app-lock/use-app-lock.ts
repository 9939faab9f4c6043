import { useCallback, useEffect, useRef, useState } from 'react';
import { useSignedIn } from '../../lib/session';
import { cachedIdleSeconds, cacheIdleSeconds, lastActiveAt, lockDue, markActive } from './idle-clock';
import { useAppLockSetting } from './setting-query';

/** Interactions count as use at most this often: a scroll fires hundreds. */
const MARK_EVERY_MS = 1000;
const USE_EVENTS = ['pointerdown', 'keydown', 'scroll'] as const;

/**
 * Whether the app is locked now, and `unlocked()` for the lock screen once the server took the
 * member's proof. Locks when the app is opened (this page load) or brought back to the foreground
 * after sitting unused for the member's idle time. A sign-in within this page starts unlocked.
 */
export function useAppLock(): { locked: boolean; unlocked: () => void } {
  const signedIn = useSignedIn();
  const setting = useAppLockSetting();
  const serverIdle = setting.data ? setting.data.idleSeconds : undefined;
  // What the open of this page is judged on, taken before anything below marks the app as used.
  const opened = useRef({ at: Date.now(), lastActive: lastActiveAt(), judgedWithServer: false, signedInHere: !signedIn });
  const [locked, setLocked] = useState(() => signedIn && lockDue(cachedIdleSeconds(), opened.current.lastActive, opened.current.at));
  const state = useRef({ locked, signedIn, idle: serverIdle ?? cachedIdleSeconds() });
  state.current = { locked, signedIn, idle: serverIdle === undefined ? cachedIdleSeconds() : serverIdle };

  useEffect(() => {
    if (signedIn) return;
    opened.current.signedInHere = true;
    setLocked(false);
  }, [signedIn]);

  // The server's word on the setting: kept for the next open, and the judge of this one if the copy was stale.
  useEffect(() => {
    if (serverIdle === undefined) return;
    cacheIdleSeconds(serverIdle);
    const open = opened.current;
    if (serverIdle === null) setLocked(false);
    else if (!open.judgedWithServer && !open.signedInHere && lockDue(serverIdle, open.lastActive, open.at)) setLocked(true);
    open.judgedWithServer = true;
  }, [serverIdle]);

  useEffect(() => {
    let lastMark = 0;
    const used = () => {
      const now = Date.now();
      if (state.current.locked || !state.current.signedIn || now - lastMark < MARK_EVERY_MS) return;
      lastMark = now;
      markActive(now);
    };
    const onVisibility = () => {
      const { locked: isLocked, signedIn: isSignedIn, idle } = state.current;
      if (!isSignedIn || isLocked) return;
      if (document.visibilityState === 'hidden') markActive();
      else if (lockDue(idle, lastActiveAt(), Date.now())) setLocked(true);
    };
    const onHide = () => {
      if (!state.current.locked && state.current.signedIn) markActive();
    };
    used();
    for (const name of USE_EVENTS) window.addEventListener(name, used, { capture: true, passive: true });
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onHide);
    return () => {
      for (const name of USE_EVENTS) window.removeEventListener(name, used, { capture: true });
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onHide);
    };
  }, []);

  const unlocked = useCallback(() => {
    markActive();
    setLocked(false);
  }, []);

  return { locked: locked && signedIn, unlocked };
}
