import { randomUUID } from 'node:crypto';
import { type Currency, Decimal } from '@wallet/contract';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { lastCode, sendAccountCode, TRON_ADDRESS } from '../../../test/accounts';
import {
  type CardWorld,
  call,
  createCardWorld,
  fundedUser,
  JPEG,
  KYC_FORM,
  PIN,
  sandboxGet,
  sandboxPost,
  type User,
  waitFor,
} from '../../../test/cards';
import { ManualClock } from '../../../test/clock';
import { KeyedLock, troubleIn } from '../../../test/concurrency-kit';
import { creditMember } from '../../../test/ledger-fixtures';
import { ledgerViolations } from './invariants';

/**
 * A model test of all the money at once. fast-check generates a program of operations (transfers,
 * exchanges, withdrawal requests and an operator's approvals and rejections, card recharges and card
 * to wallet, card purchases, reversals, clearings and refunds played by the sandbox issuer), some
 * sent twice with the same Idempotency-Key (at the same instant, or again after the reply), and
 * WORKERS async workers pull from it at once, against the real app on a port and the sandbox issuer
 * on another.
 *
 * The model is built from the replies: every operation the app (or the issuer) says happened adds
 * its own amounts, once per business id (transfer, withdrawal, quote, card operation), to the user
 * accounts it names. Each effect is a sum, so the order operations ran in does not matter. After a
 * run, every user-owned ledger account (wallets per currency, held money, card balance, card holds)
 * must equal its balance at the start plus the model's sum; nothing is negative; the books balance
 * (ledgerViolations); and each card's balance at the issuer equals its available balance in the ledger.
 *
 * What is taken in turn, and why: a user has one live emailed code at a time, so that user's
 * transfers and withdrawals (which need one) go one after another; events about the card of one user
 * go one after another, so the model knows what each authorization still holds (they are the
 * issuer's events, which it sends in order). Everything else overlaps: one user's exchange, recharge,
 * card to wallet, transfer and purchases race each other for the same wallet and card.
 *
 * The clock: a new code needs 60 s since the last (ManualClock), while a quote lives 30 s and a code
 * 10 min. Operations run under a shared "read" gate and the clock is moved only under the exclusive
 * side, between operations, so no quote or code dies of the test's own clock.
 */
type Reply = LightMyRequestResponse;
type Retry = 'none' | 'after' | 'together';
type Member = { user: User; id: string; card: { id: string; issuerId: string; currency: 'USD' | 'HKD' } | null };
type Auth = { id: string; held: Decimal; settled: Decimal; refunded: Decimal };

const USERS = 6;
/** Users 0..2 hold a USD card, user 3 an HKD card, users 4 and 5 none. */
const CARD_PRODUCTS = ['Virtual USD Classic', 'Virtual USD Classic', 'Virtual USD Classic', 'Virtual HKD Classic'];
const WORKERS = 6;
const NUM_RUNS = 15;
const TOP_UP = { USDT: new Decimal(3000), HKD: new Decimal(2000) };
/** Each card starts a run with at least this much on it (recharged through the API before the run). */
const CARD_FLOOR = new Decimal(300);

type Op =
  | { kind: 'transfer'; from: number; to: number; amount: string; retry: Retry }
  | { kind: 'exchange'; user: number; pair: readonly [string, string]; amount: string; retry: Retry | 'sameQuote' }
  | { kind: 'withdraw'; user: number; amount: string; retry: Retry }
  | { kind: 'decide'; approve: boolean; pick: number; twice: boolean }
  | { kind: 'recharge'; user: number; amount: string; retry: Retry }
  | { kind: 'unload'; user: number; amount: string; retry: Retry }
  | { kind: 'purchase'; user: number; amount: string }
  | { kind: 'event'; type: 'reversal' | 'clearing' | 'refund'; user: number; pick: number; part: number | null }
  | { kind: 'unfreeze'; user: number };

