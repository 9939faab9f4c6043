import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastCode, PASSWORD, registerUser, requestCode, uniqueEmail } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { ManualClock } from '../../../test/clock';

let t: TestApp;
const clock = new ManualClock();
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const loginByPassword = (email: string, password: string, language = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login/password',
    headers: { 'accept-language': language },
    payload: { email, password },
  });

async function loginByCode(email: string) {
  clock.advance(61);
  expect((await requestCode(t, email, 'login')).statusCode).toBe(200);
  return t.app.inject({ method: 'POST', url: '/api/v1/auth/login/code', payload: { email, code: await lastCode(t, email) } });
}

describe('password login', () => {
  it('signs in with the right password', async () => {
    const user = await registerUser(t);
    const res = await loginByPassword(user.email.toUpperCase(), PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json().profile.uid).toBe(user.profile.uid);
    expect(res.json().token).not.toBe(user.token);
  });

  it('tells an unknown email to register first', async () => {
    const res = await loginByPassword(uniqueEmail(), PASSWORD, 'zh');
    expect(res.json().error).toEqual({ code: 'LOGIN_NOT_REGISTERED', message: '登录失败，请先注册。' });
  });

  it('locks password login for 1 minute after 5 wrong passwords in 15 minutes; code login still works', async () => {
    const user = await registerUser(t);
    for (let i = 1; i <= 4; i++)
      expect((await loginByPassword(user.email, 'wrong password 1')).json().error.code, `try ${i}`).toBe('LOGIN_FAILED');
    const fifth = await loginByPassword(user.email, 'wrong password 1');
    expect(fifth.statusCode).toBe(423);
    const lockedUntil = new Date(clock.now().getTime() + 60_000).toISOString();
    expect(fifth.json().error).toMatchObject({ code: 'PASSWORD_LOGIN_LOCKED', details: { until: lockedUntil } });
    expect(fifth.json().error.message).toContain('email code');

    // The right password does not open the lock...
    expect((await loginByPassword(user.email, PASSWORD)).json().error.code).toBe('PASSWORD_LOGIN_LOCKED');
    clock.advance(30);
    expect((await loginByPassword(user.email, PASSWORD)).json().error.code).toBe('PASSWORD_LOGIN_LOCKED');
    // ...while an emailed code does.
    expect((await loginByCode(user.email)).statusCode).toBe(200);
    // loginByCode moved the clock past the minute.
    expect((await loginByPassword(user.email, PASSWORD)).statusCode).toBe(200);
  });

  it('does not lock for failures spread over more than 15 minutes', async () => {
    const user = await registerUser(t);
    for (let i = 0; i < 4; i++) await loginByPassword(user.email, 'wrong password 1');
    clock.advance(15 * 60 + 1);
    expect((await loginByPassword(user.email, 'wrong password 1')).json().error.code).toBe('LOGIN_FAILED');
    expect((await loginByPassword(user.email, PASSWORD)).statusCode).toBe(200);
  });

  it('forgets earlier failures after a successful login', async () => {
    const user = await registerUser(t);
    for (let i = 0; i < 4; i++) await loginByPassword(user.email, 'wrong password 1');
    expect((await loginByPassword(user.email, PASSWORD)).statusCode).toBe(200);
    expect((await loginByPassword(user.email, 'wrong password 1')).json().error.code).toBe('LOGIN_FAILED');
  });
});

describe('forgotten password', () => {
  it('resets with an emailed code, signs in, and ends every earlier session', async () => {
    const user = await registerUser(t);
    clock.advance(61);
    await requestCode(t, user.email, 'reset_password');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password/reset',
      payload: {
        email: user.email,
        code: await lastCode(t, user.email),
        password: 'brand new pass 7',
        confirmPassword: 'brand new pass 7',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: user.headers })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: `Bearer ${res.json().token}` } })).statusCode,
    ).toBe(200);
    expect((await loginByPassword(user.email, PASSWORD)).json().error.code).toBe('LOGIN_FAILED');
    expect((await loginByPassword(user.email, 'brand new pass 7')).statusCode).toBe(200);
  });
});
