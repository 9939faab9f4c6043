import { ERRORS, LIMITS } from '@wallet/contract';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../test/clock';
import { createTestDatabase, type TestDatabase } from '../../test/database';
import { freshAddress, testRedisUrl } from '../../test/redis';
import { type DatabaseHandle, openDatabase } from './db/database';
import {
  addressSubject,
  checkSecret,
  createSecretLimits,
  LOCKED_ERRORS,
  resetSecret,
  type SecretKind,
  type SecretLimits,
} from './secret-limits';

const KINDS = Object.keys(LIMITS.secretAttempts) as SecretKind[];
// The replies themselves are checked through the API (brute-force.test.ts, physical-card.test.ts).
const LOCKED = LOCKED_ERRORS;

const clock = new ManualClock();
let database: TestDatabase;
let second: DatabaseHandle;
const redisUrl = testRedisUrl();
const redisClients: Redis[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  // A second pool on the same database: what a second server process would have, and no shared memory.
  second = openDatabase(database.url, 5);
});
afterAll(async () => {
  await second.close();
  await database.drop();
  for (const client of redisClients) client.disconnect();
});

/** Two limiters as two server processes would build them: nothing shared but the store behind them. */
const backends: Array<[string, () => [SecretLimits, SecretLimits]]> = [
  ['PostgreSQL', () => [createSecretLimits({ db: database.handle.db, clock }), createSecretLimits({ db: second.db, clock })]],
];
if (redisUrl)
  backends.push([
    'Redis',
    () => {
      const [a, b] = [new Redis(redisUrl), new Redis(redisUrl)];
      redisClients.push(a, b);
      return [createSecretLimits({ db: database.handle.db, clock, redis: a }), createSecretLimits({ db: second.db, clock, redis: b })];
    },
  ]);
else it.skip('Redis backend (no Redis on this machine)', () => {});

let accounts = 0;
const account = () => `${Date.now()}-${++accounts}-${Math.random()}`;
const codeOf = (error: unknown) => (error as { code?: string }).code;