const cents = (min: number, max: number) => fc.integer({ min: min * 100, max: max * 100 }).map((n) => (n / 100).toFixed(2));
const retryArb = fc.constantFrom<Retry>('none', 'none', 'after', 'together');
const userArb = fc.integer({ min: 0, max: USERS - 1 });
const cardUserArb = fc.integer({ min: 0, max: CARD_PRODUCTS.length - 1 });
const PAIRS = [
  ['USDT', 'USD'],
  ['USD', 'USDT'],
  ['USDT', 'HKD'],
  ['HKD', 'USDT'],
  ['HKD', 'USD'],
] as const;

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .record({ from: userArb, to: userArb, amount: cents(1, 1500), retry: retryArb })
      .filter((o) => o.from !== o.to)
      .map((o) => ({ kind: 'transfer' as const, ...o })),
  },
  {
    weight: 3,
    arbitrary: fc
      .record({
        user: userArb,
        pair: fc.constantFrom(...PAIRS),
        amount: cents(10, 1500),
        retry: fc.constantFrom<Retry | 'sameQuote'>('none', 'after', 'together', 'sameQuote'),
      })
      .map((o) => ({ kind: 'exchange' as const, ...o })),
  },
  {
    weight: 2,
    // Below approvals.withdrawal_above (1000): a larger one waits for a second operator, which is the four-eyes tests' subject.
    arbitrary: fc.record({ user: userArb, amount: cents(10, 999), retry: retryArb }).map((o) => ({ kind: 'withdraw' as const, ...o })),
  },
  {
    weight: 2,
    arbitrary: fc.record({ approve: fc.boolean(), pick: fc.nat(50), twice: fc.boolean() }).map((o) => ({ kind: 'decide' as const, ...o })),
  },
  {
    weight: 3,
    arbitrary: fc
      .record({ user: cardUserArb, amount: fc.integer({ min: 20, max: 1500 }).map(String), retry: retryArb })
      .map((o) => ({ kind: 'recharge' as const, ...o })),
  },
  {
    weight: 2,
    arbitrary: fc.record({ user: cardUserArb, amount: cents(1, 600), retry: retryArb }).map((o) => ({ kind: 'unload' as const, ...o })),
  },
  {
    weight: 4,
    arbitrary: fc.record({ user: cardUserArb, amount: cents(1, 250) }).map((o) => ({ kind: 'purchase' as const, ...o })),
  },
  {
    weight: 5,
    arbitrary: fc
      .record({
        type: fc.constantFrom('reversal' as const, 'clearing' as const, 'clearing' as const, 'refund' as const),
        user: cardUserArb,
        pick: fc.nat(50),
        part: fc.option(fc.integer({ min: 10, max: 90 }), { nil: null }),
      })
      .map((o) => ({ kind: 'event' as const, ...o })),
  },
  { weight: 1, arbitrary: cardUserArb.map((user) => ({ kind: 'unfreeze' as const, user })) },
);

/** Shared by every operation; the clock moves only when no operation is running (writers first). */
class ClockGate {
  private readers = 0;
  private writing = false;
  private writersWaiting = 0;
  private waiting: Array<() => void> = [];

  async read<T>(work: () => Promise<T>): Promise<T> {
    while (this.writing || this.writersWaiting > 0) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.readers += 1;
    try {
      return await work();
    } finally {
      this.readers -= 1;
      this.wake();
    }
  }

  async write<T>(work: () => T): Promise<T> {
    this.writersWaiting += 1;
    while (this.writing || this.readers > 0) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.writersWaiting -= 1;
    this.writing = true;
    try {
      return work();
    } finally {
      this.writing = false;
      this.wake();
    }
  }

  private wake() {
    const waiting = this.waiting;
    this.waiting = [];
    for (const resolve of waiting) resolve();
  }
}

