import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastCode, PASSWORD, registerUser, requestCode, uniqueEmail } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { ManualClock } from '../../../test/clock';
import { failNotificationWrites, mailsTo, notificationsOf, setLanguage, userIdOf } from '../../../test/notifications';

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

describe('signing in on a new device', () => {
  const IPHONE =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
  const ANDROID = 'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
  const login = (email: string, device: string, password = PASSWORD) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/login/password', headers: { 'user-agent': device }, payload: { email, password } });
  const newDeviceMails = async (email: string) =>
    (await mailsTo(t, email)).filter((m) => /new sign-in|새 기기|新设备|新しい端末/i.test(m.subject));
  const sessionIdOf = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/v1/me/sessions', headers: { authorization: `Bearer ${token}` } }))
      .json()
      .sessions.find((s: { current: boolean }) => s.current)?.id;

  it('is not told at sign-up, nor on a device an earlier session used', async () => {
    const user = await registerUser(t);
    expect((await login(user.email, 'vitest-device')).statusCode).toBe(200);
    expect(await notificationsOf(t, await userIdOf(t, user.email))).toEqual([]);
    expect(await newDeviceMails(user.email)).toEqual([]);
  });

  it('tells the member once per new device: a notification and a mail in their language, with when, device and IP', async () => {
    const user = await registerUser(t);
    const userId = await userIdOf(t, user.email);
    await setLanguage(t, userId, 'ko');
    const first = await login(user.email, IPHONE);
    expect(first.statusCode).toBe(200);
    expect(await notificationsOf(t, userId)).toEqual([
      {
        code: 'new_device_login',
        params: { device: IPHONE, ip: '127.0.0.1' },
        ref_kind: 'session',
        ref_id: await sessionIdOf(first.json().token),
      },
    ]);
    const [mail, ...more] = await newDeviceMails(user.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('SBC Wallet 새 기기 로그인 알림');
    const when = `${clock.now().toISOString().slice(0, 16).replace('T', ' ')} UTC`;
    for (const part of [when, '기기: Safari · iOS\n', '127.0.0.1', '비밀번호를 변경', '다른 모든 기기에서 로그아웃'])
      expect(mail?.text_body).toContain(part);
    // The device as Settings names it, never the raw user-agent: in the mail, in Messages, in the sessions list.
    expect(mail?.text_body).not.toContain('Mozilla/5.0');
    const token = first.json().token as string;
    const read = (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    const listed = (await read('/api/v1/me/notifications')).json().notifications;
    expect(listed.map((n: { params: object }) => n.params)).toEqual([{ device: 'Safari · iOS', ip: '127.0.0.1' }]);
    const sessions = (await read('/api/v1/me/sessions')).json().sessions as Array<{ device: string; current: boolean }>;
    expect(sessions.find((s) => s.current)?.device).toBe('Safari · iOS');
    expect(JSON.stringify(sessions)).not.toContain('Mozilla/5.0');

    // The same device again (logged out meanwhile or not), by password or by code: nothing more.
    expect((await login(user.email, IPHONE)).statusCode).toBe(200);
    clock.advance(61);
    await requestCode(t, user.email, 'login');
    const byCode = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login/code',
      headers: { 'user-agent': IPHONE },
      payload: { email: user.email, code: await lastCode(t, user.email) },
    });
    expect(byCode.statusCode).toBe(200);
    // The same phone after an update of its OS and app is the same device.
    expect((await login(user.email, IPHONE.replaceAll('18_1', '18_2').replaceAll('18.1', '18.2'))).statusCode).toBe(200);
    expect(await notificationsOf(t, userId)).toHaveLength(1);
    // Another new device is told again.
    expect((await login(user.email, ANDROID)).statusCode).toBe(200);
    expect((await notificationsOf(t, userId)).map((n) => n.params.device)).toEqual([IPHONE, ANDROID]);
    expect(await newDeviceMails(user.email)).toHaveLength(2);
  });

  it('tells once when one new device signs in many times at once', async () => {
    const user = await registerUser(t);
    const replies = await Promise.all(Array.from({ length: 8 }, () => login(user.email, ANDROID)));
    expect(replies.every((r) => r.statusCode === 200)).toBe(true);
    expect(await notificationsOf(t, await userIdOf(t, user.email), 'new_device_login')).toHaveLength(1);
    expect(await newDeviceMails(user.email)).toHaveLength(1);
  });

  it('tells of a reset password signing in on a new device', async () => {
    const user = await registerUser(t);
    clock.advance(61);
    await requestCode(t, user.email, 'reset_password');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password/reset',
      headers: { 'user-agent': IPHONE },
      payload: {
        email: user.email,
        code: await lastCode(t, user.email),
        password: 'brand new pass 8',
        confirmPassword: 'brand new pass 8',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await notificationsOf(t, await userIdOf(t, user.email))).map((n) => n.code)).toEqual(['new_device_login']);
  });

  it('signs nobody in, and tells nothing, when the notice cannot be written', async () => {
    const user = await registerUser(t);
    const userId = await userIdOf(t, user.email);
    const sessions = () => t.database.handle.db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute();
    const restore = await failNotificationWrites(t);
    const failed = await login(user.email, IPHONE);
    await restore();
    expect(failed.statusCode).toBe(500);
    expect(await sessions()).toHaveLength(1);
    expect(await newDeviceMails(user.email)).toEqual([]);
    expect((await login(user.email, IPHONE)).statusCode).toBe(200);
    expect(await notificationsOf(t, userId)).toHaveLength(1);
    expect(await newDeviceMails(user.email)).toHaveLength(1);
  });
});
