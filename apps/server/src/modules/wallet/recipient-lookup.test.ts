import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';

/** The lookup a transfer's confirmation shows: who a UID is, as little as that takes, and not in bulk. */

type User = Awaited<ReturnType<typeof registerUser>>;
let t: TestApp;
let alice: User;
let bob: User;
let carol: User;
const LOOKUPS_PER_MINUTE = 4;

const lookUp = (user: User, uid: string) => t.app.inject({ method: 'GET', url: `/api/v1/wallet/recipients/${uid}`, headers: user.headers });

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_LOOKUPS_PER_MINUTE: String(LOOKUPS_PER_MINUTE) } });
  alice = await registerUser(t);
  bob = await registerUser(t, { email: 'bobby.tables@qq.com' });
  carol = await registerUser(t, { email: 'carol@example.com' });
  const named = await t.app.inject({ method: 'PATCH', url: '/api/v1/me', headers: bob.headers, payload: { nickname: 'Bobby' } });
  expect(named.statusCode, named.body).toBe(200);
});
afterAll(() => t.close());

describe('recipient lookup', () => {
  it('gives the nickname and the masked email, never the email itself', async () => {
    const res = await lookUp(alice, bob.profile.uid);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ uid: bob.profile.uid, displayName: 'Bobby', nickname: 'Bobby', maskedEmail: 'bo***@qq.com' });
    expect(res.body).not.toContain('bobby.tables');
  });

  it('says the nickname is missing rather than inventing one', async () => {
    const res = await lookUp(alice, carol.profile.uid);
    expect(res.json()).toEqual({
      uid: carol.profile.uid,
      displayName: 'ca***@example.com',
      nickname: null,
      maskedEmail: 'ca***@example.com',
    });
  });

  it('refuses lookups beyond the limit per minute with a sentence in the member language', async () => {
    // Two were made above; the rest of the minute's allowance, then one too many.
    for (let i = 2; i < LOOKUPS_PER_MINUTE; i++) expect((await lookUp(alice, bob.profile.uid)).statusCode).toBe(200);
    const refused = await t.app.inject({
      method: 'GET',
      url: `/api/v1/wallet/recipients/${bob.profile.uid}`,
      headers: { ...alice.headers, 'accept-language': 'zh-CN' },
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    expect(refused.json().error.message).toMatch(/[\u4e00-\u9fff]/);
  });
});