let t: CardWorld;
const clock = new ManualClock(new Date('2026-11-24T08:00:00.000Z'));
const gate = new ClockGate();
const locks = new KeyedLock();
const members: Member[] = [];
/** When each member was last mailed a code (ms on the test clock). */
const lastCodeAt = new Map<string, number>();
/** Per card, kept across runs: its authorizations, and how much more the ledger holds than the issuer. */
const auths = new Map<string, Auth[]>();
const totals = { runs: 0, ops: 0, ms: 0, mostAtOnce: 0, outcomes: new Map<string, number>() };
let running = 0;

const db = () => t.database.handle.db;
const member = (i: number) => members[i] as Member;
const cardOf = (m: Member) => m.card as NonNullable<Member['card']>;

/** One run's model: the changes it expects per user account, and the ids already counted. */
class Run {
  readonly deltas = new Map<string, Decimal>();
  readonly counted = new Set<string>();
  readonly pending: Array<{ id: string; userId: string; total: Decimal }> = [];
  readonly decided = new Set<string>();

  add(userId: string, currency: string, purpose: string, amount: Decimal | string) {
    const key = `${userId}|${currency}|${purpose}`;
    this.deltas.set(key, (this.deltas.get(key) ?? new Decimal(0)).plus(amount));
  }
  /** True the first time an id is seen: its effect is added once, however many replies carried it. */
  first(id: string) {
    if (this.counted.has(id)) return false;
    this.counted.add(id);
    return true;
  }
}

function note(kind: string, reply: Reply | { statusCode: number; code: string }) {
  const code = 'code' in reply ? reply.code : reply.statusCode === 200 ? 'ok' : (reply.json().error?.code ?? String(reply.statusCode));
  const key = `${kind}:${code}`;
  totals.outcomes.set(key, (totals.outcomes.get(key) ?? 0) + 1);
}

/** Every reply under 500; refusals only with the codes this operation may give. */
function expectAnswered(kind: string, replies: Reply[], allowed: string[]) {
  for (const r of replies) {
    note(kind, r);
    expect(r.statusCode, `${kind}: ${r.body}`).toBeLessThan(500);
    if (r.statusCode !== 200) expect(allowed, `${kind}: ${r.body}`).toContain(r.json().error.code);
  }
}

/** The same request (same key, same body) once, twice at the same instant, or again after the reply. */
async function withRetry(retry: Retry, fire: () => Promise<Reply>): Promise<Reply[]> {
  if (retry === 'together') return Promise.all([fire(), fire()]);
  const first = await fire();
  if (retry === 'after') return [first, await fire()];
  return [first];
}

/** All successful replies to one key name the same business object; a repeat after a 200 is a 200. */
function oneId(kind: string, replies: Reply[], idOf: (body: never) => string, retry: Retry | 'sameQuote'): string | null {
  const ids = replies.filter((r) => r.statusCode === 200).map((r) => idOf(r.json() as never));
  expect(new Set(ids).size, `${kind}: one key, one ${kind}`).toBeLessThanOrEqual(1);
  if (retry === 'after' && replies[0]?.statusCode === 200) expect(replies[1]?.statusCode, `${kind} repeat: ${replies[1]?.body}`).toBe(200);
  return ids[0] ?? null;
}

/** Runs `work` with a fresh emailed code of `purpose`, the clock moved past the resend wait if needed. */
async function withCode<T>(m: Member, purpose: 'transfer' | 'withdraw', work: (code: string) => Promise<T>): Promise<T> {
  return locks.run([`code:${m.id}`], async () => {
    await gate.write(() => {
      const last = lastCodeAt.get(m.id);
      const waited = last === undefined ? Number.POSITIVE_INFINITY : clock.now().getTime() - last;
      if (waited < 61_000) clock.advance(Math.ceil((61_000 - waited) / 1000));
    });
    return gate.read(async () => {
      await sendAccountCode(t, m.user.token, purpose);
      lastCodeAt.set(m.id, clock.now().getTime());
      return work(await lastCode(t, m.user.email));
    });
  });
}

type OperationView = { id: string; status: string; debited: string; debitedCurrency: string; credited: string; creditedCurrency: string };

