import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastCode, PASSWORD, PIN, registerUser, requestCode, sendAccountCode, setPaymentPin } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { ManualClock } from '../../test/clock';
import { freshAddress, testRedisUrl } from '../../test/redis';
import { turnOnTotp } from '../../test/second-factor';
import { buildApp } from '../app';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { createLogger } from './logger';

/**
 * Brute force of each secret through the real API, against two server processes that share only the
 * database (or Redis): each has its own pool, its own app and no memory in common. Guesses alternate
 * between them and still stop at the limit.
 */
const redisUrl = testRedisUrl();
const setups: Array<[string, Record<string, string>]> = [['PostgreSQL', {}]];
if (redisUrl) setups.push(['Redis', { REDIS_URL: redisUrl }]);
else it.skip('Redis backend (no Redis on this machine)', () => {});

describe.each(setups)('brute force across two processes on %s', (_name, env) => {
  const clock = new ManualClock();
  let a: TestApp;
  let b: Awaited<ReturnType<typeof buildApp>>;
  let closeB: () => Promise<void>;

  beforeAll(async () => {
    a = await createTestApp({ clock, env });
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: a.database.url,
      RATE_LIMIT_CODES_PER_HOUR: '10000',
      RATE_LIMIT_LOGINS_PER_MINUTE: '10000',
      CODES_PER_EMAIL_PER_HOUR: '1000',
      ...env,
    });
    const database = openDatabase(a.database.url, 5, a.database.handle.directUrl);
    b = await buildApp({ config, database, logger: createLogger('silent'), clock });
    closeB = async () => {
      await b.close();
      await database.close();
    };
  });
  afterAll(async () => {
    await closeB();
    await a.close();
  });

  /** Request n goes to process a when n is even, to b when odd. */
  const send = (
    n: number,
    options: { method: 'POST' | 'PUT'; url: string; payload: object; headers?: Record<string, string>; ip: string },
  ) =>
    (n % 2 === 0 ? a.app : b).inject({
      method: options.method,
      url: options.url,
      payload: options.payload,
      remoteAddress: options.ip,
      ...(options.headers ? { headers: options.headers } : {}),
    });
  const error = (res: LightMyRequestResponse) =>
    res.json().error as { code: string; details?: { remainingAttempts?: number; until?: string } };

  it('login password: 5 wrong lock password login for a minute, even for the right password from elsewhere', async () => {
    const user = await registerUser(a);
    const ip = freshAddress();
    const login = (n: number, password: string, from = ip) =>
      send(n, { method: 'POST', url: '/api/v1/auth/login/password', payload: { email: user.email, password }, ip: from });
    for (let n = 0; n < 4; n++) expect(error(await login(n, 'wrong password 1')).code, `guess ${n + 1}`).toBe('LOGIN_FAILED');
    const fifth = await login(4, 'wrong password 1');
    expect(fifth.statusCode).toBe(423);
    expect(error(fifth)).toMatchObject({
      code: 'PASSWORD_LOGIN_LOCKED',
      details: { until: new Date(clock.now().getTime() + 60_000).toISOString() },
    });
    expect(error(await login(5, PASSWORD, freshAddress())).code).toBe('PASSWORD_LOGIN_LOCKED');
    clock.advance(61);
    expect((await login(6, PASSWORD)).statusCode).toBe(200);
  });

  it('login password: one address trying a few passwords on many accounts is stopped at 30', async () => {
    const ip = freshAddress();
    const users = await Promise.all(Array.from({ length: 8 }, () => registerUser(a)));
    let n = 0;
    for (const user of users)
      for (let i = 0; i < 4 && n < 30; i++, n++) {
        const res = await send(n, {
          method: 'POST',
          url: '/api/v1/auth/login/password',
          payload: { email: user.email, password: 'nope nope 1' },
          ip,
        });
        expect(error(res).code, `guess ${n + 1}`).toBe(n < 29 ? 'LOGIN_FAILED' : 'PASSWORD_LOGIN_LOCKED');
      }
    const last = users.at(-1) as { email: string };
    const right = { email: last.email, password: PASSWORD };
    expect(error(await send(0, { method: 'POST', url: '/api/v1/auth/login/password', payload: right, ip })).code).toBe(
      'PASSWORD_LOGIN_LOCKED',
    );
    expect((await send(1, { method: 'POST', url: '/api/v1/auth/login/password', payload: right, ip: freshAddress() })).statusCode).toBe(
      200,
    );
    clock.advance(15 * 60 + 1);
  });

  it('old password (me/password): a stolen session cannot guess it; the lock holds for the right one', async () => {
    const user = await registerUser(a);
    const ip = freshAddress();
    const change = (n: number, oldPassword: string) =>
      send(n, {
        method: 'POST',
        url: '/api/v1/me/password',
        headers: user.headers,
        payload: { oldPassword, password: 'new password 42', confirmPassword: 'new password 42' },
        ip,
      });
    for (let n = 0; n < 4; n++)
      expect(error(await change(n, 'guess guess 1')), `guess ${n + 1}`).toMatchObject({
        code: 'OLD_PASSWORD_WRONG',
        details: { remainingAttempts: 4 - n },
      });
    const fifth = await change(4, 'guess guess 1');
    expect(fifth.statusCode).toBe(423);
    expect(error(fifth)).toMatchObject({
      code: 'OLD_PASSWORD_LOCKED',
      details: { until: new Date(clock.now().getTime() + 15 * 60_000).toISOString() },
    });
    expect(error(await change(5, PASSWORD)).code).toBe('OLD_PASSWORD_LOCKED');
    // The password was not changed by any of it.
    const login = await a.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login/password',
      payload: { email: user.email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
  });

  it('payment password: 5 wrong lock money movements; parallel guesses on both processes are counted exactly', async () => {
    const user = await registerUser(a);
    await setPaymentPin(a, user);
    const change = (n: number, old: string, ip = freshAddress()) =>
      send(n, {
        method: 'PUT',
        url: '/api/v1/me/payment-password',
        headers: user.headers,
        payload: { oldPaymentPassword: old, paymentPassword: '246802', confirmPaymentPassword: '246802' },
        ip,
      });
    const replies = await Promise.all(Array.from({ length: 12 }, (_, n) => change(n, '000000')));
    const codes = replies.map((r) => error(r).code);
    expect(codes.filter((c) => c === 'PAYMENT_PASSWORD_WRONG')).toHaveLength(4);
    expect(codes.filter((c) => c === 'PAYMENT_PASSWORD_LOCKED')).toHaveLength(8);
    expect(error(await change(1, PIN)).code).toBe('PAYMENT_PASSWORD_LOCKED');
    clock.advance(15 * 60 + 1);
    expect((await change(0, PIN)).statusCode).toBe(200);
  });

  // Read back from PostgreSQL's table: Redis keeps the same count under its own keys.
  if (!env.REDIS_URL)
    it('services deep down count per client address without being told it', async () => {
      const user = await registerUser(a);
      await setPaymentPin(a, user);
      const ip = freshAddress();
      const res = await send(1, {
        method: 'PUT',
        url: '/api/v1/me/payment-password',
        headers: user.headers,
        payload: { oldPaymentPassword: '000000', paymentPassword: '246802', confirmPaymentPassword: '246802' },
        ip,
      });
      expect(error(res).code).toBe('PAYMENT_PASSWORD_WRONG');
      const row = await a.database.handle.db
        .selectFrom('secret_attempts')
        .select(['failures'])
        .where('kind', '=', 'payment_password')
        .where('subject', '=', `ip:${ip}`)
        .executeTakeFirst();
      expect(row).toEqual({ failures: 1 });
    });

  it('emailed codes: 5 wrong kill the code, even the right one after; a new code starts again', async () => {
    const user = await registerUser(a);
    clock.advance(61);
    await requestCode(a, user.email, 'login');
    const code = await lastCode(a, user.email);
    const wrong = code === '111111' ? '222222' : '111111';
    const ip = freshAddress();
    const login = (n: number, typed: string) =>
      send(n, { method: 'POST', url: '/api/v1/auth/login/code', payload: { email: user.email, code: typed }, ip });
    for (let n = 0; n < 4; n++) expect(error(await login(n, wrong)).code, `guess ${n + 1}`).toBe('CODE_INVALID');
    expect(error(await login(4, wrong)).code).toBe('CODE_TOO_MANY_ATTEMPTS');
    expect(error(await login(5, code)).code).toBe('CODE_TOO_MANY_ATTEMPTS');
    clock.advance(61);
    await requestCode(a, user.email, 'login');
    expect((await login(1, await lastCode(a, user.email))).statusCode).toBe(200);
  });

  it('emailed codes of a signed-in member count too (payment password set by code)', async () => {
    const user = await registerUser(a);
    await sendAccountCode(a, user.token, 'payment_password');
    const ip = freshAddress();
    const set = (n: number, code: string) =>
      send(n, {
        method: 'POST',
        url: '/api/v1/me/payment-password',
        headers: user.headers,
        payload: { code, paymentPassword: PIN, confirmPaymentPassword: PIN },
        ip,
      });
    const code = await lastCode(a, user.email);
    const wrong = code === '111111' ? '222222' : '111111';
    for (let n = 0; n < 4; n++) expect(error(await set(n, wrong)).code).toBe('CODE_INVALID');
    expect(error(await set(4, wrong)).code).toBe('CODE_TOO_MANY_ATTEMPTS');
    expect(error(await set(5, code)).code).toBe('CODE_TOO_MANY_ATTEMPTS');
  });

  it('second factor: 5 wrong authenticator codes lock it on both processes, the right code included', async () => {
    const user = await registerUser(a);
    await setPaymentPin(a, user);
    const totp = await turnOnTotp(a, user, clock);
    const right = await totp.code();
    const wrong = right === '123456' ? '654321' : '123456';
    const ip = freshAddress();
    const regenerate = (n: number, code: string) =>
      send(n, {
        method: 'POST',
        url: '/api/v1/me/second-factor/recovery-codes',
        headers: user.headers,
        payload: { secondFactor: { totp: code } },
        ip,
      });
    for (let n = 0; n < 4; n++) expect(error(await regenerate(n, wrong)).code, `guess ${n + 1}`).toBe('SECOND_FACTOR_WRONG');
    expect(error(await regenerate(4, wrong)).code).toBe('SECOND_FACTOR_LOCKED');
    expect(error(await regenerate(5, right)).code).toBe('SECOND_FACTOR_LOCKED');
    clock.advance(15 * 60 + 1);
    expect((await regenerate(6, await totp.code())).statusCode).toBe(200);
  });
});
