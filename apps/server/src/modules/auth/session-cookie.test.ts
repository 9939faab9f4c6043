import { afterAll, beforeAll, expect, it } from 'vitest';
import { lastCode, PASSWORD, registerUser, requestCode } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Signs in as the web app does, and returns the cookie the browser would keep and the reply. */
async function webSignIn(email: string, host = 'localhost:8080') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login/password',
    headers: { 'x-session-delivery': 'cookie', host },
    payload: { email, password: PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  const cookie = res.cookies.find((c) => c.name === 'sbc_session');
  if (!cookie) throw new Error('no session cookie');
  return { cookie, body: res.json() as { token?: string; csrfToken: string; profile: { email: string } } };
}

it('gives the web app an HttpOnly SameSite=Strict cookie and no token in the reply', async () => {
  const member = await registerUser(t);
  const { cookie, body } = await webSignIn(member.email);
  expect(body.token).toBeUndefined();
  expect(body.profile.email).toBe(member.email);
  expect(body.csrfToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api' });
  expect(cookie.secure ?? false).toBe(false);
  expect(cookie.maxAge).toBe(30 * 24 * 3600);

  // Reads need only the cookie: the browser sends it by itself.
  const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', cookies: { sbc_session: cookie.value } });
  expect(me.statusCode).toBe(200);
  expect(me.json().email).toBe(member.email);
});

it('marks the cookie Secure for any host but this machine', async () => {
  const member = await registerUser(t);
  const { cookie } = await webSignIn(member.email, 'wallet.example.com');
  expect(cookie.secure).toBe(true);
});

it('refuses a state-changing call made with the cookie unless it echoes the CSRF token', async () => {
  const member = await registerUser(t);
  const { cookie, body } = await webSignIn(member.email);
  const patch = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      cookies: { sbc_session: cookie.value },
      headers: { 'accept-language': 'zh', ...headers },
      payload: { nickname: 'Forged' },
    });

  const forged: Array<Record<string, string>> = [{}, { 'x-csrf-token': 'x'.repeat(43) }, { 'x-csrf-token': body.csrfToken.slice(1) }];
  for (const headers of forged) {
    const refused = await patch(headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({ code: 'CSRF_TOKEN_INVALID', message: '页面已过期，请刷新后重试。' });
  }
  const profile = await t.app.inject({ method: 'GET', url: '/api/v1/me', cookies: { sbc_session: cookie.value } });
  expect(profile.json().nickname).not.toBe('Forged');

  const allowed = await patch({ 'x-csrf-token': body.csrfToken });
  expect(allowed.statusCode, allowed.body).toBe(200);
  expect(allowed.json().nickname).toBe('Forged');
});

it("does not accept one session's CSRF token for another", async () => {
  const member = await registerUser(t);
  const first = await webSignIn(member.email);
  const second = await webSignIn(member.email);
  expect(second.body.csrfToken).not.toBe(first.body.csrfToken);
  const res = await t.app.inject({
    method: 'PATCH',
    url: '/api/v1/me',
    cookies: { sbc_session: second.cookie.value },
    headers: { 'x-csrf-token': first.body.csrfToken },
    payload: { nickname: 'Mixed' },
  });
  expect(res.statusCode).toBe(403);
});

it('lets API clients keep the bearer token, with no CSRF token', async () => {
  const member = await registerUser(t);
  expect(member.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  const res = await t.app.inject({ method: 'PATCH', url: '/api/v1/me', headers: member.headers, payload: { nickname: 'Api' } });
  expect(res.statusCode, res.body).toBe(200);
});

it('tells a page loaded later its CSRF token, and only with a live session', async () => {
  const member = await registerUser(t);
  const { cookie, body } = await webSignIn(member.email);
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/session', cookies: { sbc_session: cookie.value } });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ csrfToken: body.csrfToken });
  const none = await t.app.inject({ method: 'GET', url: '/api/v1/auth/session' });
  expect(none.statusCode).toBe(401);
});

it('ends the session and clears the cookie at logout', async () => {
  const member = await registerUser(t);
  const { cookie, body } = await webSignIn(member.email);
  const out = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/logout',
    cookies: { sbc_session: cookie.value },
    headers: { 'x-csrf-token': body.csrfToken },
  });
  expect(out.statusCode, out.body).toBe(200);
  const cleared = out.cookies.find((c) => c.name === 'sbc_session');
  expect(cleared?.value).toBe('');
  expect(cleared?.maxAge ?? 0).toBeLessThanOrEqual(0);
  const after = await t.app.inject({ method: 'GET', url: '/api/v1/me', cookies: { sbc_session: cookie.value } });
  expect(after.statusCode).toBe(401);
});

it('delivers every kind of sign-in as the cookie: code login and sign-up too', async () => {
  const member = await registerUser(t);
  await requestCode(t, member.email, 'login');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login/code',
    headers: { 'x-session-delivery': 'cookie' },
    payload: { email: member.email, code: await lastCode(t, member.email) },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().token).toBeUndefined();
  expect(res.cookies.map((c) => c.name)).toContain('sbc_session');
});
