import { createHmac, randomUUID } from 'node:crypto';
import { Decimal } from '@wallet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeCard } from '../../../../test/card-fixtures';
import { type CardWorld, createCardWorld, WEBHOOK_SECRET } from '../../../../test/cards';
import { ManualClock } from '../../../../test/clock';
import { ledgerViolations } from '../../ledger';
import { WEBHOOK_PATH } from '../issuer/client';

/**
 * What an issuer's events may give back to a card: a refund at most what was settled for its
 * authorization (summed over every refund), a reversal at most what is still held, each event once.
 * Sent as the issuer sends them, as signed webhooks to the listening app.
 */
let t: CardWorld;
const clock = new ManualClock(new Date('2026-11-22T08:00:00.000Z'));
let cards = 0;

beforeAll(async () => {
  t = await createCardWorld({ clock, jobs: false });
});
afterAll(() => t?.close());

const card = (balance: string) => activeCard(t.database.handle.db, { uid: 81_000_000 + ++cards, tag: 'refunds', balance });
type Card = Awaited<ReturnType<typeof card>>;

type EventType = 'authorization.request' | 'authorization.reversal' | 'authorization.clearing' | 'authorization.refund';

/** One signed delivery of an issuer event about `authorizationId` on card `c`. */
async function send(c: Card, type: EventType, authorizationId: string, amount: string, eventId = `evt_${randomUUID()}`) {
  const body = JSON.stringify({
    id: eventId,
    type,
    created: new Date().toISOString(),
    data: { authorizationId, cardId: c.issuerId, amount, currency: 'USD', merchant: { name: 'Refund Shop' } },
  });
  const timestamp = Math.floor(Date.now() / 1000);
  const delivery = randomUUID().replaceAll('-', '');
  const mac = createHmac('sha256', WEBHOOK_SECRET).update(`${timestamp}.${delivery}.${body}`).digest('hex');
  const res = await fetch(`${t.url}${WEBHOOK_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-webhook-signature': `t=${timestamp},d=${delivery},v1=${mac}` },
    body,
  });
  const json = (await res.json()) as Record<string, unknown>;
  expect(res.status, JSON.stringify(json)).toBe(200);
  return json;
}

/** An approved authorization of `amount`, cleared for `settle` unless that is null. */
async function purchase(c: Card, amount: string, settle: string | null = amount) {
  const id = `iauth_${randomUUID()}`;
  expect(await send(c, 'authorization.request', id, amount)).toMatchObject({ approved: true });
  if (settle !== null) await send(c, 'authorization.clearing', id, settle);
  return id;
}

async function balances(c: Card) {
  const rows = await t.database.handle.db
    .selectFrom('ledger_accounts')
    .select(['id', 'balance'])
    .where('id', 'in', [c.accounts.available, c.accounts.hold])
    .execute();
  const of = (id: string) => new Decimal(rows.find((r) => r.id === id)?.balance ?? 'NaN').toFixed();
  return { available: of(c.accounts.available), held: of(c.accounts.hold) };
}

async function rowsOf(c: Card, type: 'refund' | 'reversal', authorizationId: string) {
  const rows = await t.database.handle.db
    .selectFrom('card_transactions')
    .select(['amount', 'balance_change'])
    .where('card_id', '=', c.id)
    .where('type', '=', type)
    .where('authorization_id', '=', authorizationId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ amount: new Decimal(r.amount).toFixed(), balance_change: new Decimal(r.balance_change).toFixed() }));
}

describe('refunds of a card authorization', () => {
  it('credit at most the settled amount over all refunds; the refund that crosses it credits only the remainder', async () => {
    const c = await card('100');
    const id = await purchase(c, '30');
    expect(await balances(c)).toEqual({ available: '70', held: '0' });

    await send(c, 'authorization.refund', id, '20');
    expect(await balances(c)).toMatchObject({ available: '90' });
    await send(c, 'authorization.refund', id, '20');
    expect(await balances(c)).toMatchObject({ available: '100' });
    // Fully refunded: a further refund (a new event id) credits nothing.
    await send(c, 'authorization.refund', id, '5');
    expect(await balances(c)).toMatchObject({ available: '100' });

    // Each refund is recorded with what it actually credited, so the card's history adds up to its balance.
    expect(await rowsOf(c, 'refund', id)).toEqual([
      { amount: '20', balance_change: '20' },
      { amount: '10', balance_change: '10' },
      { amount: '0', balance_change: '0' },
    ]);
    const warnings = t.logs.filter((l) => l.includes(id) && l.includes('refund above'));
    expect(warnings.map((l) => JSON.parse(l).excess)).toEqual(['10', '5']);
    expect(await ledgerViolations(t.database.handle.db)).toEqual([]);
    // The database holds the cap too, whatever a later code path might write.
    const overRefund = t.database.handle.db
      .updateTable('card_transactions')
      .set({ refunded_amount: '30.01' })
      .where('type', '=', 'authorization')
      .where('issuer_ref', '=', id)
      .execute();
    await expect(overRefund).rejects.toMatchObject({ code: '23514' });
  });

  it('credits nothing for an authorization not cleared yet, and counts against the cap once it is', async () => {
    const c = await card('100');
    const id = await purchase(c, '10', null);
    expect(await balances(c)).toEqual({ available: '90', held: '10' });

    await send(c, 'authorization.refund', id, '10');
    expect(await balances(c)).toEqual({ available: '90', held: '10' });
    expect(await rowsOf(c, 'refund', id)).toEqual([{ amount: '0', balance_change: '0' }]);

    await send(c, 'authorization.clearing', id, '10');
    expect(await balances(c)).toEqual({ available: '90', held: '0' });
    await send(c, 'authorization.refund', id, '4');
    await send(c, 'authorization.refund', id, '7');
    expect(await balances(c)).toEqual({ available: '100', held: '0' });
    expect(await ledgerViolations(t.database.handle.db)).toEqual([]);
  });

  it('counts a refund event once, however often the issuer sends it', async () => {
    const c = await card('100');
    const id = await purchase(c, '30');
    const eventId = `evt_${randomUUID()}`;
    expect(await send(c, 'authorization.refund', id, '10', eventId)).toMatchObject({ duplicate: false });
    expect(await send(c, 'authorization.refund', id, '10', eventId)).toMatchObject({ duplicate: true });
    expect(await balances(c)).toMatchObject({ available: '80' });
    // The duplicate used none of the cap: 20 more can still be refunded.
    await send(c, 'authorization.refund', id, '20');
    expect(await balances(c)).toMatchObject({ available: '100' });
  });

  it('stay within the cap when many arrive at once', async () => {
    const c = await card('100');
    const id = await purchase(c, '30');
    const results = await Promise.all(Array.from({ length: 12 }, () => send(c, 'authorization.refund', id, '5')));
    expect(results.every((r) => r.duplicate === false)).toBe(true);
    expect(await balances(c)).toEqual({ available: '100', held: '0' });
    const credited = (await rowsOf(c, 'refund', id)).map((r) => r.amount);
    expect(credited.filter((a) => a === '5')).toHaveLength(6);
    expect(credited.filter((a) => a === '0')).toHaveLength(6);
    expect(await ledgerViolations(t.database.handle.db)).toEqual([]);
  });
});

describe('reversals of a card authorization', () => {
  it('release at most what is still held, over all reversals', async () => {
    const c = await card('100');
    const id = await purchase(c, '10', null);
    await send(c, 'authorization.reversal', id, '4');
    expect(await balances(c)).toEqual({ available: '94', held: '6' });
    await send(c, 'authorization.reversal', id, '25');
    expect(await balances(c)).toEqual({ available: '100', held: '0' });
    await send(c, 'authorization.reversal', id, '5');
    expect(await balances(c)).toEqual({ available: '100', held: '0' });
    expect(await rowsOf(c, 'reversal', id)).toEqual([
      { amount: '4', balance_change: '4' },
      { amount: '6', balance_change: '6' },
      { amount: '0', balance_change: '0' },
    ]);
    expect(await ledgerViolations(t.database.handle.db)).toEqual([]);
  });
});
