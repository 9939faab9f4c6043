import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedMember, PIN, registerUser, setPaymentPin } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { nodeCalls } from '../../../test/nodes';
import { ledgerViolations } from '../ledger';

/**
 * Small nodes through the API against PostgreSQL (issue 44): the offer, purchases under the cap
 * (also when bought at once), the upgrade that runs once, and allocation on both sides.
 */
let t: TestApp;
let n: ReturnType<typeof nodeCalls>;

beforeAll(async () => {
  t = await createTestApp();
  n = nodeCalls(t);
});
afterAll(() => t.close());

const codeOf = (res: { json(): { error?: { code?: string } } }) => res.json().error?.code;

describe('the node offer', () => {
  it('shows the operator settings and what the member holds and may still buy', async () => {
    const member = await fundedMember(t, '5000');
    const res = await n.get(member, '/offer');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      smallPrice: '1000',
      smallCap: 20,
      smallBuyable: 20,
      upgradeRatio: 10,
      largeHold: '240000',
      dpoolSharePercent: '1',
      mine: { small: 0, large: 0 },
    });
    expect((await n.buy(member, 3)).statusCode).toBe(200);
    expect((await n.get(member, '/offer')).json()).toMatchObject({ smallBuyable: 17, mine: { small: 3, large: 0 } });
  });
});

