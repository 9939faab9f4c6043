import { Decimal } from '@wallet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CardWorld, call, createCardWorld, fundedUser, PIN, sandboxPost, type User, waitFor } from '../../../test/cards';
import { ManualClock } from '../../../test/clock';
import { ledgerViolations, SYSTEM_PURPOSES } from '../ledger';

/**
 * A card ticket at card opening, over the real API with the sandbox issuer: the member who holds one
 * sees the fee as covered before the payment password; opening spends it (the fee journal's paying
 * leg is the rewards expense account, the member pays nothing); a failed opening gives it back and
 * refunds nothing to the member; one ticket pays one card however many openings race for it.
 */
let t: CardWorld;
let agent: User;
let agentId: string;
let productId: string;
const FEE = '10';

const db = () => t.database.handle.db;
const userIdOf = async (user: User) =>
  (await db().selectFrom('users').select('id').where('email', '=', user.email).executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  t = await createCardWorld({ clock: new ManualClock() });
  agent = await fundedUser(t, '0');
  agentId = await userIdOf(agent);
  const products = (await call(t, agent, 'GET', '/api/v1/cards/products')).json().products;
  const classic = products.find((p: { name: string }) => p.name === 'Virtual USD Classic');
  expect(classic.openingFee).toBe(FEE);
  productId = classic.id;
});
afterAll(() => t?.close());

