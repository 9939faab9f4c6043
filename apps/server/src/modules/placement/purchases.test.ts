import { Decimal } from '@wallet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedMember, type Member, PIN } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { ManualClock } from '../../../test/clock';
import { holdings, key, makeRound, type RoundSpec } from '../../../test/placement';
import { ledgerViolations } from '../ledger';

/**
 * Buying in a round through the API against PostgreSQL: every refusal, a purchase across two price
 * tiers, cumulative per-member limits, KYC, the idempotent retry, and My placement and the records
 * agreeing with the ledger to the unit.
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

const round = (spec: RoundSpec = {}) => makeRound(db(), clock.now(), spec);
const userIdOf = async (m: Member) =>
  (await db().selectFrom('users').select('id').where('uid', '=', m.profile.uid).executeTakeFirstOrThrow()).id;

function buy(m: Member, roundId: string, body: { quantity: string; expectedAmount: string; paymentPassword?: string }, idem = key()) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/placement/rounds/${roundId}/purchases`,
    headers: { ...m.headers, 'idempotency-key': idem },
    payload: { paymentPassword: PIN, ...body },
  });
}
const get = (m: Member, url: string) => t.app.inject({ method: 'GET', url, headers: m.headers });
const codeOf = (res: { json(): unknown }) => (res.json() as { error: { code: string } }).error.code;

describe('placement rounds and purchases', () => {
  it('lists open rounds first with price, remaining and my quantity, and hides rounds closed over 30 days ago', async () => {
    const buyer = await fundedMember(t, '100');
    const now = clock.now();
    const upcoming = await round({ startsAt: new Date(now.getTime() + 86400_000) });
    const open = await round({
      tiers: [
        { quantity: '10', price: '0.5' },
        { quantity: '10', price: '0.6' },
      ],
    });
    const old = await round({ startsAt: new Date(now.getTime() - 60 * 86400_000), endsAt: new Date(now.getTime() - 31 * 86400_000) });
    const recent = await round({ startsAt: new Date(now.getTime() - 10 * 86400_000), endsAt: new Date(now.getTime() - 86400_000) });
    expect((await buy(buyer, open, { quantity: '12', expectedAmount: '6.2' })).statusCode).toBe(200);

    const res = await get(buyer, '/api/v1/placement/rounds');
    expect(res.statusCode, res.body).toBe(200);
    const rounds = res.json().rounds as Array<{ id: string; status: string }>;
    const ids = rounds.map((r) => r.id);
    expect(ids).not.toContain(old);
    expect(ids).toEqual(expect.arrayContaining([upcoming, open, recent]));
    const order = ['open', 'upcoming', 'sold_out', 'closed'];
    const ranks = rounds.map((r) => order.indexOf(r.status));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));

    const detail = await get(buyer, `/api/v1/placement/rounds/${open}`);
    expect(detail.json()).toMatchObject({
      status: 'open',
      price: '0.6',
      sold: '12',
      remaining: '8',
      totalQuantity: '20',
      myQuantity: '12',
    });
    expect((await get(buyer, `/api/v1/placement/rounds/${upcoming}`)).json()).toMatchObject({
      status: 'upcoming',
      price: '0.1',
      myQuantity: '0',
    });
  });

  it('prices a purchase spanning two tiers, stores its lines, and posts one journal 420', async () => {
    const buyer = await fundedMember(t, '1000');
    const id = await round({
      tiers: [
        { quantity: '100', price: '0.25' },
        { quantity: '100', price: '0.4' },
      ],
      sold: '0',
    });
    await buy(buyer, id, { quantity: '90', expectedAmount: '22.5' });
    const res = await buy(buyer, id, { quantity: '30', expectedAmount: '10.5' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      roundId: id,
      quantity: '30',
      amount: '10.5',
      lines: [
        { quantity: '10', price: '0.25', amount: '2.5' },
        { quantity: '20', price: '0.4', amount: '8' },
      ],
    });
    const row = await db().selectFrom('placement_purchases').selectAll().where('id', '=', res.json().id).executeTakeFirstOrThrow();
    expect(new Decimal(row.sold_before).toFixed()).toBe('90');
    expect(row.lines).toEqual(res.json().lines);

    const me = await userIdOf(buyer);
    expect(await holdings(db(), me)).toEqual({ sbcWallet: '0', placement: '120', usdt: '967' });
    const mine = (await get(buyer, '/api/v1/placement/me')).json();
    expect(mine).toMatchObject({ acquired: '120', awaiting: '120', distributed: '0', purchaseAmount: '33', held: '120', sbcPrice: '0.12' });
    expect(mine.estimatedValue).toBe('14.4');
    expect(mine.awaiting).toBe((await holdings(db(), me)).placement);

    const records = (await get(buyer, '/api/v1/wallet/records?family=placement')).json().records as Array<Record<string, unknown>>;
    expect(records.filter((r) => r.typeCode === 420 && r.currency === 'USDT').map((r) => r.amount)).toEqual(['-10.5', '-22.5']);
    expect(await ledgerViolations(db())).toEqual([]);
  });

  it('refuses each way a round can refuse, charging nothing', async () => {
    const buyer = await fundedMember(t, '1000');
    const me = await userIdOf(buyer);
    const now = clock.now();
    const cases: Array<[string, RoundSpec, string, string]> = [
      ['PLACEMENT_ROUND_UPCOMING', { startsAt: new Date(now.getTime() + 3600_000) }, '1', '0.1'],
      ['PLACEMENT_ROUND_CLOSED', { startsAt: new Date(now.getTime() - 7200_000), endsAt: new Date(now.getTime() - 60_000) }, '1', '0.1'],
      ['PLACEMENT_SOLD_OUT', { tiers: [{ quantity: '5', price: '1' }], sold: '5' }, '1', '1'],
      ['PLACEMENT_BELOW_MINIMUM', { min: '10' }, '5', '0.5'],
      ['PLACEMENT_ABOVE_MAXIMUM', { max: '10' }, '11', '1.1'],
      ['PLACEMENT_PRICE_CHANGED', {}, '10', '0.9'],
      ['PLACEMENT_KYC_REQUIRED', { kycRequired: true }, '1', '0.1'],
    ];
    for (const [code, spec, quantity, expectedAmount] of cases) {
      const res = await buy(buyer, await round(spec), { quantity, expectedAmount });
      expect([res.statusCode, codeOf(res)], code).toEqual([expect.any(Number), code]);
    }
    const left = await buy(buyer, await round({ tiers: [{ quantity: '5', price: '1' }], sold: '3' }), {
      quantity: '4',
      expectedAmount: '4',
    });
    expect(codeOf(left)).toBe('PLACEMENT_NOT_ENOUGH_LEFT');
    expect(left.json().error.details).toMatchObject({ remaining: '2' });
    const missing = await buy(buyer, '00000000-0000-4000-8000-000000000000', { quantity: '1', expectedAmount: '0.1' });
    expect([missing.statusCode, codeOf(missing)]).toEqual([404, 'PLACEMENT_ROUND_NOT_FOUND']);
    const fraction = await buy(buyer, await round(), { quantity: '1.5', expectedAmount: '0.15' });
    expect([fraction.statusCode, codeOf(fraction)]).toEqual([400, 'VALIDATION_FAILED']);
    expect(fraction.json().error.details.fields).toEqual([expect.objectContaining({ code: 'PLACEMENT_QUANTITY_INVALID' })]);
    const wrongPin = await buy(buyer, await round(), { quantity: '1', expectedAmount: '0.1', paymentPassword: '000000' });
    expect(codeOf(wrongPin)).toBe('PAYMENT_PASSWORD_WRONG');
    expect(await holdings(db(), me)).toEqual({ sbcWallet: '0', placement: '0', usdt: '1000' });
    expect(await db().selectFrom('placement_purchases').select('id').where('user_id', '=', me).execute()).toEqual([]);
  });

  it('counts the per-member limits over the whole round', async () => {
    const buyer = await fundedMember(t, '1000');
    const id = await round({ min: '5', max: '12' });
    expect((await buy(buyer, id, { quantity: '5', expectedAmount: '0.5' })).statusCode).toBe(200);
    // Below the minimum alone, but 5 + 2 is above it.
    expect((await buy(buyer, id, { quantity: '2', expectedAmount: '0.2' })).statusCode).toBe(200);
    const over = await buy(buyer, id, { quantity: '6', expectedAmount: '0.6' });
    expect(codeOf(over)).toBe('PLACEMENT_ABOVE_MAXIMUM');
    expect((await buy(buyer, id, { quantity: '5', expectedAmount: '0.5' })).statusCode).toBe(200);
    expect((await get(buyer, `/api/v1/placement/rounds/${id}`)).json().myQuantity).toBe('12');
  });

  it('lets a member who passed KYC into a KYC round', async () => {
    const buyer = await fundedMember(t, '10');
    const me = await userIdOf(buyer);
    await db()
      .insertInto('cardholders')
      .values({ user_id: me, issuer_cardholder_id: null, kyc_status: 'passed', kyc_reason: null, kyc_data: null, kyc_submitted_at: null })
      .execute();
    const res = await buy(buyer, await round({ kycRequired: true }), { quantity: '3', expectedAmount: '0.3' });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('rolls everything back when the wallet cannot pay', async () => {
    const buyer = await fundedMember(t, '1');
    const me = await userIdOf(buyer);
    const id = await round();
    const res = await buy(buyer, id, { quantity: '20', expectedAmount: '2' });
    expect(codeOf(res)).toBe('INSUFFICIENT_BALANCE');
    expect((await get(buyer, `/api/v1/placement/rounds/${id}`)).json()).toMatchObject({ sold: '0', myQuantity: '0' });
    expect(await holdings(db(), me)).toEqual({ sbcWallet: '0', placement: '0', usdt: '1' });
  });

  it('rolls the units and the member total back when the ledger refuses the payment inside the transaction', async () => {
    const buyer = await fundedMember(t, '10');
    const me = await userIdOf(buyer);
    const id = await round({ tiers: [{ quantity: '1000', price: '1' }] });
    // Both pass the unlocked balance check; the ledger, under the wallet's lock, lets one pay.
    const replies = await Promise.all([1, 2].map(() => buy(buyer, id, { quantity: '8', expectedAmount: '8' })));
    const refused = replies.filter((r) => r.statusCode !== 200);
    expect(refused.map(codeOf)).toEqual(['INSUFFICIENT_BALANCE']);
    expect((await get(buyer, `/api/v1/placement/rounds/${id}`)).json()).toMatchObject({ sold: '8', myQuantity: '8' });
    expect(await holdings(db(), me)).toEqual({ sbcWallet: '0', placement: '8', usdt: '2' });
    const position = await db().selectFrom('placement_positions').selectAll().where('user_id', '=', me).executeTakeFirstOrThrow();
    expect([new Decimal(position.acquired).toFixed(), new Decimal(position.purchase_amount).toFixed()]).toEqual(['8', '8']);
  });

  it('answers a retry with the same key from the first purchase, and two at once buy once', async () => {
    const buyer = await fundedMember(t, '100');
    const me = await userIdOf(buyer);
    const id = await round();
    const idem = key();
    const first = await buy(buyer, id, { quantity: '10', expectedAmount: '1' }, idem);
    const again = await buy(buyer, id, { quantity: '10', expectedAmount: '1' }, idem);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotency-hit']).toBe('true');
    expect(again.json()).toEqual(first.json());

    const together = key();
    const both = await Promise.all([1, 2].map(() => buy(buyer, id, { quantity: '7', expectedAmount: '0.7' }, together)));
    const ok = both.filter((r) => r.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const r of both) if (r.statusCode !== 200) expect(codeOf(r)).toBe('IDEMPOTENCY_IN_PROGRESS');
    expect(new Set(ok.map((r) => r.json().id)).size).toBe(1);
    expect(await holdings(db(), me)).toEqual({ sbcWallet: '0', placement: '17', usdt: '98.3' });
    expect((await get(buyer, `/api/v1/placement/rounds/${id}`)).json().sold).toBe('17');
  });

  it('lists my purchases newest first in pages', async () => {
    const buyer = await fundedMember(t, '100');
    const id = await round();
    for (const quantity of ['1', '2', '3']) {
      clock.advance(1);
      await buy(buyer, id, { quantity, expectedAmount: new Decimal(quantity).times('0.1').toFixed() });
    }
    const first = (await get(buyer, '/api/v1/placement/purchases?limit=2')).json();
    expect(first.items.map((p: { quantity: string }) => p.quantity)).toEqual(['3', '2']);
    const second = (await get(buyer, `/api/v1/placement/purchases?limit=2&cursor=${first.nextCursor}`)).json();
    expect(second).toMatchObject({ items: [{ quantity: '1' }], nextCursor: null });
    expect((await get(buyer, '/api/v1/placement/purchases?cursor=abc')).statusCode).toBe(400);
  });
});