describe('buying small nodes', () => {
  it('moves USDT from the wallet to the node desk in one journal with the purchase and its node history', async () => {
    const member = await fundedMember(t, '2500.75');
    const desk = await n.nodeDesk();
    const res = await n.post(member, '/purchases', { quantity: 2, expectedAmount: '2000', remark: 'for the team', paymentPassword: PIN });
    expect(res.statusCode, res.body).toBe(200);
    const bought = res.json();
    expect(bought).toMatchObject({ quantity: 2, price: '1000', amount: '2000', remark: 'for the team' });
    expect(await n.usdt(member)).toBe('500.75');
    expect(await n.nodeDesk()).toBe(String(Number(desk) + 2000));

    const userId = await n.userId(member);
    const changes = await n.db().selectFrom('node_changes').selectAll().where('user_id', '=', userId).execute();
    expect(changes).toEqual([
      expect.objectContaining({ kind: 'purchase', type_code: 423, small_delta: 2, large_delta: 0, small_after: 2, large_after: 0 }),
    ]);
    const purchase = await n.db().selectFrom('node_purchases').selectAll().where('id', '=', bought.id).executeTakeFirstOrThrow();
    expect(purchase.journal_id).toBe(changes[0]?.journal_id);
    expect(changes[0]?.reference).toBe(`node-purchase:${bought.id}`);
  });

  it('answers a retry with the same key from the first purchase and charges once', async () => {
    const member = await fundedMember(t, '3000');
    const key = randomUUID();
    const first = await n.buy(member, 1, '1000', key);
    const again = await n.buy(member, 1, '1000', key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.headers['idempotency-hit']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await n.usdt(member)).toBe('2000');
  });

  it('refuses a changed price, a wrong payment password, too little money and a missing key, charging nothing', async () => {
    const member = await fundedMember(t, '1500');
    const changed = await n.post(member, '/purchases', { quantity: 1, expectedAmount: '999', paymentPassword: PIN }, randomUUID(), 'zh');
    expect(changed.statusCode).toBe(409);
    expect(changed.json().error).toMatchObject({ code: 'NODE_PRICE_CHANGED', message: expect.stringContaining('节点价格') });
    expect(codeOf(await n.post(member, '/purchases', { quantity: 1, expectedAmount: '1000', paymentPassword: '000000' }))).toBe(
      'PAYMENT_PASSWORD_WRONG',
    );
    expect(codeOf(await n.buy(member, 2))).toBe('INSUFFICIENT_BALANCE');
    const keyless = await t.app.inject({
      method: 'POST',
      url: '/api/v1/nodes/purchases',
      headers: member.headers,
      payload: { quantity: 1, expectedAmount: '1000', paymentPassword: PIN },
    });
    expect(codeOf(keyless)).toBe('IDEMPOTENCY_KEY_REQUIRED');
    expect((await n.post(member, '/purchases', { quantity: 0, expectedAmount: '0', paymentPassword: PIN })).statusCode).toBe(400);
    expect(await n.usdt(member)).toBe('1500');
    expect((await n.get(member, '/offer')).json().mine).toEqual({ small: 0, large: 0 });
  });

  it('follows the operator price, and refuses the old amount once it changed', async () => {
    const member = await fundedMember(t, '5000');
    await n.setting('nodes.small_price', '1250.5');
    try {
      expect(codeOf(await n.buy(member, 1))).toBe('NODE_PRICE_CHANGED');
      const res = await n.post(member, '/purchases', { quantity: 2, expectedAmount: '2501', paymentPassword: PIN });
      expect(res.json()).toMatchObject({ price: '1250.5', amount: '2501' });
      expect(await n.usdt(member)).toBe('2499');
    } finally {
      await n.setting('nodes.small_price', '1000');
    }
  });

  it('refuses past the cap, counting every small node bought, with the cap and what was bought', async () => {
    const member = await fundedMember(t, '30000');
    expect((await n.buy(member, 18)).statusCode).toBe(200);
    const over = await n.buy(member, 3);
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toMatchObject({ code: 'NODE_CAP_REACHED', details: { cap: 20, bought: 18 } });
    expect((await n.buy(member, 2)).statusCode).toBe(200);
    expect(codeOf(await n.buy(member, 1))).toBe('NODE_CAP_REACHED');
    expect(await n.usdt(member)).toBe('10000');
    expect((await n.get(member, '/offer')).json()).toMatchObject({ smallBuyable: 0, mine: { small: 20 } });
  });

  it('gives purchases made at once past the cap exactly the cap between them', async () => {
    const member = await fundedMember(t, '40000');
    const results = await Promise.all(Array.from({ length: 30 }, () => n.buy(member, 1)));
    const codes = results.map((r) => (r.statusCode === 200 ? 'ok' : codeOf(r)));
    expect(codes.filter((c) => c === 'ok')).toHaveLength(20);
    expect(codes.filter((c) => c !== 'ok')).toEqual(Array(10).fill('NODE_CAP_REACHED'));
    expect(await n.usdt(member)).toBe('20000');
    const userId = await n.userId(member);
    const holding = await n.db().selectFrom('node_holdings').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
    expect(holding).toMatchObject({ small: 20, small_bought: 20 });
    const history = await n.db().selectFrom('node_changes').select('small_after').where('user_id', '=', userId).orderBy('id').execute();
    expect(history.map((h) => h.small_after)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('lists my purchases newest first, a page at a time', async () => {
    const member = await fundedMember(t, '5000');
    for (const quantity of [1, 2, 1]) expect((await n.buy(member, quantity)).statusCode).toBe(200);
    const first = (await n.get(member, '/purchases?limit=2')).json();
    expect(first.items.map((p: { quantity: number }) => p.quantity)).toEqual([1, 2]);
    expect(first.nextCursor).not.toBeNull();
    const second = (await n.get(member, `/purchases?limit=2&cursor=${first.nextCursor}`)).json();
    expect(second.items.map((p: { quantity: number }) => p.quantity)).toEqual([1]);
    expect(second.nextCursor).toBeNull();
    expect((await n.get(member, '/purchases?cursor=nonsense')).statusCode).toBe(400);
  });
});

describe('the upgrade', () => {
  it('refuses with fewer small nodes than the ratio', async () => {
    const member = await fundedMember(t, '9000');
    expect((await n.buy(member, 9)).statusCode).toBe(200);
    const res = await n.post(member, '/upgrades', { paymentPassword: PIN });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'NODE_UPGRADE_SHORT', details: { ratio: 10, have: 9 } });
  });

  it('upgrades once for the same key sent twice at once, answering both with that upgrade', async () => {
    const member = await fundedMember(t, '10000');
    expect((await n.buy(member, 10)).statusCode).toBe(200);
    const key = randomUUID();
    const both = await Promise.all([1, 2].map(() => n.post(member, '/upgrades', { paymentPassword: PIN }, key)));
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(both[1]?.json()).toEqual(both[0]?.json());
    expect(both[0]?.json()).toMatchObject({ smallUsed: 10, largeGained: 1, nodes: { small: 0, large: 1 } });
    const retry = await n.post(member, '/upgrades', { paymentPassword: PIN }, key);
    expect(retry.headers['idempotency-hit']).toBe('true');
    expect(retry.json()).toEqual(both[0]?.json());

    const userId = await n.userId(member);
    expect((await n.get(member, '/offer')).json().mine).toEqual({ small: 0, large: 1 });
    expect(await n.db().selectFrom('node_upgrades').selectAll().where('user_id', '=', userId).execute()).toHaveLength(1);
    const history = await n
      .db()
      .selectFrom('node_changes')
      .selectAll()
      .where('user_id', '=', userId)
      .where('kind', '=', 'upgrade')
      .execute();
    expect(history).toEqual([
      expect.objectContaining({ type_code: 429, small_delta: -10, large_delta: 1, small_after: 0, large_after: 1 }),
    ]);
    expect(await n.usdt(member)).toBe('0');
  });

  it('upgrades once for two different requests at once with exactly the ratio held', async () => {
    const member = await fundedMember(t, '10000');
    expect((await n.buy(member, 10)).statusCode).toBe(200);
    const results = await Promise.all([1, 2].map(() => n.post(member, '/upgrades', { paymentPassword: PIN })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.map(codeOf).filter(Boolean)).toEqual(['NODE_UPGRADE_SHORT']);
    expect((await n.get(member, '/offer')).json().mine).toEqual({ small: 0, large: 1 });
  });
});

describe('allocation', () => {
  it('refuses an unknown email, oneself, and more than held, in the member language', async () => {
    const member = await fundedMember(t, '2000');
    expect((await n.buy(member, 2)).statusCode).toBe(200);
    const friend = await registerUser(t);
    const unknown = await n.post(
      member,
      '/allocations',
      { email: 'nobody.here@example.com', tier: 'small', quantity: 1, paymentPassword: PIN },
      randomUUID(),
      'ko',
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatchObject({
      code: 'RECIPIENT_EMAIL_NOT_FOUND',
      message: '이 이메일 주소를 사용하는 회원이 없습니다.',
    });
    expect(codeOf(await n.post(member, '/allocations', { email: member.email, tier: 'small', quantity: 1, paymentPassword: PIN }))).toBe(
      'RECIPIENT_IS_SELF',
    );
    expect(codeOf(await n.post(member, '/allocations', { email: friend.email, tier: 'small', quantity: 3, paymentPassword: PIN }))).toBe(
      'NODE_ALLOCATION_SHORT',
    );
    expect(codeOf(await n.post(member, '/allocations', { email: friend.email, tier: 'large', quantity: 1, paymentPassword: PIN }))).toBe(
      'NODE_ALLOCATION_SHORT',
    );
    expect(
      codeOf(await n.post(member, '/allocations', { email: friend.email, tier: 'small', quantity: 1, paymentPassword: '000000' })),
    ).toBe('PAYMENT_PASSWORD_WRONG');
    expect((await n.get(member, '/offer')).json().mine).toEqual({ small: 2, large: 0 });
  });

  it('moves nodes to the recipient with history on both sides and the log on both sides, emails masked', async () => {
    const member = await fundedMember(t, '3000');
    expect((await n.buy(member, 3)).statusCode).toBe(200);
    const friend = await registerUser(t);
    const res = await n.post(member, '/allocations', {
      email: friend.email.toUpperCase(),
      tier: 'small',
      quantity: 2,
      paymentPassword: PIN,
    });
    expect(res.statusCode, res.body).toBe(200);
    const allocation = res.json();
    expect(allocation).toMatchObject({ direction: 'out', tier: 'small', quantity: 2 });
    expect(allocation.allocator).toContain('***');
    expect(allocation.recipientEmail).toContain('***');
    expect(allocation.recipientEmail).not.toBe(friend.email);

    expect((await n.get(member, '/offer')).json().mine).toEqual({ small: 1, large: 0 });
    expect((await n.get(friend, '/offer')).json()).toMatchObject({ mine: { small: 2, large: 0 }, smallBuyable: 20 });

    const [fromId, toId] = [await n.userId(member), await n.userId(friend)];
    const changes = await n
      .db()
      .selectFrom('node_changes')
      .selectAll()
      .where('reference', '=', `node-allocation:${allocation.id}`)
      .orderBy('id')
      .execute();
    expect(changes).toEqual([
      expect.objectContaining({
        user_id: fromId,
        kind: 'allocation_out',
        type_code: 427,
        small_delta: -2,
        small_after: 1,
        counterpart_user_id: toId,
      }),
      expect.objectContaining({
        user_id: toId,
        kind: 'allocation_in',
        type_code: 427,
        small_delta: 2,
        small_after: 2,
        counterpart_user_id: fromId,
      }),
    ]);

    const mine = (await n.get(member, '/allocations')).json();
    const theirs = (await n.get(friend, '/allocations')).json();
    expect(mine.items).toEqual([allocation]);
    expect(theirs.items).toEqual([{ ...allocation, direction: 'in' }]);

    // The friend passes one on: both of their allocations show, newest first.
    await setPaymentPin(t, friend);
    const back = await n.post(friend, '/allocations', { email: member.email, tier: 'small', quantity: 1, paymentPassword: PIN });
    expect(back.statusCode, back.body).toBe(200);
    const friendLog = (await n.get(friend, '/allocations')).json();
    expect(friendLog.items.map((a: { direction: string }) => a.direction)).toEqual(['out', 'in']);
    const paged = (await n.get(member, '/allocations?limit=1')).json();
    expect(paged.items[0].direction).toBe('in');
    const rest = (await n.get(member, `/allocations?limit=1&cursor=${paged.nextCursor}`)).json();
    expect(rest.items[0].direction).toBe('out');
    expect(rest.nextCursor).toBeNull();
  });

  it('moves large nodes too, and two members allocating to each other at once both go through', async () => {
    const a = await fundedMember(t, '10000');
    const b = await fundedMember(t, '10000');
    for (const m of [a, b]) {
      expect((await n.buy(m, 10)).statusCode).toBe(200);
      expect((await n.post(m, '/upgrades', { paymentPassword: PIN })).statusCode).toBe(200);
    }
    const [ab, ba] = await Promise.all([
      n.post(a, '/allocations', { email: b.email, tier: 'large', quantity: 1, paymentPassword: PIN }),
      n.post(b, '/allocations', { email: a.email, tier: 'large', quantity: 1, paymentPassword: PIN }),
    ]);
    expect([ab.statusCode, ba.statusCode]).toEqual([200, 200]);
    expect((await n.get(a, '/offer')).json().mine).toEqual({ small: 0, large: 1 });
    expect((await n.get(b, '/offer')).json().mine).toEqual({ small: 0, large: 1 });
  });
});

describe('a locked account', () => {
  it('buys, upgrades, allocates and applies nothing', async () => {
    const member = await fundedMember(t, '20000');
    expect((await n.buy(member, 10)).statusCode).toBe(200);
    const friend = await registerUser(t);
    await n
      .db()
      .insertInto('account_security')
      .values({
        user_id: await n.userId(member),
        locked_at: new Date(),
        lock_reason: 'test',
        withdrawals_held_until: null,
        withdrawals_held_reason: null,
        updated_at: new Date(),
      })
      .execute();
    const tries = [
      await n.buy(member, 1),
      await n.post(member, '/upgrades', { paymentPassword: PIN }),
      await n.post(member, '/allocations', { email: friend.email, tier: 'small', quantity: 1, paymentPassword: PIN }),
      await n.post(member, '/applications', {
        email: member.email,
        city: 'Seoul',
        name: 'Kim',
        contact: '010-1234',
        teamSize: 5,
        venueSqm: 300,
        paymentPassword: PIN,
      }),
    ];
    expect(tries.map(codeOf)).toEqual(Array(4).fill('ACCOUNT_LOCKED'));
    expect(await n.usdt(member)).toBe('10000');
    expect((await n.get(friend, '/offer')).json().mine).toEqual({ small: 0, large: 0 });
  });
});

describe('the books', () => {
  it('hold every ledger invariant after all of the above', async () => {
    expect(await ledgerViolations(n.db())).toEqual([]);
  });
});
