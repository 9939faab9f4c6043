import { Decimal, type LedgerTypeCode } from '@wallet/contract';
import type { Selectable, Transaction } from 'kysely';
import type { Db, Executor } from '../../platform/db/database';
import type { Database, LedgerHoldsTable } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { accountId } from './accounts';
import { type Leg, post } from './postings';

/**
 * Money set aside while something waits on someone else (a withdrawal on the chain, a card load on
 * the issuer, a payout on a partner): held in one journal, then settled or released exactly once.
 * The hold row is the state; the journals are keyed by it, so a repeat of any step moves nothing.
 */

export type Hold = Selectable<LedgerHoldsTable>;

/** Where a user's held money sits unless the caller names another account: theirs, never below zero. */
export const HELD = 'held';

export interface HoldRequest {
  /** Unique per hold; the caller's business key (e.g. `withdrawal:<id>`). */
  key: string;
  /** The account the money leaves. */
  accountId: string;
  /** Where it waits; by default the same owner's `held` account in the same currency. */
  heldAccountId?: string;
  amount: string;
  typeCode: LedgerTypeCode;
  userId: string | null;
  reference?: string | null;
  memo?: Record<string, unknown>;
}

export interface FinishRequest {
  typeCode: LedgerTypeCode;
  reference?: string | null;
  memo?: Record<string, unknown>;
}

const inTransaction = <T>(db: Executor, run: (trx: Transaction<Database>) => Promise<T>) =>
  db.isTransaction ? run(db as Transaction<Database>) : (db as Db).transaction().execute(run);

/**
 * Moves `amount` from the account to its held account in one journal and records the hold. A repeat
 * with the same key returns the hold as it stands; the same key for a different hold is refused.
 * Fails with INSUFFICIENT_BALANCE (and holds nothing) when the account cannot cover it.
 */
export function hold(db: Executor, request: HoldRequest): Promise<Hold> {
  return inTransaction(db, async (trx) => {
    const source = await trx
      .selectFrom('ledger_accounts')
      .select(['user_id', 'currency'])
      .where('id', '=', request.accountId)
      .executeTakeFirstOrThrow();
    const heldAccountId =
      request.heldAccountId ?? (await accountId(trx, { userId: source.user_id, currency: source.currency as never, purpose: HELD }));
    const amount = new Decimal(request.amount);
    if (!amount.isFinite() || amount.lte(0)) throw new Error(`ledger: a hold needs a positive amount, got ${request.amount}`);
    // Both accounts locked in id order before the hold row is written: its foreign keys take a share
    // lock on them, and two holds on one account that each took the share lock first and then asked
    // post() for the row lock deadlocked.
    await trx
      .selectFrom('ledger_accounts')
      .select('id')
      .where('id', 'in', [request.accountId, heldAccountId])
      .orderBy('id')
      .forUpdate()
      .execute();
    const inserted = await trx
      .insertInto('ledger_holds')
      .values({
        key: request.key,
        user_id: request.userId,
        account_id: request.accountId,
        held_account_id: heldAccountId,
        currency: source.currency,
        amount: amount.toFixed(),
        state: 'held',
      })
      .onConflict((oc) => oc.column('key').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!inserted) {
      const first = await findHold(trx, request.key);
      if (!first || first.account_id !== request.accountId || !new Decimal(first.amount).eq(amount))
        throw new AppError('IDEMPOTENCY_KEY_REUSED');
      return first;
    }
    const posted = await post(trx, {
      typeCode: request.typeCode,
      userId: request.userId,
      reference: request.reference ?? null,
      idempotencyKey: `hold:${request.key}`,
      memo: request.memo ?? {},
      legs: [
        { accountId: request.accountId, amount: amount.neg().toFixed() },
        { accountId: heldAccountId, amount: amount.toFixed() },
      ],
    });
    return trx
      .updateTable('ledger_holds')
      .set({ hold_journal_id: posted.journalId })
      .where('id', '=', inserted.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

/**
 * Finishes a hold by paying it out: the held amount leaves the held account and `legs` say where it
 * goes (they must sum with it to zero per currency, so a settlement may change currency through the
 * exchange desk). Once: settling a settled hold returns it as it stands; a released one is refused.
 */
export function settle(db: Executor, key: string, legs: Leg[], finish: FinishRequest): Promise<Hold> {
  return finishHold(db, key, 'settled', finish, (h) => [
    { accountId: h.held_account_id, amount: new Decimal(h.amount).neg().toFixed() },
    ...legs,
  ]);
}

/** Finishes a hold by returning it whole to the account it came from. Once, like settle. */
export function release(db: Executor, key: string, finish: FinishRequest): Promise<Hold> {
  return finishHold(db, key, 'released', finish, (h) => [
    { accountId: h.held_account_id, amount: new Decimal(h.amount).neg().toFixed() },
    { accountId: h.account_id, amount: new Decimal(h.amount).toFixed() },
  ]);
}

function finishHold(db: Executor, key: string, to: 'settled' | 'released', finish: FinishRequest, legsOf: (h: Hold) => Leg[]) {
  return inTransaction(db, async (trx) => {
    // The hold row first, then (inside post) the accounts in id order: every finisher takes them in
    // that order, and nothing that locks accounts then waits on a hold row.
    const current = await trx.selectFrom('ledger_holds').selectAll().where('key', '=', key).forUpdate().executeTakeFirst();
    if (!current) throw new Error(`ledger: no hold ${key}`);
    if (current.state === to) return current;
    if (current.state !== 'held') throw new AppError('HOLD_ALREADY_FINISHED');
    const posted = await post(trx, {
      typeCode: finish.typeCode,
      userId: current.user_id,
      reference: finish.reference ?? null,
      idempotencyKey: `hold:${key}:${to}`,
      memo: finish.memo ?? {},
      legs: legsOf(current).filter((l) => !new Decimal(l.amount).isZero()),
    });
    return trx
      .updateTable('ledger_holds')
      .set({ state: to, finish_journal_id: posted.journalId, finished_at: new Date() })
      .where('id', '=', current.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

export function findHold(db: Executor, key: string): Promise<Hold | undefined> {
  return db.selectFrom('ledger_holds').selectAll().where('key', '=', key).executeTakeFirst();
}
