import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeCard } from '../../../../test/card-fixtures';
import { type CardWorld, createCardWorld } from '../../../../test/cards';
import { ManualClock } from '../../../../test/clock';
import { accountId, ledgerViolations, post } from '../../ledger';
import type { CardDeps } from '../deps';
import { driveOperation, startOperation } from '../funding/operations';
import { payoutOf } from '../funding/service';
import { type IssuerClient, IssuerError } from '../issuer/client';
import { DecidedCards } from './decided-cards';
import { DecisionQueue } from './decision-queue';
import { decideBatch } from './service';
import type { DecisionItem } from './types';

/**
 * Authorization decisions taken in batches (one transaction for many, as the webhook's decision queue
 * does under load) must come out exactly as if taken one by one: running balances per card, one answer
 * per authorization id, one acceptance per delivery, the freeze rules mid-batch, and nothing at all
 * of a batch that fails.
 */
let t: CardWorld;
const clock = new ManualClock(new Date('2026-11-22T08:00:00.000Z'));
let cards = 0;

beforeAll(async () => {
  t = await createCardWorld({ clock, jobs: false });
});
afterAll(() => t?.close());

/** The batch went through as one transaction: no fallback to deciding one by one (which would hide a wrong plan). */
const noFallback = () => expect(t.logs.filter((l) => l.includes('deciding one by one'))).toEqual([]);

/** An active card made straight in the database, with `balance` USD available. */
const card = (balance: string) => activeCard(t.database.handle.db, { uid: 80_000_000 + ++cards, tag: 'decisions', balance });
type Card = Awaited<ReturnType<typeof card>>;

const item = (c: Card, amount: string, more: { id?: string; delivery?: string; currency?: string } = {}): DecisionItem => ({
  request: {
    authorizationId: more.id ?? `iauth_${randomUUID()}`,
    issuerCardId: c.issuerId,
    amount,
    currency: more.currency ?? 'USD',
    merchant: { name: 'Batch Shop' },
  },
  ...(more.delivery ? { delivery: more.delivery } : {}),
});

const answers = (results: Awaited<ReturnType<typeof decideBatch>>) =>
  results.map((r) =>
    r.status === 'fulfilled' ? (r.value.approved ? 'approved' : r.value.reason) : ((r.reason as { code?: string }).code ?? 'error'),
  );

async function state(c: Card) {
  const db = t.database.handle.db;
  const accounts = await db
    .selectFrom('ledger_accounts')
    .select(['id', 'balance'])
    .where('id', 'in', [c.accounts.available, c.accounts.hold])
    .execute();
  const balanceOf = (id: string) => Number(accounts.find((a) => a.id === id)?.balance);
  const row = await db.selectFrom('cards').selectAll().where('id', '=', c.id).executeTakeFirstOrThrow();
  const rows = await db.selectFrom('card_transactions').selectAll().where('card_id', '=', c.id).orderBy('id').execute();
  return { available: balanceOf(c.accounts.available), held: balanceOf(c.accounts.hold), card: row, rows };
}

