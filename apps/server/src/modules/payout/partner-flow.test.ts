import { randomUUID } from 'node:crypto';
import { signatureHeader } from '@wallet/sandbox-payout';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../test/clock';
import {
  addPayee,
  call,
  createPayoutWorld,
  fundedMember,
  type Member,
  PAYOUT_SECRET,
  type PayoutWorld,
  PIN,
  partnerPost,
  sell,
  usdtOf,
} from '../../../test/payout';
import { ledgerViolations } from '../ledger';
import * as q from './order-queries';
import { submitOrder } from './orders';
import { driveDueOrders } from './sending';
import { PAYOUT_WEBHOOK_PATH } from './webhook-deliveries';

/**
 * Orders through the sandbox payout partner: paid and rejected by webhook, refused, and every way a
 * call can end without an answer (timeout after the partner recorded it, the partner down, a crash
 * between the hold and the call, a lost webhook). However it goes, the partner pays once and the
 * member's USDT is settled or returned once.
 */
const clock = new ManualClock(new Date('2026-11-24T02:00:00.000Z'));
let t: PayoutWorld;
let alice: Member;
let payeeId: string;

beforeAll(async () => {
  t = await createPayoutWorld({ clock, partnerTimeoutMs: 1000 });
  alice = await fundedMember(t, '100000');
  payeeId = (await addPayee(t, alice)).id;
});
afterAll(() => t?.close());
beforeEach(async () => {
  await fetch(`${t.sandbox?.url}/sandbox/faults`, { method: 'DELETE' });
});

const order = async (id: string, language = 'en') =>
  (await call(t, alice, 'GET', `/api/v1/payout/orders/${id}`, undefined, undefined, language)).json();
