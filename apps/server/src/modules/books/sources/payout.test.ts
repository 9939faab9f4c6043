import { randomUUID } from 'node:crypto';
import { type SandboxPayout, startSandboxPayout } from '@wallet/sandbox-payout';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../test/database';
import { HttpPayoutPartner } from '../../payout/partner';
import { type BooksSource, type ReadInput, SourceUnavailable } from '../source';
import { payoutSource } from './payout';

const KEY = 'payout-source-test-key';
let database: TestDatabase;
let partner: SandboxPayout & { url: string; close(): Promise<void> };
let source: BooksSource;

const input = (): ReadInput => ({
  db: database.handle.db,
  cutoffAt: new Date(Date.now() + 1000),
  runId: 'run',
  open: [],
  previousPoints: [],
});

/**
 * An order as the payout module leaves it once the partner said paid. Only the columns the source
 * reads matter here, so the members, quotes and payees it points at are left out (foreign keys are
 * not checked for this insert; it is this test's own database).
 */
async function arrivedOrder(amountOut: string, actor = 'partner') {
  const id = randomUUID();
  const now = new Date();
  await database.handle.db.transaction().execute(async (trx) => {
    await sql`set local session_replication_role = replica`.execute(trx);
    await trx
      .insertInto('payout_orders')
      .values({
        id,
        user_id: randomUUID(),
        request_key: id,
        quote_id: randomUUID(),
        kind: 'alipay',
        payee_id: randomUUID(),
        payee_name: 'Zhang',
        payee_account_last4: '1234',
        payee_account_masked: null,
        payee_bank_name: null,
        key_id: 'k',
        payee_secret: Buffer.from('x'),
        amount: '100',
        fee: '1',
        rate: '7',
        amount_out: amountOut,
        day: now.toISOString().slice(0, 10),
        stage: 'arrived',
        partner_reference: null,
        reason: null,
        next_attempt_at: now,
        created_at: now,
        updated_at: now,
        finished_at: now,
      })
      .execute();
    await trx.insertInto('payout_order_events').values({ order_id: id, step: 'arrived', note: null, actor, created_at: now }).execute();
  });
  return id;
}

/** The partner's record of a payout it paid (once). */
async function paidAtPartner(id: string, amount: string) {
  const res = await fetch(`${partner.url}/v1/payouts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json', 'idempotency-key': id },
    body: JSON.stringify({
      id,
      amount,
      currency: 'CNY',
      method: 'alipay',
      payee: { name: '张三', idNumber: '11010519491231002X', account: 'zhang@example.com' },
    }),
  });
  expect(res.status).toBe(200);
  expect((await partner.app.inject({ method: 'POST', url: `/sandbox/payouts/${id}/paid` })).statusCode).toBe(200);
}

beforeAll(async () => {
  database = await createTestDatabase();
  partner = await startSandboxPayout({ webhookUrl: 'http://127.0.0.1:9/hook', webhookSecret: 's', apiKey: KEY, prefunding: '10000' });
  source = payoutSource({ db: database.handle.db, partner: new HttpPayoutPartner(partner.url, KEY, 2000) });
});
afterAll(async () => {
  await partner?.close();
  await database?.drop();
});
beforeEach(async () => {
  await database.handle.db.deleteFrom('payout_order_events').execute();
  await database.handle.db.deleteFrom('payout_orders').execute();
  partner.store.payouts.clear();
  partner.store.payments = [];
  await partner.app.inject({ method: 'DELETE', url: '/sandbox/faults' });
});

describe('the payout partner against arrived flash exchange orders', () => {
  it('finds nothing when every arrived order was paid once with its amount', async () => {
    for (const amount of ['687.50', '100.00']) await paidAtPartner(await arrivedOrder(amount), amount);
    // Paid by a desk by hand: never went to the partner, so nothing is expected there.
    await arrivedOrder('55.00', 'operator:someone');
    const reading = await source.reconcile(input());
    expect(reading.differences).toEqual([]);
    expect(reading.points).toEqual([{ source: 'payout', asOf: expect.any(String), checked: 2 }]);
    expect(await source.reserves({ db: database.handle.db, cutoffAt: new Date() })).toEqual([
      { source: 'payout', currency: 'CNY', amount: '9212.5', asOf: expect.any(String) },
    ]);
  });

  it('finds a payout the partner paid twice, named as such', async () => {
    const order = await arrivedOrder('300.00');
    await paidAtPartner(order, '300.00');
    expect((await partner.app.inject({ method: 'POST', url: `/sandbox/payouts/${order}/pay-twice` })).statusCode).toBe(200);
    const { differences } = await source.reconcile(input());
    expect(differences).toEqual([
      expect.objectContaining({
        identity: `payout:paid_twice:${order}`,
        source: 'payout',
        kind: 'payout_paid_twice',
        currency: 'CNY',
        subject: order,
        expected: '300',
        observed: '600',
        difference: '300',
        cause: 'partner_paid_twice',
      }),
    ]);
  });

  it('finds an arrived order the partner never paid, a payment for an order not arrived, and an amount that differs', async () => {
    const unpaid = await arrivedOrder('80.00');
    const short = await arrivedOrder('90.00');
    await paidAtPartner(short, '89.00');
    const stranger = randomUUID();
    await paidAtPartner(stranger, '12.00');
    const { differences } = await source.reconcile(input());
    expect(differences).toHaveLength(3);
    expect(differences).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          identity: `payout:not_paid:${unpaid}`,
          kind: 'payout_not_paid',
          cause: 'partner_did_not_pay',
          difference: '-80',
        }),
        expect.objectContaining({ identity: `payout:amount:${short}`, kind: 'payout_amount', cause: 'amount_differs', difference: '-1' }),
        expect.objectContaining({
          identity: `payout:paid_not_arrived:${stranger}`,
          kind: 'payout_paid_not_arrived',
          cause: 'partner_paid_unknown_order',
          observed: '12',
          difference: '12',
        }),
      ]),
    );
  });

  it('fails as the partner unavailable when it cannot be read, never as matched', async () => {
    await arrivedOrder('80.00');
    await partner.app.inject({ method: 'POST', url: '/sandbox/faults', payload: { mode: 'down', ms: 60_000 } });
    await expect(source.reconcile(input())).rejects.toBeInstanceOf(SourceUnavailable);
    await expect(source.reserves({ db: database.handle.db, cutoffAt: new Date() })).rejects.toMatchObject({ source: 'payout' });
  });
});
