import { maskEmail } from '@wallet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedMember, type Member, PIN } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { ManualClock } from '../../../test/clock';
import { holdings, key, makeRound } from '../../../test/placement';
import { ledgerViolations } from '../ledger';

/**
 * Distribution of acquired SBC by email through the API: the refusals, both sides' history with its
 * count and masked account, the records (420, 421, 422) with exact amounts, and awaiting equal to the
 * placement account under concurrent distributions.
 */

const clock = new ManualClock();
let t: TestApp;
const db = () => t.database.handle.db;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

const userIdOf = async (m: Member) =>
  (await db().selectFrom('users').select('id').where('uid', '=', m.profile.uid).executeTakeFirstOrThrow()).id;
const get = (m: Member, url: string) => t.app.inject({ method: 'GET', url, headers: m.headers });
const codeOf = (res: { json(): unknown }) => (res.json() as { error: { code: string } }).error.code;

function distribute(m: Member, body: { email: string; quantity: string; paymentPassword?: string }, idem = key()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/placement/distributions',
    headers: { ...m.headers, 'idempotency-key': idem },
    payload: { paymentPassword: PIN, ...body },
  });
}

/** A member who bought `quantity` units at 0.5 USDT. */
async function buyer(quantity: string): Promise<Member> {
  const m = await fundedMember(t, '1000');
  const roundId = await makeRound(db(), clock.now(), { tiers: [{ quantity: '100000', price: '0.5' }] });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/placement/rounds/${roundId}/purchases`,
    headers: { ...m.headers, 'idempotency-key': key() },
    payload: { quantity, expectedAmount: String(Number(quantity) / 2), paymentPassword: PIN },
  });
  expect(res.statusCode, res.body).toBe(200);
  return m;
}

describe('placement distribution', () => {
  it('moves SBC from awaiting to the friend’s wallet, with history, counts and records on both sides', async () => {
    const alice = await buyer('100');
    const bob = await fundedMember(t, '0');
    const [aliceId, bobId] = [await userIdOf(alice), await userIdOf(bob)];

    const first = await distribute(alice, { email: bob.email.toUpperCase(), quantity: '30' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ direction: 'out', quantity: '30', account: maskEmail(bob.email) });
    clock.advance(1);
    expect((await distribute(alice, { email: bob.email, quantity: '12' })).statusCode).toBe(200);

    expect(await holdings(db(), aliceId)).toMatchObject({ placement: '58', sbcWallet: '0' });
    expect(await holdings(db(), bobId)).toMatchObject({ placement: '0', sbcWallet: '42' });
    const mine = (await get(alice, '/api/v1/placement/me')).json();
    expect(mine).toMatchObject({ acquired: '100', distributed: '42', awaiting: '58', held: '58', purchaseAmount: '50' });
    expect(mine.awaiting).toBe((await holdings(db(), aliceId)).placement);
    expect((await get(bob, '/api/v1/placement/me')).json()).toMatchObject({
      held: '42',
      acquired: '0',
      awaiting: '0',
      estimatedValue: '5.04',
    });

    const out = (await get(alice, '/api/v1/placement/distributions?direction=out')).json();
    expect(out).toMatchObject({ count: 2, nextCursor: null });
    expect(out.items.map((i: { quantity: string; account: string }) => [i.quantity, i.account])).toEqual([
      ['12', maskEmail(bob.email)],
      ['30', maskEmail(bob.email)],
    ]);
    const received = (await get(bob, '/api/v1/placement/distributions?direction=in&limit=1')).json();
    expect(received).toMatchObject({ count: 2, items: [{ direction: 'in', quantity: '12', account: maskEmail(alice.email) }] });
    const rest = (await get(bob, `/api/v1/placement/distributions?direction=in&limit=1&cursor=${received.nextCursor}`)).json();
    expect(rest).toMatchObject({ count: 2, items: [{ quantity: '30' }], nextCursor: null });
    expect((await get(alice, '/api/v1/placement/distributions?direction=in')).json()).toMatchObject({ count: 0, items: [] });

    const records = (m: Member) =>
      get(m, '/api/v1/wallet/records?family=placement').then(
        (r) => r.json().records as Array<{ typeCode: number; currency: string; amount: string }>,
      );
    expect((await records(alice)).map((r) => [r.typeCode, r.currency, r.amount])).toEqual([[420, 'USDT', '-50']]);
    expect((await records(bob)).map((r) => [r.typeCode, r.currency, r.amount])).toEqual([
      [422, 'SBC', '12'],
      [422, 'SBC', '30'],
    ]);
    expect(await ledgerViolations(db())).toEqual([]);
  });

  it('refuses an unknown email, oneself, and more than awaits, in the member’s language', async () => {
    const alice = await buyer('10');
    const bob = await fundedMember(t, '0');
    const unknown = await distribute(alice, { email: 'nobody-here@example.com', quantity: '1' });
    expect([unknown.statusCode, codeOf(unknown)]).toEqual([404, 'RECIPIENT_EMAIL_NOT_FOUND']);
    expect(codeOf(await distribute(alice, { email: alice.email, quantity: '1' }))).toBe('RECIPIENT_IS_SELF');
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/v1/placement/distributions',
      headers: { ...alice.headers, 'idempotency-key': key(), 'accept-language': 'zh' },
      payload: { email: bob.email, quantity: '11', paymentPassword: PIN },
    });
    expect(codeOf(short)).toBe('PLACEMENT_AWAITING_SHORT');
    expect(short.json().error.details).toMatchObject({ awaiting: '10' });
    expect(short.json().error.message).toBe('您待分发的SBC少于该数量。');
    expect(codeOf(await distribute(alice, { email: bob.email, quantity: '1', paymentPassword: '000000' }))).toBe('PAYMENT_PASSWORD_WRONG');
    expect(await holdings(db(), await userIdOf(bob))).toMatchObject({ sbcWallet: '0' });
    expect(await holdings(db(), await userIdOf(alice))).toMatchObject({ placement: '10' });
  });

  it('never distributes more than awaits when distributions race, and a retried key moves once', async () => {
    const alice = await buyer('10');
    const friends = await Promise.all([1, 2, 3, 4, 5].map(() => fundedMember(t, '0')));
    const replies = await Promise.all(friends.map((f) => distribute(alice, { email: f.email, quantity: '3' })));
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(3);
    for (const r of replies.filter((reply) => reply.statusCode !== 200)) expect(codeOf(r)).toBe('PLACEMENT_AWAITING_SHORT');
    const aliceId = await userIdOf(alice);
    expect(await holdings(db(), aliceId)).toMatchObject({ placement: '1' });
    expect((await get(alice, '/api/v1/placement/me')).json()).toMatchObject({ awaiting: '1', distributed: '9' });

    const idem = key();
    const [a, b] = await Promise.all([1, 2].map(() => distribute(alice, { email: friends[0]?.email ?? '', quantity: '1' }, idem)));
    const again = await distribute(alice, { email: friends[0]?.email ?? '', quantity: '1' }, idem);
    expect(again.statusCode).toBe(200);
    for (const r of [a, b]) if (r?.statusCode !== 200) expect(codeOf(r as { json(): unknown })).toBe('IDEMPOTENCY_IN_PROGRESS');
    expect(await holdings(db(), aliceId)).toMatchObject({ placement: '0' });
    expect((await get(alice, '/api/v1/placement/distributions?direction=out')).json().count).toBe(4);
    expect(await ledgerViolations(db())).toEqual([]);
  });
});