/** A card operation as it ends: the reply's, or polled while the issuer call goes on. */
async function finished(m: Member, op: OperationView): Promise<OperationView> {
  if (op.status !== 'processing') return op;
  return waitFor(
    async () =>
      (await call(t, m.user, 'GET', `/api/v1/cards/${cardOf(m).id}/operations/${op.id}`, undefined, null)).json() as OperationView,
    (o) => o.status !== 'processing',
    30_000,
  );
}

async function runOp(run: Run, op: Op): Promise<void> {
  switch (op.kind) {
    case 'transfer': {
      const from = member(op.from);
      const to = member(op.to);
      await withCode(from, 'transfer', async (code) => {
        const key = randomUUID();
        const body = { toUid: to.user.profile.uid, currency: 'USDT', amount: op.amount, code, paymentPassword: PIN };
        const replies = await withRetry(op.retry, () => call(t, from.user, 'POST', '/api/v1/wallet/transfers', body, key));
        expectAnswered('transfer', replies, ['INSUFFICIENT_BALANCE', 'IDEMPOTENCY_IN_PROGRESS']);
        const id = oneId('transfer', replies, (b: { id: string }) => b.id, op.retry);
        if (id && run.first(`transfer:${id}`)) {
          run.add(from.id, 'USDT', 'wallet', new Decimal(op.amount).neg());
          run.add(to.id, 'USDT', 'wallet', op.amount);
        }
      });
      return;
    }
    case 'exchange': {
      const m = member(op.user);
      await gate.read(async () => {
        const [from, to] = op.pair;
        const quote = await call(t, m.user, 'POST', '/api/v1/wallet/exchange/quotes', { from, to, amount: op.amount });
        expect(quote.statusCode, quote.body).toBe(200);
        const q = quote.json() as { id: string; amountIn: string; amountOut: string };
        const key = randomUUID();
        const execute = (k: string) => call(t, m.user, 'POST', '/api/v1/wallet/exchange', { quoteId: q.id, paymentPassword: PIN }, k);
        const replies =
          op.retry === 'sameQuote'
            ? // The same quote under two keys at once: the quote itself runs once.
              await Promise.all([execute(key), execute(randomUUID())])
            : await withRetry(op.retry, () => execute(key));
        expectAnswered('exchange', replies, ['INSUFFICIENT_BALANCE', 'IDEMPOTENCY_IN_PROGRESS']);
        const journal = oneId('exchange', replies, (b: { journalId: string }) => b.journalId, op.retry);
        if (journal && run.first(`exchange:${q.id}`)) {
          run.add(m.id, from, 'wallet', new Decimal(q.amountIn).neg());
          run.add(m.id, to, 'wallet', q.amountOut);
        }
      });
      return;
    }
    case 'withdraw': {
      const m = member(op.user);
      await withCode(m, 'withdraw', async (code) => {
        const key = randomUUID();
        const body = { network: 'TRON', address: TRON_ADDRESS, amount: op.amount, code, paymentPassword: PIN };
        const replies = await withRetry(op.retry, () => call(t, m.user, 'POST', '/api/v1/wallet/withdrawals', body, key));
        expectAnswered('withdraw', replies, ['INSUFFICIENT_BALANCE', 'IDEMPOTENCY_IN_PROGRESS']);
        const id = oneId('withdraw', replies, (b: { id: string }) => b.id, op.retry);
        if (id && run.first(`withdrawal:${id}`)) {
          const w = replies.find((r) => r.statusCode === 200)?.json() as { status: string; total: string };
          expect(w.status).toBe('pending_review');
          run.add(m.id, 'USDT', 'wallet', new Decimal(w.total).neg());
          run.add(m.id, 'USDT', 'held', w.total);
          run.pending.push({ id, userId: m.id, total: new Decimal(w.total) });
        }
      });
      return;
    }
    case 'decide': {
      await gate.read(async () => {
        const w = run.pending[op.pick % Math.max(1, run.pending.length)];
        if (!w) return note('decide', { statusCode: 0, code: 'nothing-pending' });
        const decide = (approve: boolean) =>
          approve
            ? call(t, t.admin, 'POST', `/api/v1/admin/withdrawals/${w.id}/approve`, {}, null)
            : call(t, t.admin, 'POST', `/api/v1/admin/withdrawals/${w.id}/reject`, { reason: 'model test says no' }, null);
        // Twice: approve and reject the same withdrawal at the same instant; one decision stands.
        const replies = await Promise.all(op.twice ? [decide(op.approve), decide(!op.approve)] : [decide(op.approve)]);
        expectAnswered('decide', replies, ['WITHDRAWAL_NOT_PENDING']);
        const ok = replies.filter((r) => r.statusCode === 200);
        expect(ok.length, 'one decision per withdrawal').toBeLessThanOrEqual(1);
        const decision = ok[0]?.json() as { status: string } | undefined;
        if (!decision) return;
        expect(run.decided.has(w.id), `withdrawal ${w.id} decided twice`).toBe(false);
        run.decided.add(w.id);
        run.pending.splice(run.pending.indexOf(w), 1);
        run.add(w.userId, 'USDT', 'held', w.total.neg());
        if (decision.status === 'rejected') run.add(w.userId, 'USDT', 'wallet', w.total);
        else expect(decision.status).toBe('completed');
      });
      return;
    }
    case 'recharge':
    case 'unload': {
      const m = member(op.user);
      const card = cardOf(m);
      await gate.read(async () => {
        const key = randomUUID();
        const path = op.kind === 'recharge' ? 'recharge' : 'withdraw';
        const replies = await withRetry(op.retry, () =>
          call(t, m.user, 'POST', `/api/v1/cards/${card.id}/${path}`, { amount: op.amount, paymentPassword: PIN }, key),
        );
        expectAnswered(op.kind, replies, ['INSUFFICIENT_BALANCE', 'IDEMPOTENCY_IN_PROGRESS']);
        const id = oneId(op.kind, replies, (b: { operation: { id: string } }) => b.operation.id, op.retry);
        if (!id || !run.first(`card-op:${id}`)) return;
        const reply = replies.find((r) => r.statusCode === 200)?.json() as { operation: OperationView };
        const done = await finished(m, reply.operation);
        note(`${op.kind}-operation`, { statusCode: 0, code: done.status });
        if (done.status !== 'succeeded') return;
        if (op.kind === 'recharge') {
          run.add(m.id, done.debitedCurrency, 'wallet', new Decimal(done.debited).neg());
          run.add(m.id, card.currency, `card:${card.id}`, done.credited);
        } else {
          run.add(m.id, card.currency, `card:${card.id}`, new Decimal(done.debited).neg());
          run.add(m.id, done.creditedCurrency, 'wallet', done.credited);
        }
      });
      return;
    }
    case 'purchase': {
      const m = member(op.user);
      const card = cardOf(m);
      await gate.read(async () => {
        const res = await fetch(`${t.sandbox.url}/sandbox/cards/${card.issuerId}/purchase`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ amount: op.amount, merchant: 'Model Shop' }),
        });
        const a = (await res.json()) as { id: string; approved: boolean; reason: string | null; timedOut: boolean };
        expect(res.status, JSON.stringify(a)).toBe(200);
        expect(a.timedOut, 'the app answered the issuer in time').toBe(false);
        note('purchase', { statusCode: 0, code: a.approved ? 'approved' : (a.reason ?? 'declined') });
        if (!a.approved) return;
        run.add(m.id, card.currency, `card:${card.id}`, new Decimal(op.amount).neg());
        run.add(m.id, card.currency, `card_hold:${card.id}`, op.amount);
        auths.get(card.id)?.push({ id: a.id, held: new Decimal(op.amount), settled: new Decimal(0), refunded: new Decimal(0) });
      });
      return;
    }
    case 'event': {
      const m = member(op.user);
      const card = cardOf(m);
      await locks.run([`events:${m.id}`], () =>
        gate.read(async () => {
          const all = auths.get(card.id) ?? [];
          const open = op.type === 'refund' ? all.filter((a) => a.settled.minus(a.refunded).gte('0.01')) : all.filter((a) => a.held.gt(0));
          const a = open[op.pick % Math.max(1, open.length)];
          if (!a) return note(op.type, { statusCode: 0, code: 'nothing-to-do' });
          const room = op.type === 'refund' ? a.settled.minus(a.refunded) : a.held;
          const amount = op.part === null ? room : Decimal.max('0.01', room.mul(op.part).div(100).toDecimalPlaces(2, Decimal.ROUND_DOWN));
          const sent = await sandboxPost<{ delivered: { status: number; body: { duplicate?: boolean } } }>(
            t,
            `/sandbox/authorizations/${a.id}/${op.type}`,
            { amount: amount.toFixed(2) },
          );
          expect(sent.delivered.status, JSON.stringify(sent.delivered)).toBe(200);
          note(op.type, { statusCode: 0, code: 'delivered' });
          const available = `card:${card.id}`;
          const hold = `card_hold:${card.id}`;
          if (op.type === 'reversal') {
            run.add(m.id, card.currency, hold, amount.neg());
            run.add(m.id, card.currency, available, amount);
            a.held = a.held.minus(amount);
          } else if (op.type === 'clearing') {
            // The whole hold goes; the card pays the cleared amount; the rest returns to the card.
            run.add(m.id, card.currency, hold, a.held.neg());
            run.add(m.id, card.currency, available, a.held.minus(amount));
            a.settled = a.settled.plus(amount);
            a.held = new Decimal(0);
          } else {
            run.add(m.id, card.currency, available, amount);
            a.refunded = a.refunded.plus(amount);
          }
        }),
      );
      return;
    }
    case 'unfreeze': {
      const m = member(op.user);
      await gate.read(async () => {
        const res = await call(t, m.user, 'POST', `/api/v1/cards/${cardOf(m).id}/freeze`, { frozen: false }, null);
        expect(res.statusCode, res.body).toBe(200);
      });
      return;
    }
  }
}

