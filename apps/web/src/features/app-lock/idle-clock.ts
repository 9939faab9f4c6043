/*
 * When the member last used the app, kept in localStorage so a reload or a reopened tab still knows,
 * and the last app lock setting the server gave, so the lock covers the app on its first frame rather
 * than after the setting's request. The lock itself is the server's to lift (POST /me/app-lock/unlock).
 */

const ACTIVE_KEY = 'sbc-app-lock-active';
const SETTING_KEY = 'sbc-app-lock-idle';

function read(key: string): number | null {
  try {
    const value = Number.parseInt(localStorage.getItem(key) ?? '', 10);
    return Number.isFinite(value) && value >= 0 ? value : null;
  } catch {
    return null;
  }
}

function write(key: string, value: number | null) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, String(value));
  } catch {
    // Storage refused (private mode, full): the lock then falls back to locking on every open.
  }
}

export const lastActiveAt = (): number | null => read(ACTIVE_KEY);
export const markActive = (now = Date.now()) => write(ACTIVE_KEY, now);
export const cachedIdleSeconds = (): number | null => read(SETTING_KEY);
export const cacheIdleSeconds = (idleSeconds: number | null) => write(SETTING_KEY, idleSeconds);

/**
 * Whether the app must lock when opened or brought back at `now`: the lock is on (idleSeconds not
 * null) and the app sat unused at least that long. Unknown last use (storage cleared, a new device)
 * locks; so does a last use in the future (the clock moved back, or a hand-edited value).
 */
export function lockDue(idleSeconds: number | null, lastActive: number | null, now: number): boolean {
  if (idleSeconds === null) return false;
  if (lastActive === null || lastActive > now) return true;
  return now - lastActive >= idleSeconds * 1000;
}
