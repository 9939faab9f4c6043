import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastCode, registerUser, sendAccountCode, setPaymentPin } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { ManualClock } from '../../../test/clock';
import { loadConfig } from '../../platform/config';
import { createSecretLimits } from '../../platform/secret-limits';
import { hashSecret } from './passwords';
import { type PaymentPins, paymentPinsFrom } from './payment-pins';
import { secondFactorSettings } from './second-factor/settings';
import { verifyPaymentPassword } from './service';

/** The address a request would have come from: the per-address limits count it too. */
const CLIENT_IP = '203.0.113.7';

let t: TestApp;
const clock = new ManualClock();
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

async function withPaymentPassword(pin = '135790') {
  const user = await registerUser(t);
  await setPaymentPin(t, user, pin);
  return user;
}

const change = (headers: Record<string, string>, oldPin: string, pin = '246802') =>
  t.app.inject({
    method: 'PUT',
    url: '/api/v1/me/payment-password',
    headers,
    payload: { oldPaymentPassword: oldPin, paymentPassword: pin, confirmPaymentPassword: pin },
  });

const deps = () => ({
  db: t.database.handle.db,
  clock,
  mailer: { kind: 'outbox' as const, send: async () => {} },
  log: t.app.log,
  secret: 'x'.repeat(32),
  codesPerEmailPerHour: 100,
  limits: createSecretLimits({ db: t.database.handle.db, clock }),
  security: { appUrl: 'http://localhost', withdrawDelayHours: 24 },
  secondFactor: secondFactorSettings(loadConfig({ NODE_ENV: 'test' })),
  pins: paymentPinsFrom(loadConfig({ NODE_ENV: 'test' })),
});
const userId = async (uid: string) =>
  (await t.database.handle.db.selectFrom('users').select(['id']).where('uid', '=', uid).executeTakeFirstOrThrow()).id;

