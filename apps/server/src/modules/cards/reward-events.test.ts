import { createHmac, randomUUID } from 'node:crypto';
import { Decimal } from '@wallet/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeCard } from '../../../test/card-fixtures';
import { type CardWorld, call, createCardWorld, fundedUser, PIN, type User, WEBHOOK_SECRET, waitFor } from '../../../test/cards';
import { ManualClock } from '../../../test/clock';
import { openActiveCard } from '../../../test/open-card';
import { ledgerViolations } from '../ledger';
import { WEBHOOK_PATH } from './issuer/client';
import { applyKycResult } from './kyc/service';
import { markOpened } from './opening/service';
import { refundParts } from './reward-events';

/**
 * What a card's money writes to the rewards outbox: a card opened (when it becomes usable), a load
 * settled, a clearing, a refund. Each once, however often the issuer or a job repeats itself, and in
 * the transaction of the money: an outbox write that fails takes the money with it, and the retry
 * writes both. Failures are made by a trigger that refuses outbox rows of an armed kind.
 */
let t: CardWorld;
const clock = new ManualClock(new Date('2026-11-22T08:00:00.000Z'));
let fixtures = 0;

beforeAll(async () => {
  t = await createCardWorld({ clock });
  await sql`create table reward_event_faults (kind text primary key)`.execute(t.database.handle.db);
  await sql`
    create function reward_event_fault() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from reward_event_faults where kind = new.kind) then
        raise exception 'outbox refused % (test fault)', new.kind;
      end if;
      return new;
    end $$`.execute(t.database.handle.db);
  await sql`create trigger reward_event_fault before insert on reward_events for each row execute function reward_event_fault()`.execute(
    t.database.handle.db,
  );
});
afterAll(() => t?.close());

const db = () => t.database.handle.db;
const arm = (kind: string) => sql`insert into reward_event_faults values (${kind})`.execute(db());
const disarm = () => sql`delete from reward_event_faults`.execute(db());

async function eventsOf(memberId: string) {
  const rows = await db()
    .selectFrom('reward_events')
    .select(['kind', 'member_id', 'source_key', 'source_ref', 'refund_of', 'amount', 'currency'])
    .where('member_id', '=', memberId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, amount: r.amount === null ? null : new Decimal(r.amount).toFixed() }));
}

const userIdOf = async (user: User) =>
  (await db().selectFrom('users').select('id').where('email', '=', user.email).executeTakeFirstOrThrow()).id;

describe('refundParts', () => {
  const spend = (key: string, amount: string) => ({ sourceKey: key, amount: new Decimal(amount) });
  const parts = (clearings: ReturnType<typeof spend>[], settled: string, before: string, credit: string) =>
    refundParts(clearings, new Decimal(settled), new Decimal(before), new Decimal(credit)).map((p) => [p.refundOf, p.amount.toFixed()]);

  it('gives back one clearing', () => {
    expect(parts([spend('a', '30')], '30', '0', '10')).toEqual([['a', '10']]);
    expect(parts([spend('a', '30')], '30', '10', '20')).toEqual([['a', '20']]);
  });

  it('lays refunds over several clearings, oldest first', () => {
    const two = [spend('a', '30'), spend('b', '20')];
    expect(parts(two, '50', '0', '40')).toEqual([
      ['a', '30'],
      ['b', '10'],
    ]);
    expect(parts(two, '50', '40', '10')).toEqual([['b', '10']]);
    expect(parts(two, '50', '25', '10')).toEqual([
      ['a', '5'],
      ['b', '5'],
    ]);
  });

  it('points at nothing for clearings made before the outbox (they paid no reward)', () => {
    // 30 cleared before the outbox existed, then 20 recorded as `b`.
    expect(parts([spend('b', '20')], '50', '0', '30')).toEqual([]);
    expect(parts([spend('b', '20')], '50', '0', '35')).toEqual([['b', '5']]);
    expect(parts([spend('b', '20')], '50', '35', '15')).toEqual([['b', '15']]);
  });
});