/** A ticket granted to the agency member and handed to `holder`, as the console and the agency centre do. */
async function handTicket(holder: User) {
  const grant = await db()
    .insertInto('agency_ticket_grants')
    .values({ owner_id: agentId, count: 1, operator_id: t.admin.id, note: 'test' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return db()
    .insertInto('agency_tickets')
    .values({ grant_id: grant.id, owner_id: agentId, holder_id: await userIdOf(holder), handed_at: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
}

const ticket = (id: string) =>
  db().selectFrom('agency_tickets').select(['card_id', 'used_at']).where('id', '=', id).executeTakeFirstOrThrow();
const usdt = async (user: User) =>
  (await call(t, user, 'GET', '/api/v1/wallet/balances')).json().balances.find((b: { currency: string }) => b.currency === 'USDT')
    ?.balance ?? '0';
const ticketCovers = async (user: User) => (await call(t, user, 'GET', '/api/v1/cards/products')).json().ticketCovers;
const open = (user: User, extra: Record<string, unknown> = {}, product = productId) =>
  call(t, user, 'POST', '/api/v1/cards', { productId: product, firstName: 'Tina', lastName: 'Wong', paymentPassword: PIN, ...extra });
const cardStatus = async (user: User, cardId: string) => (await call(t, user, 'GET', `/api/v1/cards/${cardId}`)).json().status;

/** A journal's legs as purpose (or `wallet:<user>`) and signed amount. */
async function legsOf(idempotencyKey: string) {
  const rows = await db()
    .selectFrom('ledger_journal as j')
    .innerJoin('ledger_entries as e', 'e.journal_id', 'j.id')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    .select(['j.type_code', 'a.purpose', 'a.user_id', 'e.amount'])
    .where('j.idempotency_key', '=', idempotencyKey)
    .orderBy('e.id')
    .execute();
  return rows.map((r) => ({
    type: r.type_code,
    account: r.user_id ? `${r.purpose}:${r.user_id}` : r.purpose,
    amount: new Decimal(r.amount).toFixed(),
  }));
}

describe('a card ticket at card opening', () => {
  it('pays the opening fee from the rewards expense account, once; the member pays nothing', async () => {
    const member = await fundedUser(t, '100');
    expect(await ticketCovers(member)).toBe(false);
    const { id } = await handTicket(member);
    expect(await ticketCovers(member)).toBe(true);
    expect(await ticketCovers(agent)).toBe(false);

    const res = await open(member, { paidByTicket: true });
    expect(res.statusCode, res.body).toBe(200);
    const cardId = res.json().id;
    expect(await usdt(member)).toBe('100');
    expect(await ticket(id)).toMatchObject({ card_id: cardId, used_at: expect.any(Date) });
    expect(await legsOf(`card:${cardId}:opening-fee`)).toEqual([
      { type: 21, account: SYSTEM_PURPOSES.rewardsExpense, amount: '-10' },
      { type: 21, account: SYSTEM_PURPOSES.feeRevenue, amount: '10' },
    ]);
    expect(await ticketCovers(member)).toBe(false);
    await waitFor(
      () => cardStatus(member, cardId),
      (s) => s !== 'opening',
    );

    // The ticket is spent: an app that still shows it covered is refused, and nothing is charged.
    const stale = await open(member, { paidByTicket: true });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('CARD_TICKET_UNAVAILABLE');
    expect(await usdt(member)).toBe('100');
    expect((await call(t, member, 'GET', '/api/v1/cards')).json().cards).toHaveLength(1);
    // Without a ticket the member pays the fee as usual.
    const paid = await open(member);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await usdt(member)).toBe('90');
    expect(await legsOf(`card:${paid.json().id}:opening-fee`)).toEqual([
      { type: 21, account: `wallet:${await userIdOf(member)}`, amount: '-10' },
      { type: 21, account: SYSTEM_PURPOSES.feeRevenue, amount: '10' },
    ]);
    // Settled before the next test arms a failing opening at the issuer.
    await waitFor(
      () => cardStatus(member, paid.json().id),
      (s) => s !== 'opening',
    );
    expect(await ledgerViolations(db())).toEqual([]);
  });

  it('gives the ticket back when the opening fails, and refunds nothing to the member', async () => {
    const member = await fundedUser(t, '100');
    const { id } = await handTicket(member);
    await sandboxPost(t, '/sandbox/openings/fail-next', { count: 1 });
    const res = await open(member, { paidByTicket: true });
    expect(res.statusCode, res.body).toBe(200);
    const cardId = res.json().id;
    await waitFor(
      () => cardStatus(member, cardId),
      (s) => s === 'failed',
    );
    expect(await ticket(id)).toEqual({ card_id: null, used_at: null });
    expect(await usdt(member)).toBe('100');
    expect(await legsOf(`card:${cardId}:opening-refund`)).toEqual([
      { type: 115, account: SYSTEM_PURPOSES.feeRevenue, amount: '-10' },
      { type: 115, account: SYSTEM_PURPOSES.rewardsExpense, amount: '10' },
    ]);
    // Nothing of it in the member's records: they neither paid nor got anything back.
    const records = (await call(t, member, 'GET', '/api/v1/wallet/records')).json().records;
    expect(records.map((r: { typeCode: number }) => r.typeCode)).not.toContain(115);
    expect(records.map((r: { typeCode: number }) => r.typeCode)).not.toContain(21);

    // Free again: it pays the member's next card.
    expect(await ticketCovers(member)).toBe(true);
    const again = await open(member, { paidByTicket: true });
    expect(again.statusCode, again.body).toBe(200);
    expect(await ticket(id)).toMatchObject({ card_id: again.json().id });
    expect(await usdt(member)).toBe('100');
    expect(await ledgerViolations(db())).toEqual([]);
  });

  it('pays one card when two openings race for one ticket: the other is refused when it was shown covered', async () => {
    const member = await fundedUser(t, '100');
    const { id } = await handTicket(member);
    const replies = await Promise.all([open(member, { paidByTicket: true }), open(member, { paidByTicket: true })]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const opened = replies.find((r) => r.statusCode === 200)?.json();
    expect(replies.find((r) => r.statusCode === 409)?.json().error.code).toBe('CARD_TICKET_UNAVAILABLE');
    expect(await ticket(id)).toMatchObject({ card_id: opened.id });
    expect(await usdt(member)).toBe('100');
    expect((await call(t, member, 'GET', '/api/v1/cards')).json().cards).toHaveLength(1);
    expect(await ledgerViolations(db())).toEqual([]);
  });

  it('pays one card when two openings race for one ticket: the other pays its fee when none was promised', async () => {
    const member = await fundedUser(t, '100');
    const { id } = await handTicket(member);
    const replies = await Promise.all([open(member), open(member)]);
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200]);
    const cardIds = replies.map((r) => r.json().id);
    const used = await ticket(id);
    expect(cardIds).toContain(used.card_id);
    expect(await usdt(member)).toBe('90');
    const payers = await Promise.all(cardIds.map(async (cardId) => (await legsOf(`card:${cardId}:opening-fee`))[0]?.account));
    expect(payers.sort()).toEqual([SYSTEM_PURPOSES.rewardsExpense, `wallet:${await userIdOf(member)}`].sort());
    expect(await ledgerViolations(db())).toEqual([]);
  });

  it('is not spent on a card without an opening fee', async () => {
    const free = await db()
      .insertInto('card_products')
      .values({
        name: 'Virtual USD Free',
        level: 0,
        type: 'virtual',
        currency: 'USD',
        opening_fee: '0',
        monthly_fee: '0',
        recharge_fee_rate: '0',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const member = await fundedUser(t, '0');
    const { id } = await handTicket(member);
    const res = await open(member, { paidByTicket: true }, free.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(await ticket(id)).toEqual({ card_id: null, used_at: null });
    expect(await ticketCovers(member)).toBe(true);
  });
});