describe('a batch of authorization decisions', () => {
  it('decides in arrival order against each card running balance, one answer per authorization id', async () => {
    const a = await card('20');
    const b = await card('5');
    const repeated = `iauth_${randomUUID()}`;
    const results = await decideBatch(t.deps, [
      item(a, '5', { id: repeated }),
      item(b, '5'),
      item(a, '10'),
      item(a, '5', { id: repeated }), // the issuer asking again: the first answer, nothing more held
      item(a, '10'), // 5 left: declined
      item(b, '0.01'), // b is empty now
      item(a, '5'), // exactly what is left
      item(a, '0.01'),
      item({ ...a, issuerId: 'ic_nobody' }, '1'),
    ]);
    expect(answers(results)).toEqual([
      'approved',
      'approved',
      'approved',
      'approved',
      'insufficient_funds',
      'insufficient_funds',
      'approved',
      'insufficient_funds',
      'card_inactive',
    ]);
    const sa = await state(a);
    expect(sa).toMatchObject({ available: 0, held: 20 });
    expect(sa.rows.map((r) => [Number(r.amount), r.approved, Number(r.held)])).toEqual([
      [5, true, 5],
      [10, true, 10],
      [10, false, 0],
      [5, true, 5],
      [0.01, false, 0],
    ]);
    expect(sa.card.consecutive_funds_failures).toBe(1);
    expect(await state(b)).toMatchObject({ available: 0, held: 5 });
    // Asked again in a later batch: still the first answer, still nothing more held.
    expect(answers(await decideBatch(t.deps, [item(a, '5', { id: repeated })]))).toEqual(['approved']);
    expect((await state(a)).held).toBe(20);
    expect(await ledgerViolations(t.database.handle.db)).toEqual([]);
    noFallback();
  });

  it('accepts a delivery once, within a batch and across batches', async () => {
    const a = await card('100');
    const delivery = `${Math.floor(Date.now() / 1000)}:${randomUUID()}`;
    const first = await decideBatch(t.deps, [
      item(a, '1', { delivery }),
      item(a, '1', { delivery }),
      item(a, '1', { delivery: `${delivery}-2` }),
    ]);
    expect(answers(first)).toEqual(['approved', 'WEBHOOK_REPLAYED', 'approved']);
    expect(answers(await decideBatch(t.deps, [item(a, '1', { delivery })]))).toEqual(['WEBHOOK_REPLAYED']);
    expect((await state(a)).held).toBe(2);
  });

  it('freezes a card on the 6th consecutive funds decline in the middle of a batch, and declines the rest as frozen', async () => {
    const a = await card('1');
    const results = await decideBatch(t.deps, [item(a, '1'), ...Array.from({ length: 8 }, () => item(a, '2'))]);
    expect(answers(results)).toEqual(['approved', ...Array(6).fill('insufficient_funds'), 'card_frozen', 'card_frozen']);
    const frozeBy = results.map((r) => (r.status === 'fulfilled' ? (r.value.frozeCard?.reason ?? null) : 'error'));
    expect(frozeBy).toEqual([null, null, null, null, null, null, 'consecutive_funds_failures', null, null]);
    const s = await state(a);
    expect(s.card).toMatchObject({ frozen: true, freeze_reason: 'consecutive_funds_failures', consecutive_funds_failures: 6 });
    expect(s).toMatchObject({ available: 0, held: 1 });
    noFallback();
  });

  it('freezes on a failure rate above 15% of the last 20, counting rows of earlier batches and of this one', async () => {
    const a = await card('100');
    // 17 approvals and 2 declines that do not count as funds failures: 19 in the window, not judged yet.
    const early = await decideBatch(t.deps, [
      ...Array.from({ length: 17 }, () => item(a, '1')),
      item(a, '1', { currency: 'HKD' }),
      item(a, '1', { currency: 'HKD' }),
    ]);
    expect(answers(early).filter((x) => x === 'approved')).toHaveLength(17);
    expect((await state(a)).card.frozen).toBe(false);
    const results = await decideBatch(t.deps, [
      item(a, '1', { currency: 'HKD' }), // 3 of 20 = 15%: not above
      item(a, '1', { currency: 'HKD' }), // 4 of the last 20 = 20%: frozen
      item(a, '1'),
    ]);
    expect(answers(results)).toEqual(['currency_mismatch', 'currency_mismatch', 'card_frozen']);
    expect(results[1]).toMatchObject({ status: 'fulfilled', value: { frozeCard: { reason: 'failure_rate' } } });
    expect((await state(a)).card).toMatchObject({ frozen: true, freeze_reason: 'failure_rate', consecutive_funds_failures: 0 });
    noFallback();
  });

  it('keeps nothing of a batch that fails: each decision is then taken alone, and one that cannot commit is never approved', async () => {
    noFallback();
    const db = t.database.handle.db;
    const broken = await card('50');
    const fine = await card('50');
    // Any entry on the broken card's hold account makes the statement (and so its transaction) fail.
    await sql`create or replace function decisions_test_fail() returns trigger language plpgsql as $$
      begin if new.account_id = ${sql.lit(Number(broken.accounts.hold))} then raise exception 'hold refused by test'; end if; return new; end $$`.execute(
      db,
    );
    await sql`create trigger decisions_test_fail before insert on ledger_entries for each row execute function decisions_test_fail()`.execute(
      db,
    );
    const delivery = `${Math.floor(Date.now() / 1000)}:${randomUUID()}`;
    const brokenItem = item(broken, '10', { delivery });
    let results: Awaited<ReturnType<typeof decideBatch>>;
    try {
      results = await decideBatch(t.deps, [item(fine, '10'), brokenItem, item(fine, '10'), item(broken, '5')]);
    } finally {
      await sql`drop trigger decisions_test_fail on ledger_entries`.execute(db);
    }
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'rejected']);
    expect(answers(results).filter((x) => x === 'approved')).toHaveLength(2);
    expect(await state(fine)).toMatchObject({ available: 30, held: 20 });
    const s = await state(broken);
    expect(s).toMatchObject({ available: 50, held: 0, rows: [] });
    // Its delivery was not recorded either: the issuer's retry of the same delivery is decided.
    expect(answers(await decideBatch(t.deps, [brokenItem]))).toEqual(['approved']);
    expect((await state(broken)).held).toBe(10);
    expect(await ledgerViolations(db)).toEqual([]);
    expect(t.logs.filter((l) => l.includes('deciding one by one'))).toHaveLength(1);
    t.logs.length = 0;
  });

  it('through the queue, 300 parallel decisions over 3 cards never hold more than each balance', async () => {
    const queue = new DecisionQueue(t.deps);
    const three = [await card('100'), await card('55.5'), await card('0.5')];
    const results = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        queue.submit(item(three[i % 3] as Card, i % 2 ? '1.5' : '1')).then(
          (d) => d,
          (error) => ({ approved: false, reason: String(error) }),
        ),
      ),
    );
    expect(results.every((r) => r.reason === null || r.reason === 'insufficient_funds' || r.reason === 'card_frozen')).toBe(true);
    for (const [index, c] of three.entries()) {
      const s = await state(c);
      const approved = results
        .filter((_, i) => i % 3 === index)
        .reduce((sum, r, k) => (r.approved ? sum + ((k * 3 + index) % 2 ? 1.5 : 1) : sum), 0);
      expect(s.held).toBeCloseTo(approved, 6);
      expect(s.available).toBeGreaterThanOrEqual(0);
      expect(s.available + s.held).toBeCloseTo(Number(['100', '55.5', '0.5'][index]), 6);
    }
    expect(await ledgerViolations(t.database.handle.db)).toEqual([]);
    noFallback();
  });
});

