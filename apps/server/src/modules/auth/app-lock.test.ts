import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Member, PIN, registerUser, setPaymentPin } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { ManualClock } from '../../../test/clock';
import { enrolProof } from '../../../test/second-factor';
import { SoftAuthenticator } from '../../../test/soft-authenticator';

let t: TestApp;
const clock = new ManualClock();
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const ORIGIN = 'http://localhost';
const call = (member: Member, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { ...member.headers, origin: ORIGIN }, ...(payload !== undefined && { payload }) });
const unlock = (member: Member, payload: object) => call(member, 'POST', '/api/v1/me/app-lock/unlock', payload);
const setLock = (member: Member, payload: object) => call(member, 'PUT', '/api/v1/me/app-lock', payload);
const changePin = (member: Member, oldPaymentPassword: string) =>
  call(member, 'PUT', '/api/v1/me/payment-password', { oldPaymentPassword, paymentPassword: '246802', confirmPaymentPassword: '246802' });

async function withPin() {
  const member = await registerUser(t);
  await setPaymentPin(t, member, PIN);
  return member;
}

describe('app lock setting', () => {
  it('is off for a new member, saved on the member, and read back from another session', async () => {
    const member = await withPin();
    expect((await call(member, 'GET', '/api/v1/me/app-lock')).json()).toEqual({ enabled: false, idleSeconds: null });
    const on = await setLock(member, { enabled: true, idleSeconds: 300 });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({ enabled: true, idleSeconds: 300 });
    const row = await t.database.handle.db
      .selectFrom('users')
      .select('app_lock_idle_seconds')
      .where('uid', '=', member.profile.uid)
      .executeTakeFirstOrThrow();
    expect(row.app_lock_idle_seconds).toBe(300);
    expect((await call(member, 'GET', '/api/v1/me/app-lock')).json()).toEqual({ enabled: true, idleSeconds: 300 });
    expect((await setLock(member, { enabled: true, idleSeconds: 0 })).json()).toEqual({ enabled: true, idleSeconds: 0 });
    expect((await setLock(member, { enabled: false })).json()).toEqual({ enabled: false, idleSeconds: null });
    expect((await call(member, 'GET', '/api/v1/me/app-lock')).json()).toEqual({ enabled: false, idleSeconds: null });
  });

  it('takes only the offered idle times', async () => {
    const member = await withPin();
    const odd = await setLock(member, { enabled: true, idleSeconds: 61 });
    expect(odd.statusCode).toBe(400);
    expect(odd.json().error.code).toBe('VALIDATION_FAILED');
    expect((await setLock(member, { enabled: true })).statusCode).toBe(400);
  });

  it('cannot be turned on without a payment password, which is what opens the app', async () => {
    const member = await registerUser(t);
    const res = await setLock(member, { enabled: true, idleSeconds: 60 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('APP_LOCK_NEEDS_PAYMENT_PASSWORD');
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/me/app-lock/unlock', payload: { paymentPassword: PIN } });
    expect(res.statusCode).toBe(401);
  });
});

describe('app unlock', () => {
  it('opens with the right payment password and refuses a wrong one, saying how many tries are left', async () => {
    const member = await withPin();
    const right = await unlock(member, { paymentPassword: PIN });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toEqual({ ok: true });
    const wrong = await unlock(member, { paymentPassword: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({ code: 'PAYMENT_PASSWORD_WRONG', details: { remainingAttempts: 4 } });
  });

  it('answers in the member’s language', async () => {
    const member = await withPin();
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/app-lock/unlock',
      headers: { ...member.headers, 'accept-language': 'ja' },
      payload: { paymentPassword: '000000' },
    });
    expect(wrong.json().error.message).toBe('支払いパスワードが正しくありません。');
  });

  it('counts its wrong tries with money movements: 5 lock both for 15 minutes, and a right one then opens nothing', async () => {
    const member = await withPin();
    for (let i = 1; i <= 3; i++) {
      expect((await unlock(member, { paymentPassword: '000000' })).json().error.details.remainingAttempts, `try ${i}`).toBe(5 - i);
    }
    // The fourth wrong one comes from a money screen: the same counter.
    expect((await changePin(member, '000000')).json().error).toMatchObject({
      code: 'PAYMENT_PASSWORD_WRONG',
      details: { remainingAttempts: 1 },
    });
    const fifth = await unlock(member, { paymentPassword: '000000' });
    expect(fifth.statusCode).toBe(423);
    const until = new Date(clock.now().getTime() + 15 * 60_000).toISOString();
    expect(fifth.json().error).toMatchObject({ code: 'PAYMENT_PASSWORD_LOCKED', details: { until } });
    expect((await unlock(member, { paymentPassword: PIN })).json().error.code).toBe('PAYMENT_PASSWORD_LOCKED');
    expect((await changePin(member, PIN)).json().error.code).toBe('PAYMENT_PASSWORD_LOCKED');
    clock.advance(15 * 60 + 1);
    expect((await unlock(member, { paymentPassword: PIN })).statusCode).toBe(200);
  });

  it('a right payment password forgives the tries before it, as on money screens', async () => {
    const member = await withPin();
    for (let i = 0; i < 4; i++) await unlock(member, { paymentPassword: '000000' });
    expect((await unlock(member, { paymentPassword: PIN })).statusCode).toBe(200);
    expect((await unlock(member, { paymentPassword: '000000' })).json().error.details.remainingAttempts).toBe(4);
  });

  it('asks for a payment password that is 6 digits', async () => {
    const member = await withPin();
    const res = await unlock(member, { paymentPassword: '12ab' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields[0].code).toBe('PAYMENT_PASSWORD_FORMAT');
  });

  it('opens with one of the member’s passkeys, not with another key', async () => {
    const member = await withPin();
    const authenticator = new SoftAuthenticator();
    const memberProof = await enrolProof(t, member);
    const options = await call(member, 'POST', '/api/v1/me/second-factor/passkeys/options');
    const added = await call(member, 'POST', '/api/v1/me/second-factor/passkeys', {
      label: 'Phone',
      response: authenticator.create(options.json().options),
      memberProof,
    });
    expect(added.statusCode, added.body).toBe(200);
    const challenge = async () => (await call(member, 'POST', '/api/v1/me/second-factor/passkey-challenge')).json().options;
    const right = await unlock(member, { passkey: authenticator.get(await challenge()) });
    expect(right.statusCode, right.body).toBe(200);
    const stranger = await unlock(member, { passkey: new SoftAuthenticator().get(await challenge()) });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().error.code).toBe('SECOND_FACTOR_WRONG');
  });

  it('says a member without a passkey must use the payment password', async () => {
    const member = await withPin();
    // No challenge is handed out without a passkey: an assertion of some other site's key stands in.
    const res = await unlock(member, { passkey: new SoftAuthenticator().get({ rpId: 'localhost', challenge: 'AAAAAAAAAAAAAAAAAAAAAA' }) });
    expect(res.json().error.code).toBe('APP_LOCK_NO_PASSKEY');
  });
});