/** Every user-owned account, by owner, currency and purpose. */
async function userAccounts(): Promise<Map<string, Decimal>> {
  const rows = await db()
    .selectFrom('ledger_accounts')
    .select(['user_id', 'currency', 'purpose', 'balance'])
    .where('user_id', 'is not', null)
    .execute();
  return new Map(rows.map((r) => [`${r.user_id}|${r.currency}|${r.purpose}`, new Decimal(r.balance)]));
}

async function topUpWallets() {
  const before = await userAccounts();
  for (const m of members)
    for (const [currency, target] of Object.entries(TOP_UP)) {
      const missing = target.minus(before.get(`${m.id}|${currency}|wallet`) ?? 0);
      if (missing.lte(0)) continue;
      // Straight through the ledger: an operator's adjustment waits for a second operator (four eyes).
      await creditMember(t, m.id, currency as Currency, missing.toFixed());
    }
}

/** Before a run: wallets filled, each card holding at least CARD_FLOOR, and no card left frozen by the last run. */
async function topUp() {
  await topUpWallets();
  const accounts = await userAccounts();
  for (const m of members) {
    if (!m.card) continue;
    const card = m.card;
    if ((accounts.get(`${m.id}|${card.currency}|card:${card.id}`) ?? new Decimal(0)).gte(CARD_FLOOR)) continue;
    const res = await call(t, m.user, 'POST', `/api/v1/cards/${card.id}/recharge`, { amount: '400', paymentPassword: PIN });
    expect(res.statusCode, res.body).toBe(200);
    expect((await finished(m, res.json().operation)).status).toBe('succeeded');
  }
  await topUpWallets();
  for (const m of members) if (m.card) await call(t, m.user, 'POST', `/api/v1/cards/${m.card.id}/freeze`, { frozen: false }, null);
}