describe('decisions from what the queue last wrote of a card', () => {
  it('are taken on the card as it is when it changed elsewhere since: balance, freeze, an answer or a delivery seen', async () => {
    const db = t.database.handle.db;
    const queue = new DecisionQueue(t.deps);
    const c = await card('30');
    expect(await queue.submit(item(c, '10'))).toMatchObject({ approved: true });

    // 15 of the 20 left leave the card elsewhere: 10 is no longer covered.
    await post(db, {
      typeCode: 24,
      userId: c.user_id,
      idempotencyKey: `decisions-take-${c.id}`,
      legs: [
        { accountId: c.accounts.available, amount: '-15' },
        { accountId: await accountId(db, { userId: null, currency: 'USD', purpose: 'test_funding' }), amount: '15' },
      ],
    });
    expect(await queue.submit(item(c, '10'))).toMatchObject({ approved: false, reason: 'insufficient_funds' });

    // Frozen by its owner meanwhile.
    await db.updateTable('cards').set({ frozen: true, freeze_reason: 'user' }).where('id', '=', c.id).execute();
    expect(await queue.submit(item(c, '1'))).toMatchObject({ approved: false, reason: 'card_frozen' });
    await db.updateTable('cards').set({ frozen: false, freeze_reason: null }).where('id', '=', c.id).execute();

    // An authorization answered by another server, then asked again here: the first answer, one hold.
    const id = `iauth_${randomUUID()}`;
    expect(answers(await decideBatch(t.deps, [item(c, '2', { id })]))).toEqual(['approved']);
    expect(await queue.submit(item(c, '2', { id }))).toMatchObject({ approved: true });

    // A delivery recorded by another server: refused here.
    const delivery = `${Math.floor(Date.now() / 1000)}:${randomUUID()}`;
    expect(answers(await decideBatch(t.deps, [item(c, '1', { delivery })]))).toEqual(['approved']);
    await expect(queue.submit(item(c, '1', { delivery }))).rejects.toMatchObject({ code: 'WEBHOOK_REPLAYED' });

    expect(await state(c)).toMatchObject({ available: 2, held: 13 });
    expect(await ledgerViolations(db)).toEqual([]);
    noFallback();
  });
});

