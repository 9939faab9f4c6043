import { isIPv4, isIPv6 } from 'node:net';
import { setTimeout } from 'node:timers/promises';
import { type ErrorCode, LIMITS } from '@wallet/contract';
import type { Redis } from 'ioredis';
import type PgBoss from 'pg-boss';
import type { Clock } from './clock';
import type { Db } from './db/database';
import { AppError } from './errors';
import { createQueues } from './jobs';
import type { AttemptKey, AttemptRule, AttemptStore } from './secret-attempts';
import { PgAttemptStore } from './secret-attempts-pg';
import { RedisAttemptStore } from './secret-attempts-redis';

/** Every kind of secret the app checks; each has its rules in LIMITS.secretAttempts. */
export type SecretKind = keyof typeof LIMITS.secretAttempts;

/** The reply while a kind is locked (for an account or for the client's address). */
export const LOCKED_ERRORS: Readonly<Record<SecretKind, ErrorCode>> = {
  login_password: 'PASSWORD_LOGIN_LOCKED',
  old_password: 'OLD_PASSWORD_LOCKED',
  payment_password: 'PAYMENT_PASSWORD_LOCKED',
  email_code: 'CODE_TOO_MANY_ATTEMPTS',
  card_number: 'CARD_BIND_LOCKED',
  second_factor: 'SECOND_FACTOR_LOCKED',
};

/** The counters every secret check goes through: one store for the whole deployment (Redis or PostgreSQL). */
export interface SecretLimits {
  store: AttemptStore;
  clock: Clock;
}

/** Redis when the deployment has one (REDIS_URL), else the database: never process memory. */
export function createSecretLimits(options: { db: Db; clock: Clock; redis?: Redis | undefined }): SecretLimits {
  return { store: options.redis ? new RedisAttemptStore(options.redis) : new PgAttemptStore(options.db), clock: options.clock };
}

export interface SecretGuess {
  kind: SecretKind;
  /** Whose secret: a user id, or for emailed codes the email and purpose. */
  account: string;
  /**
   * The client's address (request.ip, see TRUST_PROXY), passed down from the route. It is not taken
   * from an AsyncLocalStorage: one in the process makes every promise of every request pay for async
   * hooks, some 15 % of a cached read (ADR 0030).
   */
  ip: string;
}

export type SecretVerdict = { ok: true } | { ok: false; remainingAttempts: number };

/**
 * Runs `check` (does the secret match?) under the kind's limits, per account and per client address.
 *
 * - Locked (account or address): throws the kind's locked error with `until`, without running `check`,
 *   so a right secret gets nowhere while locked.
 * - The guess takes its place before `check` runs, atomically across every server process: wrong
 *   guesses plus guesses being checked never pass the limit, so N parallel guesses cannot all be
 *   checked on "4 wrong so far" (the extra ones wait for the first ones' verdicts).
 * - `check` true: the account's count starts again (the address's count stays); `{ ok: true }`.
 * - `check` false: the guess counts; the one that reaches the limit throws the locked error, the
 *   others return `{ ok: false, remainingAttempts }` for the caller's own "wrong" error.
 * - `check` throws (no verdict: an unreachable issuer, an expired code): nothing is counted.
 * Run no database transaction around it: its counts must commit even when the caller's request fails.
 */
export async function checkSecret(limits: SecretLimits, guess: SecretGuess, check: () => Promise<boolean>): Promise<SecretVerdict> {
  const keys = keysFor(guess);
  await takePlace(limits, guess.kind, keys);
  let right: boolean;
  try {
    right = await check();
  } catch (error) {
    await limits.store.release(keys, limits.clock.now().getTime(), false);
    throw error;
  }
  if (right) {
    await limits.store.release(keys, limits.clock.now().getTime(), true);
    return { ok: true };
  }
  const failed = await limits.store.fail(keys, limits.clock.now().getTime());
  if ('lockedUntil' in failed) throw lockedError(guess.kind, failed.lockedUntil);
  return { ok: false, remainingAttempts: failed.remainingAttempts };
}

/** How long a guess waits for guesses in flight on the same counter to end, in real time. */
const WAIT_FOR_PLACE_MS = 10_000;

/** Waits while the limit is filled by guesses being checked; throws the locked error when locked. */
async function takePlace(limits: SecretLimits, kind: SecretKind, keys: AttemptKey[]): Promise<void> {
  const giveUpAt = Date.now() + WAIT_FOR_PLACE_MS;
  for (let round = 1; ; round++) {
    const reserved = await limits.store.reserve(keys, limits.clock.now().getTime());
    if ('reserved' in reserved) return;
    if ('lockedUntil' in reserved) throw lockedError(kind, reserved.lockedUntil);
    if (Date.now() >= giveUpAt) throw lockedError(kind, reserved.busyUntil);
    await setTimeout(Math.min(10 * round, 100));
  }
}

/**
 * Starts an account's count again after it proved itself another way: a password reset by emailed
 * code, a new payment password, a newly sent code. Address counts are never cleared.
 */
export async function resetSecret(limits: SecretLimits, kind: SecretKind, account: string): Promise<void> {
  await limits.store.clear([accountKey(kind, account)]);
}

function lockedError(kind: SecretKind, until: number) {
  return new AppError(LOCKED_ERRORS[kind], { until: new Date(until).toISOString() });
}

function rule(limit: { maxFailures: number; windowMinutes: number | null; lockSeconds: number }): AttemptRule {
  return {
    maxFailures: limit.maxFailures,
    windowMs: limit.windowMinutes === null ? null : limit.windowMinutes * 60_000,
    lockMs: limit.lockSeconds * 1000,
  };
}

function accountKey(kind: SecretKind, account: string): AttemptKey {
  return { kind, subject: `a:${account}`, rule: rule(LIMITS.secretAttempts[kind].account), clearOnSuccess: true };
}

function keysFor(guess: SecretGuess): AttemptKey[] {
  const { ip } = guess;
  const keys = [accountKey(guess.kind, guess.account)];
  if (ip)
    keys.push({
      kind: guess.kind,
      subject: `ip:${addressSubject(ip)}`,
      rule: rule(LIMITS.secretAttempts[guess.kind].ip),
      clearOnSuccess: false,
    });
  return keys;
}

/**
 * The unit one client controls: an IPv4 address, or an IPv6 /64 (one subscriber usually holds a whole
 * /64, so counting single IPv6 addresses would give an attacker billions of fresh counters).
 */
export function addressSubject(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1] as string;
  if (isIPv4(ip) || !isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, '').toLowerCase())
    .join(':')}::/64`;
}

/** Forgets counters that no longer matter, every few minutes, once across all processes (pg-boss). */
export async function startSecretLimitJobs(boss: PgBoss, limits: SecretLimits) {
  const job = 'secret-attempts.prune';
  await createQueues(boss, [job]);
  await boss.work(job, async () => {
    await limits.store.prune(limits.clock.now().getTime());
  });
  await boss.schedule(job, '*/10 * * * *', {}, { tz: 'UTC' });
}