async function checkBooks(run: Run, start: Map<string, Decimal>) {
  expect(await ledgerViolations(db())).toEqual([]);
  const end = await userAccounts();
  for (const [key, balance] of end) expect(balance.isNegative(), `${key} is ${balance.toFixed()}`).toBe(false);
  const keys = new Set([...start.keys(), ...end.keys(), ...run.deltas.keys()]);
  const mismatches: string[] = [];
  for (const key of keys) {
    const expected = (start.get(key) ?? new Decimal(0)).plus(run.deltas.get(key) ?? 0);
    const actual = end.get(key) ?? new Decimal(0);
    if (!expected.eq(actual)) mismatches.push(`${key}: model ${expected.toFixed()}, ledger ${actual.toFixed()}`);
  }
  expect(mismatches).toEqual([]);

  // Per currency, users' and system accounts together sum to zero (also inside ledgerViolations).
  const sums = await db()
    .selectFrom('ledger_accounts')
    .select(['currency', (eb) => eb.fn.sum<string>('balance').as('total')])
    .groupBy('currency')
    .execute();
  for (const s of sums) expect(new Decimal(s.total).isZero(), `${s.currency} sums to ${s.total}`).toBe(true);

  const { cards } = await sandboxGet<{ cards: Array<{ id: string; balance: string }> }>(t, '/sandbox/cards');
  for (const m of members) {
    if (!m.card) continue;
    const card = m.card;
    const ledger = end.get(`${m.id}|${card.currency}|card:${card.id}`) ?? new Decimal(0);
    const issuer = new Decimal(cards.find((c) => c.id === card.issuerId)?.balance ?? 'NaN');
    expect(issuer.toFixed(), `card ${card.id} at the issuer`).toBe(ledger.toFixed());
    const held = (auths.get(card.id) ?? []).reduce((sum, a) => sum.plus(a.held), new Decimal(0));
    expect((end.get(`${m.id}|${card.currency}|card_hold:${card.id}`) ?? new Decimal(0)).toFixed()).toBe(held.toFixed());
  }
}

