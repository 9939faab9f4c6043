import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastCode, PASSWORD, registerUser, requestCode } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';

let t: TestApp;
beforeAll(async () => {
  // The app's pages are at APP_URL, a regional API's page is named in CORS_ORIGINS: both may change state.
  t = await createTestApp({ env: { APP_URL: 'https://wallet.example.com', CORS_ORIGINS: 'https://hk.example.com' } });
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

it('refuses a logout without its CSRF token before touching the cookie or the session', async () => {
  const member = await registerUser(t);
  const { cookie, body } = await webSignIn(member.email);
  for (const headers of [{}, { 'x-csrf-token': 'x'.repeat(43) }]) {
    const forged = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', cookies: { sbc_session: cookie.value }, headers });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error.code).toBe('CSRF_TOKEN_INVALID');
    expect(forged.headers['set-cookie']).toBeUndefined();
  }
  const still = await t.app.inject({ method: 'GET', url: '/api/v1/me', cookies: { sbc_session: cookie.value } });
  expect(still.statusCode).toBe(200);

  // From another site, even with the right token: refused just as early.
  const crossSite = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/logout',
    cookies: { sbc_session: cookie.value },
    headers: { 'x-csrf-token': body.csrfToken, origin: 'https://evil.example' },
  });
  expect(crossSite.statusCode).toBe(403);
  expect(crossSite.headers['set-cookie']).toBeUndefined();
});

it('still clears the cookie of a session that had already ended, when the logout carries its token', async () => {
  const member = await registerUser(t);
  const { cookie, body } = await webSignIn(member.email);
  const headers = { 'x-csrf-token': body.csrfToken };
  const first = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', cookies: { sbc_session: cookie.value }, headers });
  expect(first.statusCode).toBe(200);
  const again = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', cookies: { sbc_session: cookie.value }, headers });
  expect(again.statusCode).toBe(401);
  expect(again.cookies.find((c) => c.name === 'sbc_session')?.value).toBe('');
});

describe("a change made with the cookie from another site's page", () => {
  const change = async (headers: Record<string, string>, host = 'localhost:8080') => {
    const member = await registerUser(t);
    const { cookie, body } = await webSignIn(member.email, host);
    return t.app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      cookies: { sbc_session: cookie.value },
      headers: { host, 'accept-language': 'ko', 'x-csrf-token': body.csrfToken, ...headers },
      payload: { nickname: 'Origin' },
    });
  };

  it('is refused when its Origin is not the app', async () => {
    for (const origin of ['https://evil.example', 'http://localhost:8081', 'null', 'not a url']) {
      const res = await change({ origin });
      expect(res.statusCode, origin).toBe(403);
      expect(res.json().error).toEqual({
        code: 'CROSS_SITE_REQUEST',
        message: '다른 사이트에서 보낸 요청이라 처리하지 않았습니다. 앱을 직접 열어 다시 시도해 주세요.',
      });
    }
  });

  it('is refused by its Referer when it sends no Origin', async () => {
    const res = await change({ referer: 'https://evil.example/pay?x=1' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CROSS_SITE_REQUEST');
  });

  it("is accepted from the app's own origin: APP_URL, an origin CORS_ORIGINS names, the server's own host, or none", async () => {
    const cases: Array<[Record<string, string>, string?]> = [
      [{ origin: 'https://wallet.example.com' }, 'api.example.com'],
      [{ origin: 'https://hk.example.com' }, 'api.example.com'],
      [{ origin: 'http://localhost:8080' }],
      [{ origin: 'http://127.0.0.1:8080' }, '127.0.0.1:8080'],
      [{ referer: 'http://localhost:8080/#/pages/mine/profile/index' }],
      [{}],
    ];
    for (const [headers, host] of cases) {
      const res = await change(headers, host);
      expect(res.statusCode, `${JSON.stringify(headers)} ${res.body}`).toBe(200);
    }
  });

  it('leaves bearer-token clients alone, whatever their Origin', async () => {
    const member = await registerUser(t);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers: { ...member.headers, origin: 'https://hk.example.com' },
      payload: { nickname: 'Api' },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});
