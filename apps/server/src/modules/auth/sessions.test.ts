import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastCode, PASSWORD, registerUser, sendAccountCode } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { ManualClock } from '../../../test/clock';

let t: TestApp;
const clock = new ManualClock();
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: `Bearer ${token}` } });
const login = async (email: string, device: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login/password',
    headers: { 'user-agent': device },
    payload: { email, password: PASSWORD },
  });
  return res.json().token as string;
};

describe('sessions', () => {
  it('need a valid bearer token', async () => {
    for (const authorization of [undefined, 'Bearer ', 'Bearer not-a-real-token-at-all-1234567890', 'Basic abc']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: authorization ? { authorization } : {} });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHORIZED');
    }
  });

  it('store only a hash of the token', async () => {
    const user = await registerUser(t);
    const rows = await t.database.handle.db.selectFrom('sessions').select(['token_hash']).execute();
    const hash = createHash('sha256').update(user.token).digest();
    expect(rows.some((r) => r.token_hash.equals(hash))).toBe(true);
    expect(rows.some((r) => r.token_hash.toString('utf8').includes(user.token))).toBe(false);
  });

  it('expire after 30 days without use, and use keeps them alive', async () => {
    const user = await registerUser(t);
    const kept = await login(user.email, 'phone');
    clock.advance(20 * 24 * 3600);
    expect((await me(kept)).statusCode).toBe(200);
    clock.advance(20 * 24 * 3600);
    expect((await me(kept)).statusCode).toBe(200);
    expect((await me(user.token)).statusCode).toBe(401);
  });

  it('list devices with the current one marked, end one, or end all others', async () => {
    const user = await registerUser(t);
    const phone = await login(
      user.email,
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    );
    const laptop = await login(
      user.email,
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
    );
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/me/sessions', headers: { authorization: `Bearer ${phone}` } });
    const sessions = list.json().sessions as Array<{ id: string; device: string; current: boolean }>;
    // Each device as the member knows it (platform/device-description.ts); the sign-up's test client is none.
    expect(sessions.map((s) => s.device).sort()).toEqual(['', 'Chrome · Windows', 'Safari · iOS']);
    expect(sessions.filter((s) => s.current).map((s) => s.device)).toEqual(['Safari · iOS']);

    const laptopId = sessions.find((s) => s.device === 'Chrome · Windows')?.id;
    const ended = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/me/sessions/${laptopId}`,
      headers: { authorization: `Bearer ${phone}` },
    });
    expect(ended.statusCode).toBe(200);
    expect((await me(laptop)).statusCode).toBe(401);

    const others = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/sessions/revoke-others',
      headers: { authorization: `Bearer ${phone}` },
    });
    expect(others.json()).toEqual({ ended: 1 });
    expect((await me(user.token)).statusCode).toBe(401);
    expect((await me(phone)).statusCode).toBe(200);
  });

  it('end on logout', async () => {
    const user = await registerUser(t);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: user.headers })).statusCode).toBe(200);
    expect((await me(user.token)).statusCode).toBe(401);
  });
});

describe('one user cannot reach another', () => {
  it('cannot end someone else session, and sees only their own', async () => {
    const alice = await registerUser(t);
    const bob = await registerUser(t);
    const aliceSessions = await t.app.inject({ method: 'GET', url: '/api/v1/me/sessions', headers: alice.headers });
    const aliceSession = aliceSessions.json().sessions[0].id;
    const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/me/sessions/${aliceSession}`, headers: bob.headers });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('SESSION_NOT_FOUND');
    expect((await me(alice.token)).statusCode).toBe(200);
    const bobSessions = await t.app.inject({ method: 'GET', url: '/api/v1/me/sessions', headers: bob.headers });
    expect(bobSessions.json().sessions.map((s: { id: string }) => s.id)).not.toContain(aliceSession);
    expect((await me(bob.token)).json().uid).toBe(bob.profile.uid);
  });
});

describe('changing the login password', () => {
  it('with the old password ends other sessions and keeps this one', async () => {
    const user = await registerUser(t);
    const other = await login(user.email, 'Other device');
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/password',
      headers: user.headers,
      payload: { oldPassword: 'not the password 1', password: 'next password 2', confirmPassword: 'next password 2' },
    });
    expect(wrong.json().error.code).toBe('OLD_PASSWORD_WRONG');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/password',
      headers: user.headers,
      payload: { oldPassword: PASSWORD, password: 'next password 2', confirmPassword: 'next password 2' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(user.token)).statusCode).toBe(200);
  });

  it('with an emailed code', async () => {
    const user = await registerUser(t);
    await sendAccountCode(t, user.token, 'change_password');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/password',
      headers: user.headers,
      payload: { code: await lastCode(t, user.email), password: 'next password 3', confirmPassword: 'next password 3' },
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('needs exactly one proof', async () => {
    const user = await registerUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/password',
      headers: user.headers,
      payload: { password: 'next password 4', confirmPassword: 'next password 4' },
    });
    expect(res.json().error.details.fields[0].code).toBe('PROOF_REQUIRED');
  });
});

describe('profile', () => {
  it('edits nickname, phone, language and display currency, and checks them', async () => {
    const user = await registerUser(t);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers: user.headers,
      payload: { nickname: 'Alice', phoneAreaCode: '82', phone: '1012345678', language: 'ko', displayCurrency: 'KRW' },
    });
    expect(res.json()).toMatchObject({
      nickname: 'Alice',
      phoneAreaCode: '+82',
      phone: '1012345678',
      language: 'ko',
      displayCurrency: 'KRW',
    });
    const bad = await t.app.inject({ method: 'PATCH', url: '/api/v1/me', headers: user.headers, payload: { phone: '12ab' } });
    expect(bad.json().error.details.fields[0].code).toBe('PHONE_INVALID');
  });
});