/** A card opened the way a member opens one: the API, the sandbox's opening, KYC, the issuer's approval. */
async function openCard(m: Member, productName: string) {
  const products = await call(t, m.user, 'GET', '/api/v1/cards/products', undefined, null);
  const productId = products.json().products.find((p: { name: string }) => p.name === productName).id;
  const opened = await call(t, m.user, 'POST', '/api/v1/cards', { productId, firstName: 'Alice', lastName: 'Lee', paymentPassword: PIN });
  expect(opened.statusCode, opened.body).toBe(200);
  const cardId: string = opened.json().id;
  const read = async () => (await call(t, m.user, 'GET', `/api/v1/cards/${cardId}`, undefined, null)).json();
  await waitFor(read, (c) => c.status !== 'opening');
  for (const side of ['front', 'back']) {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/cards/kyc/photos/${side}`,
      headers: { ...m.user.headers, 'content-type': 'image/jpeg' },
      payload: JPEG,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const submitted = await call(t, m.user, 'POST', '/api/v1/cards/kyc', { ...KYC_FORM, cardId });
  expect(submitted.statusCode, submitted.body).toBe(200);
  const holder = await db().selectFrom('cardholders').select('issuer_cardholder_id').where('user_id', '=', m.id).executeTakeFirstOrThrow();
  await sandboxPost(t, `/sandbox/cardholders/${holder.issuer_cardholder_id}/kyc`, { decision: 'approve' });
  const active = await waitFor(read, (c) => c.status === 'active');
  const { cards } = await sandboxGet<{ cards: Array<{ id: string; reference: string }> }>(t, '/sandbox/cards');
  const issuerId = cards.find((c) => c.reference === cardId)?.id as string;
  m.card = { id: cardId, issuerId, currency: active.currency };
  auths.set(cardId, []);
}

beforeAll(async () => {
  // No job queue: nothing runs behind the model's back (no monthly fee); openings run in-process.
  // The issuer waits long for decisions, so a busy test machine never makes it stand in.
  t = await createCardWorld({ clock, jobs: false, sandbox: { authorizationTimeoutMs: 20_000 } });
  for (let i = 0; i < USERS; i++) {
    const user = await fundedUser(t, '3000');
    const row = await db().selectFrom('users').select('id').where('email', '=', user.email).executeTakeFirstOrThrow();
    members.push({ user, id: row.id, card: null });
  }
  await Promise.all(CARD_PRODUCTS.map((name, i) => openCard(member(i), name)));
});
afterAll(async () => {
  const trouble = troubleIn(t?.logs ?? []);
  if (trouble.length > 0) console.error('error lines in the app log', trouble.slice(0, 5));
  if (totals.runs > 0)
    console.info('money model', { ...totals, outcomes: Object.fromEntries([...totals.outcomes].sort(([a], [b]) => a.localeCompare(b))) });
  await t?.close();
});

it('places several holds on one wallet at once: 4 recharges and a withdrawal of one user all answer, none deadlocks', async () => {
  // Each of these holds money from the same USDT wallet (hold(): a ledger_holds row, then the posting).
  const logsBefore = t.logs.length;
  await topUp();
  const m = member(0);
  const card = cardOf(m);
  const before = (await userAccounts()).get(`${m.id}|USDT|wallet`) as Decimal;
  const replies = await withCode(m, 'withdraw', (code) =>
    Promise.all([
      ...[0, 1, 2, 3].map(() => call(t, m.user, 'POST', `/api/v1/cards/${card.id}/recharge`, { amount: '20', paymentPassword: PIN })),
      call(t, m.user, 'POST', '/api/v1/wallet/withdrawals', {
        network: 'TRON',
        address: TRON_ADDRESS,
        amount: '10',
        code,
        paymentPassword: PIN,
      }),
    ]),
  );
  expect(
    replies.map((r) => r.statusCode),
    replies.map((r) => r.body).join('\n'),
  ).toEqual([200, 200, 200, 200, 200]);
  for (const r of replies.slice(0, 4)) expect((await finished(m, r.json().operation)).status).toBe('succeeded');
  const withdrawal = replies[4]?.json() as { id: string; total: string };
  // 4 x (20 + 1.5% fee) and the withdrawal's amount plus fee.
  const after = (await userAccounts()).get(`${m.id}|USDT|wallet`) as Decimal;
  expect(before.minus(after).toFixed()).toBe(new Decimal('81.2').plus(withdrawal.total).toFixed());
  expect(await ledgerViolations(db())).toEqual([]);
  expect(troubleIn(t.logs.slice(logsBefore))).toEqual([]);
});

it('keeps every balance equal to the model built from the replies, with WORKERS requests at once', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(opArb, { minLength: 30, maxLength: 60 }), async (program) => {
      const started = Date.now();
      const logsBefore = t.logs.length;
      await topUp();
      const run = new Run();
      const start = await userAccounts();

      let next = 0;
      let failed = false;
      const results = await Promise.allSettled(
        Array.from({ length: WORKERS }, async () => {
          while (!failed && next < program.length) {
            const op = program[next++] as Op;
            running += 1;
            totals.mostAtOnce = Math.max(totals.mostAtOnce, running);
            try {
              await runOp(run, op);
            } catch (error) {
              failed = true;
              throw new Error(`${JSON.stringify(op)}: ${(error as Error).message}`, { cause: error });
            } finally {
              running -= 1;
            }
          }
        }),
      );
      const failure = results.find((r) => r.status === 'rejected');
      if (failure) throw (failure as PromiseRejectedResult).reason;

      await checkBooks(run, start);
      expect(troubleIn(t.logs.slice(logsBefore))).toEqual([]);
      totals.runs += 1;
      totals.ops += program.length;
      totals.ms += Date.now() - started;
    }),
    { numRuns: NUM_RUNS, endOnFailure: true },
  );
}, 120_000);