describe('card opened', () => {
  let alice: User;
  let aliceId: string;

  beforeAll(async () => {
    alice = await fundedUser(t, '1000');
    aliceId = await userIdOf(alice);
  });

  it('counts a card as opened once it is usable: after KYC, once, whatever is applied again', async () => {
    const { cardId } = await openActiveCard(t, alice);
    expect(await eventsOf(aliceId)).toEqual([
      {
        kind: 'card_opened',
        member_id: aliceId,
        source_key: `card-opened:${cardId}`,
        source_ref: `card:${cardId}`,
        refund_of: null,
        amount: null,
        currency: null,
      },
    ]);
    // The KYC decision applied again (a redelivery), and the issuer's card.opened again: nothing more.
    const holder = await db()
      .selectFrom('cardholders')
      .select('issuer_cardholder_id')
      .where('user_id', '=', aliceId)
      .executeTakeFirstOrThrow();
    await applyKycResult(t.deps, holder.issuer_cardholder_id as string, true, null);
    await markOpened(t.deps, { cardId, issuerCardId: 'ignored', last4: '0000', expMonth: 1, expYear: 2030 });
    expect(await eventsOf(aliceId)).toHaveLength(1);
  });

  it('counts a card opened for a member whose KYC has passed when the issuer opens it', async () => {
    const products = (await call(t, alice, 'GET', '/api/v1/cards/products')).json().products;
    const productId = products.find((p: { name: string }) => p.name === 'Virtual USD Classic').id;
    const res = await call(t, alice, 'POST', '/api/v1/cards', { productId, firstName: 'Alice', lastName: 'Lee', paymentPassword: PIN });
    expect(res.statusCode, res.body).toBe(200);
    const cardId = res.json().id;
    await waitFor(
      () => call(t, alice, 'GET', `/api/v1/cards/${cardId}`).then((r) => r.json()),
      (c) => c.status === 'active',
    );
    const events = await eventsOf(aliceId);
    expect(events.map((e) => e.source_key)).toEqual([expect.stringMatching(/^card-opened:/), `card-opened:${cardId}`]);
    expect(events[1]?.kind).toBe('card_opened');
  });

  it('writes the event in the transaction that opens the card: refused, the card stays opening', async () => {
    const card = await activeCard(db(), { uid: 83_000_000 + ++fixtures, tag: 'opened', balance: '0' });
    await db().updateTable('cards').set({ status: 'opening', issuer_card_id: null }).where('id', '=', card.id).execute();
    await db()
      .insertInto('cardholders')
      .values({ user_id: card.user_id, issuer_cardholder_id: null, kyc_data: null, kyc_status: 'passed' })
      .execute();
    const opened = { cardId: card.id, issuerCardId: `ic_opened_${fixtures}`, last4: '4242', expMonth: 12, expYear: 2030 };
    await arm('card_opened');
    await expect(markOpened(t.deps, opened)).rejects.toThrow(/test fault/);
    await disarm();
    const row = await db().selectFrom('cards').select(['status', 'last4']).where('id', '=', card.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'opening', last4: '0000' });
    expect(await eventsOf(card.user_id)).toEqual([]);
    // The issuer retries: both happen, once.
    await markOpened(t.deps, opened);
    await markOpened(t.deps, opened);
    expect((await db().selectFrom('cards').select('status').where('id', '=', card.id).executeTakeFirstOrThrow()).status).toBe('active');
    expect((await eventsOf(card.user_id)).map((e) => [e.kind, e.source_key])).toEqual([['card_opened', `card-opened:${card.id}`]]);
  });
});

describe('card recharge', () => {
  let bob: User;
  let bobId: string;
  let cardId: string;

  beforeAll(async () => {
    bob = await fundedUser(t, '1000');
    bobId = await userIdOf(bob);
    ({ cardId } = await openActiveCard(t, bob));
  });

  const recharges = async () => (await eventsOf(bobId)).filter((e) => e.kind === 'card_recharge');

  it('records what the card received when the load settles, once however often it is asked', async () => {
    const key = randomUUID();
    const res = await call(t, bob, 'POST', `/api/v1/cards/${cardId}/recharge`, { amount: '100', paymentPassword: PIN }, key);
    expect(res.json().operation?.status, res.body).toBe('succeeded');
    const { operation, quote } = res.json();
    const again = await call(t, bob, 'POST', `/api/v1/cards/${cardId}/recharge`, { amount: '100', paymentPassword: PIN }, key);
    expect(again.json().operation.id).toBe(operation.id);
    await call(t, bob, 'GET', `/api/v1/cards/${cardId}/operations/${operation.id}`);
    expect(await recharges()).toEqual([
      {
        kind: 'card_recharge',
        member_id: bobId,
        source_key: `card-recharge:${operation.id}`,
        source_ref: `card:${cardId}`,
        refund_of: null,
        amount: new Decimal(quote.credited).toFixed(),
        currency: 'USD',
      },
    ]);
  });

  it('settles the load and writes its event together: a refused write leaves the load to its next attempt', async () => {
    await arm('card_recharge');
    const res = await call(t, bob, 'POST', `/api/v1/cards/${cardId}/recharge`, { amount: '50', paymentPassword: PIN }, randomUUID());
    expect(res.statusCode, res.body).toBe(200);
    const operation = res.json().operation;
    expect(operation.status).toBe('processing');
    const balance = async () => (await call(t, bob, 'GET', `/api/v1/cards/${cardId}`)).json().balance;
    const before = await balance();
    expect(await recharges()).toHaveLength(1);
    await disarm();
    // The claim's lease runs out; the next step asks the issuer again with the same key (moves nothing twice) and settles.
    clock.advance(61);
    const done = await waitFor(
      () => call(t, bob, 'GET', `/api/v1/cards/${cardId}/operations/${operation.id}`).then((r) => r.json()),
      (op) => op.status === 'succeeded',
    );
    expect(new Decimal(await balance()).minus(before).toFixed()).toBe(new Decimal(done.credited).toFixed());
    expect((await recharges()).map((e) => [e.source_key, e.amount])).toEqual([
      [expect.any(String), expect.any(String)],
      [`card-recharge:${operation.id}`, new Decimal(done.credited).toFixed()],
    ]);
    expect(await ledgerViolations(db())).toEqual([]);
  });
});