describe('a decline for funds', () => {
  /** The issuer's load and unload, answering as told: done, or refused for sure (nothing moved). */
  const issuerSaying = (answer: 'done' | 'refused'): CardDeps => {
    const move = async () => {
      if (answer === 'refused') throw new IssuerError('refused by test', 402, 'insufficient_funds');
    };
    return { ...t.deps, issuer: { ...t.deps.issuer, load: move, unload: move } as IssuerClient };
  };

  /** A recharge of `amount` USD from the member's USDT wallet, settled as the issuer's answer settles it (funding/operations.ts). */
  async function recharge(c: Card, amount: string) {
    const db = t.database.handle.db;
    const wallet = await accountId(db, { userId: c.user_id, currency: 'USDT', purpose: 'wallet' });
    await post(db, {
      typeCode: 24,
      userId: c.user_id,
      idempotencyKey: `decisions-wallet-${randomUUID()}`,
      legs: [
        { accountId: wallet, amount },
        { accountId: await accountId(db, { userId: null, currency: 'USDT', purpose: 'test_funding' }), amount: `-${amount}` },
      ],
    });
    const terms = {
      sourceCurrency: 'USDT',
      amount,
      fee: '0',
      total: amount,
      rate: '1',
      credited: amount,
      cardCurrency: 'USD',
      recordCode: '24',
    };
    const deps = issuerSaying('done');
    const op = await startOperation(deps, {
      cardId: c.id,
      userId: c.user_id,
      kind: 'load',
      requestKey: randomUUID(),
      amount,
      currency: 'USD',
      terms,
      hold: { accountId: wallet, amount, typeCode: 24, userId: c.user_id, reference: `card:${c.id}` },
    });
    expect(await driveOperation(deps, op.id, payoutOf(deps))).toMatchObject({ state: 'succeeded' });
  }

  /** Card to wallet, `amount` USD held off the card at once; the operation is left for the issuer to answer. */
  async function startUnload(c: Card, amount: string) {
    const terms = { amount, cardCurrency: 'USD', rate: '1', credited: amount, walletCurrency: 'USDT' };
    return startOperation(t.deps, {
      cardId: c.id,
      userId: c.user_id,
      kind: 'unload',
      requestKey: randomUUID(),
      amount,
      currency: 'USD',
      terms,
      hold: { accountId: c.accounts.available, amount, typeCode: 17, userId: c.user_id, reference: `card:${c.id}` },
    });
  }

  const declineNotices = async (c: Card) =>
    (
      await t.database.handle.db
        .selectFrom('notifications')
        .select('id')
        .where('user_id', '=', c.user_id)
        .where('code', '=', 'card_declined')
        .execute()
    ).length;

  it('is not taken from a balance remembered from before a recharge settled', async () => {
    const known = new DecidedCards();
    const c = await card('10');
    expect(answers(await decideBatch(t.deps, [item(c, '5')], known))).toEqual(['approved']);
    // The recharge credits the card's account, not its row: the card's version does not move.
    await recharge(c, '100');
    expect(answers(await decideBatch(t.deps, [item(c, '20')], known))).toEqual(['approved']);
    expect(answers(await decideBatch(t.deps, [item(c, '20'), item(c, '60')], known))).toEqual(['approved', 'approved']);
    expect(answers(await decideBatch(t.deps, [item(c, '20')], known))).toEqual(['insufficient_funds']);
    const s = await state(c);
    expect(s).toMatchObject({ available: 5, held: 105 });
    expect(s.card.consecutive_funds_failures).toBe(1);
    expect(s.rows.map((r) => r.approved)).toEqual([true, true, true, true, false]);
    expect(await declineNotices(c)).toBe(1);
    expect(await ledgerViolations(t.database.handle.db)).toEqual([]);
    noFallback();
  });

  it('is not repeated from a remembered balance until the card freezes: each one is checked against the balance as it is', async () => {
    const known = new DecidedCards();
    const c = await card('1');
    const declines = await decideBatch(t.deps, [item(c, '5'), item(c, '5'), item(c, '5')], known);
    expect(answers(declines)).toEqual(Array(3).fill('insufficient_funds'));
    await recharge(c, '50');
    // Three more declines from the remembered balance would have been the 6th: frozen, with a recharged card.
    expect(answers(await decideBatch(t.deps, [item(c, '5'), item(c, '5'), item(c, '5')], known))).toEqual(Array(3).fill('approved'));
    const s = await state(c);
    expect(s.card).toMatchObject({ frozen: false, consecutive_funds_failures: 0 });
    expect(s).toMatchObject({ available: 36, held: 15 });
    expect(await declineNotices(c)).toBe(3);
    noFallback();
  });

  it('card to wallet: what it holds cannot be spent, and what the issuer refuses comes back to be spent', async () => {
    const known = new DecidedCards();
    const c = await card('100');
    expect(answers(await decideBatch(t.deps, [item(c, '10')], known))).toEqual(['approved']);
    const op = await startUnload(c, '90');
    // Remembered: 90 available. Held off the card: nothing is.
    expect(answers(await decideBatch(t.deps, [item(c, '20')], known))).toEqual(['insufficient_funds']);
    // The issuer refuses the unload: the hold is released onto the card, again without touching its row.
    const refused = issuerSaying('refused');
    expect(await driveOperation(refused, op.id, payoutOf(refused))).toMatchObject({ state: 'failed' });
    expect(answers(await decideBatch(t.deps, [item(c, '20')], known))).toEqual(['approved']);
    const s = await state(c);
    expect(s).toMatchObject({ available: 70, held: 30 });
    expect(s.card.consecutive_funds_failures).toBe(0);
    expect(await ledgerViolations(t.database.handle.db)).toEqual([]);
    noFallback();
  });
});