describe.each(backends)('secret limits on %s, shared by two processes', (_name, make) => {
  let a: SecretLimits;
  let b: SecretLimits;
  beforeAll(() => {
    [a, b] = make();
  });

  /** One guess through process a or b in turn; the answer, or the error code it threw. */
  const guess = async (n: number, kind: SecretKind, who: string, ip: string, right = false) => {
    try {
      return await checkSecret(n % 2 === 0 ? a : b, { kind, account: who, ip }, async () => right);
    } catch (error) {
      return codeOf(error);
    }
  };

  it.each(KINDS)('%s: the account locks at its limit, says until when, and the lock ends', async (kind) => {
    const rule = LIMITS.secretAttempts[kind].account;
    const who = account();
    const ip = freshAddress();
    for (let i = 1; i < rule.maxFailures; i++)
      expect(await guess(i, kind, who, ip), `guess ${i}`).toEqual({ ok: false, remainingAttempts: rule.maxFailures - i });
    const start = clock.now().getTime();
    let thrown: unknown;
    await checkSecret(a, { kind, account: who, ip }, async () => false).catch((error) => {
      thrown = error;
    });
    expect(thrown).toMatchObject({ code: LOCKED[kind], details: { until: new Date(start + rule.lockSeconds * 1000).toISOString() } });
    expect(ERRORS[LOCKED[kind] as keyof typeof ERRORS]).toBeDefined();
    // Locked: the secret is not even checked, and a right one from another address gets nowhere.
    let checked = false;
    const locked = await checkSecret(b, { kind, account: who, ip: freshAddress() }, async () => {
      checked = true;
      return true;
    }).catch(codeOf);
    expect(locked).toBe(LOCKED[kind]);
    expect(checked).toBe(false);
    clock.advance(rule.lockSeconds + 1);
    expect(await guess(0, kind, who, ip, true)).toEqual({ ok: true });
  });

  it.each(KINDS)('%s: one address guessing across many accounts stops at the address limit', async (kind) => {
    const { account: perAccount, ip: perAddress } = LIMITS.secretAttempts[kind];
    const ip = freshAddress();
    let n = 0;
    // Under each account's limit, so only the address count can stop them.
    while (n < perAddress.maxFailures) {
      const who = account();
      for (let i = 0; i < perAccount.maxFailures - 1 && n < perAddress.maxFailures; i++, n++) {
        const answer = await guess(n, kind, who, ip);
        if (n < perAddress.maxFailures - 1) expect(answer, `guess ${n + 1}`).toMatchObject({ ok: false });
        else expect(answer, `guess ${n + 1}`).toBe(LOCKED[kind]);
      }
    }
    expect(await guess(0, kind, account(), ip, true)).toBe(LOCKED[kind]);
    // Another address, and the same accounts' members elsewhere, are not held up.
    expect(await guess(1, kind, account(), freshAddress(), true)).toEqual({ ok: true });
    clock.advance(perAddress.lockSeconds + 1);
    expect(await guess(0, kind, account(), ip, true)).toEqual({ ok: true });
  });

  it('a right guess starts the account count again but not the address count', async () => {
    const who = account();
    const ip = freshAddress();
    for (let i = 0; i < 4; i++) await guess(i, 'payment_password', who, ip);
    expect(await guess(0, 'payment_password', who, ip, true)).toEqual({ ok: true });
    expect(await guess(1, 'payment_password', who, ip)).toEqual({ ok: false, remainingAttempts: 4 });
    // The address keeps its 5 wrong guesses: 30 - 5 left for it.
    const other = account();
    const left = LIMITS.secretAttempts.payment_password.ip.maxFailures - 5;
    expect(await guess(0, 'payment_password', other, ip)).toEqual({ ok: false, remainingAttempts: Math.min(4, left - 1) });
  });

  it('a check that gives no verdict (throws) counts nothing', async () => {
    const who = account();
    const ip = freshAddress();
    for (let i = 0; i < 8; i++) {
      const answer = await checkSecret(i % 2 ? a : b, { kind: 'card_number', account: who, ip }, async () => {
        throw new Error('issuer unreachable');
      }).catch((error: Error) => error.message);
      expect(answer).toBe('issuer unreachable');
    }
    expect(await guess(0, 'card_number', who, ip)).toEqual({ ok: false, remainingAttempts: 4 });
  });

  it('parallel guesses from both processes are checked at most as often as the limit allows', async () => {
    for (const kind of KINDS) {
      const who = account();
      const max = LIMITS.secretAttempts[kind].account.maxFailures;
      let checks = 0;
      const answers = await Promise.all(
        Array.from({ length: 24 }, (_, i) =>
          checkSecret(i % 2 ? a : b, { kind, account: who, ip: freshAddress() }, async () => {
            checks++;
            await new Promise((resolve) => setTimeout(resolve, 5));
            return false;
          }).catch(codeOf),
        ),
      );
      expect(checks, kind).toBe(max);
      const wrong = answers.filter((x) => typeof x === 'object');
      expect(wrong, kind).toHaveLength(max - 1);
      expect(
        answers.filter((x) => x === LOCKED[kind]),
        kind,
      ).toHaveLength(24 - (max - 1));
    }
  });

  it('parallel right guesses all get through, a few at a time', async () => {
    const who = account();
    const ip = freshAddress();
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => guess(i, 'login_password', who, ip, true)));
    expect(answers).toEqual(answers.map(() => ({ ok: true })));
  });

  it('a reset (a password set anew by emailed code) ends the account lock', async () => {
    const who = account();
    const ip = freshAddress();
    for (let i = 0; i < 5; i++) await guess(i, 'login_password', who, ip);
    expect(await guess(0, 'login_password', who, ip, true)).toBe('PASSWORD_LOGIN_LOCKED');
    await resetSecret(b, 'login_password', who);
    expect(await guess(0, 'login_password', who, freshAddress(), true)).toEqual({ ok: true });
  });
});

describe('stored counters', () => {
  it('are forgotten by the prune job once they no longer matter', async () => {
    const limits = createSecretLimits({ db: database.handle.db, clock });
    const who = account();
    await checkSecret(limits, { kind: 'login_password', account: who, ip: freshAddress() }, async () => false);
    const rows = () => database.handle.db.selectFrom('secret_attempts').select('subject').where('subject', '=', `a:${who}`).execute();
    expect(await rows()).toHaveLength(1);
    await limits.store.prune(clock.now().getTime());
    expect(await rows()).toHaveLength(1);
    clock.advance(16 * 60);
    await limits.store.prune(clock.now().getTime());
    expect(await rows()).toHaveLength(0);
  });

  it('count an IPv6 client by its /64 and an IPv4-mapped address as IPv4', () => {
    expect(addressSubject('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressSubject('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressSubject('::1')).toBe('0:0:0:0::/64');
    expect(addressSubject('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressSubject('203.0.113.9')).toBe('203.0.113.9');
  });
});