describe('card spend and refund', () => {
  const card = (balance: string) => activeCard(db(), { uid: 84_000_000 + ++fixtures, tag: 'spends', balance });
  type Card = Awaited<ReturnType<typeof card>>;
  type EventType = 'authorization.request' | 'authorization.clearing' | 'authorization.refund';

  /** One signed delivery of an issuer event, as the issuer sends it; the reply's status and body. */
  async function deliver(c: Card, type: EventType, authorizationId: string, amount: string, eventId = `evt_${randomUUID()}`) {
    const body = JSON.stringify({
      id: eventId,
      type,
      created: new Date().toISOString(),
      data: { authorizationId, cardId: c.issuerId, amount, currency: 'USD', merchant: { name: 'Reward Shop' } },
    });
    const timestamp = Math.floor(Date.now() / 1000);
    const delivery = randomUUID().replaceAll('-', '');
    const mac = createHmac('sha256', WEBHOOK_SECRET).update(`${timestamp}.${delivery}.${body}`).digest('hex');
    const res = await fetch(`${t.url}${WEBHOOK_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-webhook-signature': `t=${timestamp},d=${delivery},v1=${mac}` },
      body,
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  }
  async function send(c: Card, type: EventType, authorizationId: string, amount: string, eventId?: string) {
    const reply = await deliver(c, type, authorizationId, amount, eventId);
    expect(reply.status, JSON.stringify(reply.json)).toBe(200);
    return reply.json;
  }
  async function authorize(c: Card, amount: string) {
    const id = `iauth_${randomUUID()}`;
    expect(await send(c, 'authorization.request', id, amount)).toMatchObject({ approved: true });
    return id;
  }
  const available = async (c: Card) =>
    new Decimal(
      (await db().selectFrom('ledger_accounts').select('balance').where('id', '=', c.accounts.available).executeTakeFirstOrThrow()).balance,
    ).toFixed();

  it('records each clearing once with its settled amount, and each refund pointing at the spend it gives back', async () => {
    const c = await card('100');
    const auth = await authorize(c, '30');
    const clearing = `evt_${randomUUID()}`;
    expect(await send(c, 'authorization.clearing', auth, '28.5', clearing)).toMatchObject({ duplicate: false });
    expect(await send(c, 'authorization.clearing', auth, '28.5', clearing)).toMatchObject({ duplicate: true });
    const spendKey = `card-spend:${auth}:${clearing}`;
    expect(await eventsOf(c.user_id)).toEqual([
      {
        kind: 'card_spend',
        member_id: c.user_id,
        source_key: spendKey,
        source_ref: `card:${c.id}`,
        refund_of: null,
        amount: '28.5',
        currency: 'USD',
      },
    ]);

    const refund = `evt_${randomUUID()}`;
    await send(c, 'authorization.refund', auth, '10', refund);
    await send(c, 'authorization.refund', auth, '10', refund);
    // More than is left to refund: the card gets the remainder, and so does the event.
    const last = `evt_${randomUUID()}`;
    await send(c, 'authorization.refund', auth, '25', last);
    // Nothing left: credits nothing, writes nothing.
    await send(c, 'authorization.refund', auth, '5');
    expect((await eventsOf(c.user_id)).slice(1)).toEqual([
      {
        kind: 'card_refund',
        member_id: c.user_id,
        source_key: `card-refund:${refund}`,
        source_ref: `card:${c.id}`,
        refund_of: spendKey,
        amount: '10',
        currency: 'USD',
      },
      {
        kind: 'card_refund',
        member_id: c.user_id,
        source_key: `card-refund:${last}`,
        source_ref: `card:${c.id}`,
        refund_of: spendKey,
        amount: '18.5',
        currency: 'USD',
      },
    ]);
    expect(await available(c)).toBe('100');
    // Every refund_of names a card_spend in the outbox.
    const dangling = await sql<{ n: string }>`select count(*)::text as n from reward_events r where r.kind = 'card_refund'
      and not exists (select 1 from reward_events s where s.source_key = r.refund_of and s.kind = 'card_spend')`.execute(db());
    expect(dangling.rows[0]?.n).toBe('0');
  });

  it('splits a refund over the clearings of one authorization, oldest first', async () => {
    const c = await card('100');
    const auth = await authorize(c, '50');
    const first = `evt_${randomUUID()}`;
    const second = `evt_${randomUUID()}`;
    await send(c, 'authorization.clearing', auth, '30', first);
    await send(c, 'authorization.clearing', auth, '20', second);
    const refund = `evt_${randomUUID()}`;
    await send(c, 'authorization.refund', auth, '40', refund);
    const then = `evt_${randomUUID()}`;
    await send(c, 'authorization.refund', auth, '10', then);
    expect((await eventsOf(c.user_id)).map((e) => [e.kind, e.source_key, e.refund_of, e.amount])).toEqual([
      ['card_spend', `card-spend:${auth}:${first}`, null, '30'],
      ['card_spend', `card-spend:${auth}:${second}`, null, '20'],
      ['card_refund', `card-refund:${refund}`, `card-spend:${auth}:${first}`, '30'],
      ['card_refund', `card-refund:${refund}:2`, `card-spend:${auth}:${second}`, '10'],
      ['card_refund', `card-refund:${then}`, `card-spend:${auth}:${second}`, '10'],
    ]);
  });

  it('writes a clearing and its event together: refused, neither is applied; the retry applies both once', async () => {
    const c = await card('100');
    const auth = await authorize(c, '40');
    const clearing = `evt_${randomUUID()}`;
    await arm('card_spend');
    const refused = await deliver(c, 'authorization.clearing', auth, '40', clearing);
    await disarm();
    expect(refused.status).toBe(500);
    const authRow = () =>
      db()
        .selectFrom('card_transactions')
        .select(['held', 'settled', 'settled_amount'])
        .where('type', '=', 'authorization')
        .where('issuer_ref', '=', auth)
        .executeTakeFirstOrThrow();
    expect(await authRow()).toMatchObject({ settled: false });
    expect(new Decimal((await authRow()).held).toFixed()).toBe('40');
    const journals = () => db().selectFrom('ledger_journal').select('id').where('idempotency_key', '=', `card-event:${clearing}`).execute();
    expect(await journals()).toEqual([]);
    expect(await db().selectFrom('card_issuer_events').select('id').where('id', '=', clearing).execute()).toEqual([]);
    expect(await eventsOf(c.user_id)).toEqual([]);

    expect(await send(c, 'authorization.clearing', auth, '40', clearing)).toMatchObject({ duplicate: false });
    expect(await send(c, 'authorization.clearing', auth, '40', clearing)).toMatchObject({ duplicate: true });
    expect(await journals()).toHaveLength(1);
    expect((await eventsOf(c.user_id)).map((e) => [e.kind, e.amount])).toEqual([['card_spend', '40']]);

    const refund = `evt_${randomUUID()}`;
    await arm('card_refund');
    expect((await deliver(c, 'authorization.refund', auth, '15', refund)).status).toBe(500);
    await disarm();
    expect(await available(c)).toBe('60');
    expect(await eventsOf(c.user_id)).toHaveLength(1);
    await send(c, 'authorization.refund', auth, '15', refund);
    expect(await available(c)).toBe('75');
    expect((await eventsOf(c.user_id)).map((e) => [e.kind, e.source_key, e.amount])).toEqual([
      ['card_spend', `card-spend:${auth}:${clearing}`, '40'],
      ['card_refund', `card-refund:${refund}`, '15'],
    ]);
    expect(await ledgerViolations(db())).toEqual([]);
  });

  it('writes nothing for an authorization that never clears', async () => {
    const c = await card('100');
    const auth = await authorize(c, '10');
    await send(c, 'authorization.refund', auth, '10');
    expect(await eventsOf(c.user_id)).toEqual([]);
  });
});