describe('payment password', () => {
  it('is reported unset, then set with an emailed code, and stored as a keyed hash (HMAC-SHA-256 under the current key id)', async () => {
    const fresh = await registerUser(t);
    expect(fresh.profile.paymentPasswordSet).toBe(false);
    const user = await withPaymentPassword();
    const row = await t.database.handle.db
      .selectFrom('users')
      .select(['payment_password_hash'])
      .where('uid', '=', user.profile.uid)
      .executeTakeFirstOrThrow();
    expect(row.payment_password_hash).toMatch(/^hmac-sha256\$dev1\$[A-Za-z0-9_-]{43}$/);
  });

  it('must be 6 digits, typed the same twice', async () => {
    const user = await registerUser(t);
    await sendAccountCode(t, user.token, 'payment_password');
    const code = await lastCode(t, user.email);
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/payment-password',
      headers: user.headers,
      payload: { code, paymentPassword: '12345', confirmPaymentPassword: '12345' },
    });
    expect(short.json().error.details.fields[0].code).toBe('PAYMENT_PASSWORD_FORMAT');
    const mismatch = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/payment-password',
      headers: user.headers,
      payload: { code, paymentPassword: '123456', confirmPaymentPassword: '123457' },
    });
    expect(mismatch.json().error.details.fields[0].code).toBe('PASSWORDS_DO_NOT_MATCH');
  });

  it('is asked for first by features that need it', async () => {
    const user = await registerUser(t);
    await expect(verifyPaymentPassword(deps(), await userId(user.profile.uid), '123456', CLIENT_IP)).rejects.toMatchObject({
      code: 'PAYMENT_PASSWORD_NOT_SET',
    });
  });

  it('changes with the current one', async () => {
    const user = await withPaymentPassword('135790');
    expect((await change(user.headers, '135790', '111222')).statusCode).toBe(200);
    await expect(verifyPaymentPassword(deps(), await userId(user.profile.uid), '111222', CLIENT_IP)).resolves.toMatchObject({
      uid: expect.any(String),
    });
  });

  it('locks money movements for 15 minutes after 5 wrong tries, and says until when', async () => {
    const user = await withPaymentPassword('135790');
    for (let i = 1; i <= 4; i++) {
      const res = await change(user.headers, '000000');
      expect(res.json().error, `try ${i}`).toMatchObject({ code: 'PAYMENT_PASSWORD_WRONG', details: { remainingAttempts: 5 - i } });
    }
    const fifth = await change(user.headers, '000000');
    expect(fifth.statusCode).toBe(423);
    const until = new Date(clock.now().getTime() + 15 * 60_000).toISOString();
    expect(fifth.json().error).toMatchObject({ code: 'PAYMENT_PASSWORD_LOCKED', details: { until } });
    expect((await change(user.headers, '135790')).json().error.code).toBe('PAYMENT_PASSWORD_LOCKED');
    clock.advance(15 * 60 + 1);
    expect((await change(user.headers, '135790')).statusCode).toBe(200);
  });

  it('forgives the counted tries once the right one comes, even the fifth', async () => {
    const user = await withPaymentPassword('135790');
    const id = await userId(user.profile.uid);
    const wrong = () => verifyPaymentPassword(deps(), id, '000000', CLIENT_IP);
    for (let i = 0; i < 4; i++) await expect(wrong()).rejects.toMatchObject({ code: 'PAYMENT_PASSWORD_WRONG' });
    await expect(verifyPaymentPassword(deps(), id, '135790', CLIENT_IP)).resolves.toMatchObject({ uid: expect.any(String) });
    await expect(wrong()).rejects.toMatchObject({ code: 'PAYMENT_PASSWORD_WRONG', details: { remainingAttempts: 4 } });
  });

  it('counts parallel wrong tries exactly', async () => {
    const user = await withPaymentPassword('135790');
    const id = await userId(user.profile.uid);
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => verifyPaymentPassword(deps(), id, '000000', CLIENT_IP)));
    const codes = results.map((r) => (r.status === 'rejected' ? (r.reason as { code: string }).code : 'ok')).sort();
    expect(codes.filter((c) => c === 'PAYMENT_PASSWORD_WRONG')).toHaveLength(4);
    expect(codes.filter((c) => c === 'PAYMENT_PASSWORD_LOCKED')).toHaveLength(4);
  });

  it('upgrades an argon2id hash from before at the next right PIN, never at a wrong one, counting tries as before', async () => {
    const user = await withPaymentPassword('135790');
    const id = await userId(user.profile.uid);
    const db = t.database.handle.db;
    const stored = async () =>
      (await db.selectFrom('users').select('payment_password_hash').where('id', '=', id).executeTakeFirstOrThrow()).payment_password_hash;
    const old = await hashSecret('135790');
    await db.updateTable('users').set({ payment_password_hash: old }).where('id', '=', id).execute();

    await expect(verifyPaymentPassword(deps(), id, '000000', CLIENT_IP)).rejects.toMatchObject({
      code: 'PAYMENT_PASSWORD_WRONG',
      details: { remainingAttempts: 4 },
    });
    expect(await stored()).toBe(old);
    await expect(verifyPaymentPassword(deps(), id, '135790', CLIENT_IP)).resolves.toMatchObject({ uid: expect.any(String) });
    const upgraded = await stored();
    expect(upgraded).toBe(deps().pins.hash(id, '135790'));
    // The right PIN reset the count as before; the upgraded hash checks the same PIN, and no other.
    await expect(verifyPaymentPassword(deps(), id, '135790', CLIENT_IP)).resolves.toMatchObject({ uid: expect.any(String) });
    await expect(verifyPaymentPassword(deps(), id, '000000', CLIENT_IP)).rejects.toMatchObject({
      code: 'PAYMENT_PASSWORD_WRONG',
      details: { remainingAttempts: 4 },
    });
    expect(await stored()).toBe(upgraded);
  });

  it('does not overwrite a PIN changed while an old hash was being checked', async () => {
    const user = await withPaymentPassword('135790');
    const id = await userId(user.profile.uid);
    const db = t.database.handle.db;
    const old = await hashSecret('135790');
    await db.updateTable('users').set({ payment_password_hash: old }).where('id', '=', id).execute();
    const changed = deps().pins.hash(id, '246802');
    // The change lands between the read of the old hash and its upgrade.
    const pins = deps().pins;
    const racingPins = Object.create(pins) as PaymentPins;
    racingPins.check = async (...args) => {
      const verdict = await pins.check(...args);
      await db.updateTable('users').set({ payment_password_hash: changed }).where('id', '=', id).execute();
      return verdict;
    };
    const racing = { ...deps(), pins: racingPins };
    await expect(verifyPaymentPassword(racing, id, '135790', CLIENT_IP)).resolves.toMatchObject({ uid: expect.any(String) });
    expect(
      (await db.selectFrom('users').select('payment_password_hash').where('id', '=', id).executeTakeFirstOrThrow()).payment_password_hash,
    ).toBe(changed);
  });
});
