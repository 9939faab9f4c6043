/**
 * The counting rules of the secret-guessing limits, as pure steps over one counter's state. The
 * PostgreSQL store runs these under row locks; the Redis store's Lua script (secret-attempts-redis.ts)
 * is the same steps written for Redis, and both stores pass the same tests.
 *
 * A guess takes a place BEFORE the secret is checked (reserve): wrong guesses so far plus guesses
 * being checked may not pass the limit, so N parallel guesses cannot each see "4 wrong so far" and
 * all be checked. Its verdict then settles it: wrong adds to the count (the one reaching the limit
 * locks), right clears the account's count, no verdict (an error) only frees the place. Guesses
 * beyond the limit wait for a place, so parallel guesses are checked a few at a time, never more
 * than the limit allows. A place whose request died (a crashed process) is freed after PENDING_STALE_MS.
 */

/** Longer than any check takes (argon2, an issuer call within its timeout). */
export const PENDING_STALE_MS = 2 * 60_000;

export interface AttemptRule {
  maxFailures: number;
  /** null: wrong guesses in a row, forgotten only when a right one clears them (or a lock ends). */
  windowMs: number | null;
  lockMs: number;
}

export interface AttemptKey {
  kind: string;
  /** 'a:<account>' or 'ip:<address>'. */
  subject: string;
  rule: AttemptRule;
  /** Account counters start again after a right guess; address counters only free the place. */
  clearOnSuccess: boolean;
}

export interface AttemptState {
  /** Wrong guesses in this window. */
  failures: number;
  /** Guesses being checked now, and when the latest began. */
  pending: number;
  pendingAt: number;
  windowStartedAt: number;
  lockedUntil: number | null;
}

/** A state to write, null for no change, 'delete' to forget the counter. */
export type Write = AttemptState | null | 'delete';

export type Reserved = { lockedUntil: number } | { busyUntil: number } | { reserved: true };
export type Failed = { lockedUntil: number } | { remainingAttempts: number };

function lockedAt(state: AttemptState | undefined, now: number): state is AttemptState & { lockedUntil: number } {
  return state?.lockedUntil != null && state.lockedUntil > now;
}

/** The state as it counts now: a window over or a lock ended starts afresh; stale places are freed. */
function current(state: AttemptState | undefined, rule: AttemptRule, now: number): AttemptState {
  const windowOver = state && rule.windowMs !== null && state.windowStartedAt + rule.windowMs <= now;
  if (!state || state.lockedUntil != null || windowOver) {
    const pending = state && !lockedAt(state, now) && state.pendingAt + PENDING_STALE_MS > now ? state.pending : 0;
    return { failures: 0, pending, pendingAt: state?.pendingAt ?? now, windowStartedAt: now, lockedUntil: null };
  }
  return state.pendingAt + PENDING_STALE_MS > now ? state : { ...state, pending: 0 };
}

/**
 * Takes a place for one guess on every key, or on none. A key still locked refuses the guess. A key
 * whose wrong guesses plus guesses being checked already fill its limit is busy: the guess waits
 * for those checks to end (they may lock it, or a right one may clear it) and asks again.
 */
export function planReserve(
  keys: AttemptKey[],
  states: Array<AttemptState | undefined>,
  now: number,
): { result: Reserved; writes: Write[] } {
  const locks = states.map((s) => (lockedAt(s, now) ? s.lockedUntil : 0));
  if (Math.max(0, ...locks) > 0) return { result: { lockedUntil: Math.max(...locks) }, writes: keys.map(() => null) };
  const next = keys.map((key, i) => current(states[i], key.rule, now));
  const full = next.map((s, i) =>
    s.failures + s.pending >= (keys[i] as AttemptKey).rule.maxFailures ? s.pendingAt + PENDING_STALE_MS : 0,
  );
  if (Math.max(0, ...full) > 0) return { result: { busyUntil: Math.max(...full) }, writes: keys.map(() => null) };
  return { result: { reserved: true }, writes: next.map((s) => ({ ...s, pending: s.pending + 1, pendingAt: now })) };
}

/** A wrong guess: it counts, and the one that reaches a key's limit locks that key. */
export function planFail(keys: AttemptKey[], states: Array<AttemptState | undefined>, now: number): { result: Failed; writes: Write[] } {
  const writes = keys.map((key, i): AttemptState => {
    const state = current(states[i], key.rule, now);
    const failures = state.failures + 1;
    const lockedUntil = failures >= key.rule.maxFailures ? now + key.rule.lockMs : null;
    return { ...state, failures, pending: Math.max(0, state.pending - 1), lockedUntil };
  });
  // A key locked meanwhile (by another guess's verdict) stays as it is and answers for this guess too.
  const merged = writes.map((w, i) => (lockedAt(states[i], now) ? null : w));
  const locks = keys.map((_, i) => (lockedAt(states[i], now) ? (states[i]?.lockedUntil as number) : (merged[i]?.lockedUntil ?? 0)));
  if (Math.max(0, ...locks) > 0) return { result: { lockedUntil: Math.max(...locks) }, writes: merged };
  const remainingAttempts = Math.min(...keys.map((key, i) => key.rule.maxFailures - (writes[i] as AttemptState).failures));
  return { result: { remainingAttempts }, writes: merged };
}

/** A right guess (account keys forget their count) or a check with no verdict: the place is freed. */
export function planRelease(keys: AttemptKey[], states: Array<AttemptState | undefined>, now: number, right: boolean): Write[] {
  return keys.map((key, i) => {
    const state = states[i];
    if (right && key.clearOnSuccess) return 'delete';
    if (!state || lockedAt(state, now) || state.pending === 0) return null;
    return { ...state, pending: state.pending - 1 };
  });
}

/** When a counter stops mattering, so a store may forget it; null while it must be kept. */
export function expiresAt(state: AttemptState, rule: AttemptRule): number | null {
  const pendingEnd = state.pending > 0 ? state.pendingAt + PENDING_STALE_MS : 0;
  if (state.lockedUntil != null) return Math.max(state.lockedUntil, pendingEnd);
  if (rule.windowMs === null) return state.failures > 0 ? null : pendingEnd;
  return Math.max(state.windowStartedAt + rule.windowMs, pendingEnd);
}

/** How a store keeps counters; both implementations run every step atomically over all keys given. */
export interface AttemptStore {
  reserve(keys: AttemptKey[], now: number): Promise<Reserved>;
  fail(keys: AttemptKey[], now: number): Promise<Failed>;
  release(keys: AttemptKey[], now: number, right: boolean): Promise<void>;
  clear(keys: AttemptKey[]): Promise<void>;
  /** Forgets counters that no longer matter (a periodic job calls it; Redis expires its own keys). */
  prune(now: number): Promise<number>;
}
