import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastCode, type Member, registerUser, sendAccountCode, setPaymentPin } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { ManualClock } from '../../../test/clock';
import { creditMember } from '../../../test/ledger-fixtures';

/** The transfer screen's recent recipients: whom I paid, each once, newest first, shown as the lookup shows them. */

const PIN = '135790';
const clock = new ManualClock();
let t: TestApp;
let alice: Member;
let bob: Member;
let carol: Member;
let eve: Member;
let others: Member[];

const recent = (user: Member) => t.app.inject({ method: 'GET', url: '/api/v1/wallet/recipients/recent', headers: user.headers });
const uidsIn = async (user: Member) => {
  const res = await recent(user);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().recipients as Array<{ uid: string }>).map((r) => r.uid);
};

/** A real transfer through the API; the clock moves a minute first (a fresh code, and a later created_at). */
async function send(from: Member, to: Member) {
  clock.advance(61);
  await sendAccountCode(t, from.token, 'transfer');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/wallet/transfers',
    headers: { ...from.headers, 'idempotency-key': randomUUID() },
    payload: { toUid: to.profile.uid, currency: 'USDT', amount: '1', code: await lastCode(t, from.email), paymentPassword: PIN },
  });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  alice = await registerUser(t);
  bob = await registerUser(t, { email: 'bobby.tables@qq.com' });
  carol = await registerUser(t, { email: 'carol@example.com' });
  eve = await registerUser(t);
  others = [];
  for (let i = 0; i < 4; i++) others.push(await registerUser(t));
  for (const sender of [alice, eve]) {
    await setPaymentPin(t, sender, PIN);
    await creditMember(t, sender.profile.uid, 'USDT', '100');
  }
  const named = await t.app.inject({ method: 'PATCH', url: '/api/v1/me', headers: bob.headers, payload: { nickname: 'Bobby' } });
  expect(named.statusCode, named.body).toBe(200);
});
afterAll(() => t.close());

describe('recent recipients', () => {
  it('is an empty list before the member has sent any transfer', async () => {
    const res = await recent(alice);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ recipients: [] });
  });

  it('lists each recipient once at their latest transfer, newest first, with nickname or masked email only', async () => {
    await send(alice, carol);
    await send(alice, bob);
    await send(alice, others[0] as Member);
    await send(alice, bob);

    const res = await recent(alice);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().recipients).toEqual([
      { uid: bob.profile.uid, displayName: 'Bobby', nickname: 'Bobby', maskedEmail: 'bo***@qq.com' },
      expect.objectContaining({ uid: others[0]?.profile.uid }),
      { uid: carol.profile.uid, displayName: 'ca***@example.com', nickname: null, maskedEmail: 'ca***@example.com' },
    ]);
    for (const paid of [bob, carol, others[0] as Member]) expect(res.body).not.toContain(paid.email);
  });

  it('keeps the five most recent recipients', async () => {
    for (const other of others.slice(1)) await send(alice, other);
    // carol was paid first of the six: she falls off the list.
    expect(await uidsIn(alice)).toEqual([
      others[3]?.profile.uid,
      others[2]?.profile.uid,
      others[1]?.profile.uid,
      bob.profile.uid,
      others[0]?.profile.uid,
    ]);
  });

  it('shows only my own transfers: not what others sent, nor what was sent to me', async () => {
    const before = await uidsIn(alice);
    await send(eve, carol);
    await send(eve, alice);
    expect(await uidsIn(alice)).toEqual(before);
    expect(await uidsIn(eve)).toEqual([alice.profile.uid, carol.profile.uid]);
    expect(await uidsIn(carol)).toEqual([]);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/wallet/recipients/recent' });
    expect(res.statusCode).toBe(401);
  });
});