const payoutsAtPartner = async (id: string) => {
  const { payouts } = (await (await fetch(`${t.sandbox?.url}/sandbox/payouts`)).json()) as {
    payouts: Array<{ id: string; amount: string; method: string }>;
  };
  return payouts.filter((p) => p.id === id);
};
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() - started > 10_000) throw new Error(`timed out; last ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
/** A restarted server: nothing in memory; every step due by the rows is taken. */
async function restart(seconds = 61) {
  clock.advance(seconds);
  await driveDueOrders(t.deps);
}

describe('through the partner', () => {
  it('sends the order at once under its own id, then settles it when the partner says paid', async () => {
    const before = await usdtOf(t, alice);
    const placed = (await sell(t, alice, payeeId, '100')).json();
    expect(placed).toMatchObject({ status: 'in_progress' });
    expect(placed.reference).toMatch(/^PO/);
    expect(placed.history.map((h: { step: string }) => h.step)).toEqual(['submitted', 'sent']);
    expect(await payoutsAtPartner(placed.id)).toMatchObject([{ amount: '718.17', method: 'alipay' }]);
    await partnerPost(t, `/sandbox/payouts/${placed.id}/paid`);
    const arrived = await until(
      () => order(placed.id),
      (o) => o.status === 'arrived',
    );
    expect(arrived.reference).toBe(placed.reference);
    expect(await usdtOf(t, alice)).toBe(String(Number(before) - 100));
    expect(await ledgerViolations(t.database.handle.db)).toEqual([]);
  });

  it('returns the USDT when the partner rejects, with a reason in the member language', async () => {
    const before = await usdtOf(t, alice);
    const placed = (await sell(t, alice, payeeId, '55.55')).json();
    await partnerPost(t, `/sandbox/payouts/${placed.id}/rejected`, { reason: 'Payee account frozen' });
    const rejected = await until(
      () => order(placed.id, 'zh'),
      (o) => o.status === 'rejected',
    );
    expect(rejected.reason).toBe('代付机构无法向该账户付款。');
    expect(await usdtOf(t, alice)).toBe(before);
    const kept = await t.database.handle.db
      .selectFrom('payout_order_events')
      .select('note')
      .where('order_id', '=', placed.id)
      .where('step', '=', 'rejected')
      .executeTakeFirstOrThrow();
    expect(kept.note).toBe('Payee account frozen');
  });

  it('rejects and returns at once when the partner refuses the payee for sure', async () => {
    const before = await usdtOf(t, alice);
    await partnerPost(t, '/sandbox/faults', { mode: 'refuse' });
    const placed = (await sell(t, alice, payeeId, '20')).json();
    expect(placed).toMatchObject({ status: 'rejected', reason: 'The receiving account could not accept the payment.' });
    expect(await usdtOf(t, alice)).toBe(before);
  });

  it('leaves the desk out: an operator cannot decide an order the partner holds', async () => {
    const placed = (await sell(t, alice, payeeId, '10')).json();
    const res = await call(t, t.admin, 'POST', `/api/v1/admin/payout/orders/${placed.id}/arrived`, {});
    expect(res.json().error.code).toBe('PAYOUT_ORDER_WITH_PARTNER');
  });
});

describe('unknown outcomes', () => {
  it('a timeout after the partner recorded the payout: looked up, found, never sent twice', async () => {
    await partnerPost(t, '/sandbox/faults', { mode: 'timeout-after', ms: 1500 });
    const placed = (await sell(t, alice, payeeId, '30')).json();
    expect(placed.status).toBe('in_progress');
    const row = await until(
      () => q.findOrder(t.database.handle.db, placed.id),
      (o) => o?.stage === 'submitted',
    );
    expect(row?.partner_reference).toMatch(/^PO/);
    await restart();
    expect(await payoutsAtPartner(placed.id)).toHaveLength(1);
  });

  it('the partner down: the order waits, then goes once the partner is back', async () => {
    await partnerPost(t, '/sandbox/faults', { mode: 'down', ms: 400 });
    const placed = (await sell(t, alice, payeeId, '31')).json();
    expect(placed).toMatchObject({ status: 'in_progress', reference: null });
    expect((await q.findOrder(t.database.handle.db, placed.id))?.stage).toBe('sending');
    await new Promise((resolve) => setTimeout(resolve, 500));
    await restart(3);
    expect((await q.findOrder(t.database.handle.db, placed.id))?.stage).toBe('submitted');
    expect(await payoutsAtPartner(placed.id)).toHaveLength(1);
  });

  it('a crash between the hold and the call: the restarted server sends it, once', async () => {
    const user = await t.database.handle.db.selectFrom('users').select('id').where('email', '=', alice.email).executeTakeFirstOrThrow();
    const quote = (await call(t, alice, 'POST', '/api/v1/payout/quotes', { kind: 'alipay', amount: '40' })).json();
    const held = await submitOrder(t.deps, user.id, { quoteId: quote.id, payeeId, paymentPassword: PIN }, randomUUID(), '203.0.113.9');
    expect(held.stage).toBe('held');
    expect(await payoutsAtPartner(held.id)).toHaveLength(0);
    await restart(1);
    await restart(1);
    expect((await q.findOrder(t.database.handle.db, held.id))?.stage).toBe('submitted');
    expect(await payoutsAtPartner(held.id)).toHaveLength(1);
  });

  it('a crash after the claim: nobody else sends it within the lease; after it, it goes once', async () => {
    const user = await t.database.handle.db.selectFrom('users').select('id').where('email', '=', alice.email).executeTakeFirstOrThrow();
    const quote = (await call(t, alice, 'POST', '/api/v1/payout/quotes', { kind: 'alipay', amount: '41' })).json();
    const held = await submitOrder(t.deps, user.id, { quoteId: quote.id, payeeId, paymentPassword: PIN }, randomUUID(), '203.0.113.9');
    const now = clock.now();
    await q.claim(t.database.handle.db, held.id, now, new Date(now.getTime() + 60_000));
    await restart(30);
    expect(await payoutsAtPartner(held.id)).toHaveLength(0);
    await restart(31);
    expect(await payoutsAtPartner(held.id)).toHaveLength(1);
    expect((await q.findOrder(t.database.handle.db, held.id))?.stage).toBe('submitted');
  });

  it('a lost webhook: the order is looked up later and settles', async () => {
    const placed = (await sell(t, alice, payeeId, '42')).json();
    t.sandbox?.setWebhookUrl('http://127.0.0.1:1/nowhere');
    await partnerPost(t, `/sandbox/payouts/${placed.id}/paid`);
    t.sandbox?.setWebhookUrl(`${t.url}${PAYOUT_WEBHOOK_PATH}`);
    expect((await order(placed.id)).status).toBe('in_progress');
    await restart(61);
    expect((await order(placed.id)).status).toBe('arrived');
    expect(await ledgerViolations(t.database.handle.db)).toEqual([]);
  });
});

describe('webhooks', () => {
  const post = (body: string, signature: string) =>
    fetch(`${t.url}${PAYOUT_WEBHOOK_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-webhook-signature': signature },
      body,
    });

  it('refuses a forged or stale signature, and the same delivery twice', async () => {
    const placed = (await sell(t, alice, payeeId, '43')).json();
    const body = JSON.stringify({
      id: 'evt_test',
      type: 'payout.paid',
      created: new Date().toISOString(),
      data: { payout: { id: placed.id, reference: placed.reference, status: 'paid', reason: null } },
    });
    const now = Math.floor(Date.now() / 1000);
    expect((await post(body, signatureHeader('wrong-secret-wrong-secret', body, now))).status).toBe(401);
    const stale = await post(body, signatureHeader(PAYOUT_SECRET, body, now - 3600));
    expect(((await stale.json()) as { error: { code: string } }).error.code).toBe('WEBHOOK_TIMESTAMP_STALE');
    const signature = signatureHeader(PAYOUT_SECRET, body, now);
    expect((await post(body, signature)).status).toBe(200);
    const replay = await post(body, signature);
    expect(((await replay.json()) as { error: { code: string } }).error.code).toBe('WEBHOOK_REPLAYED');
    expect((await order(placed.id)).status).toBe('arrived');
  });
});
