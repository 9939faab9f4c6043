import { CURRENCIES, Decimal, isCurrency, type LedgerTypeCode } from '@wallet/contract';
import { sql, type Transaction } from 'kysely';
import { publishChange } from '../../platform/changes';
import { afterCommit } from '../../platform/db/after-commit';
import type { Db, Executor } from '../../platform/db/database';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { type AccountState, lockAccounts, onLockedAccounts } from './locking';

/**
 * The only code that writes balances (DESIGN.md section 3). Every movement of money is a journal with
 * entries that sum to zero per currency; user accounts can never go below zero. The exported helpers
 * below `post` are shared with batch.ts and are not part of the module's API (index.ts).
 */

export interface Leg {
  accountId: string;
  /** Signed decimal string: positive credits the account, negative debits it. */
  amount: string;
  /** This side's record code when it differs from the journal's (the recipient's 113 in a transfer coded 23). */
  typeCode?: LedgerTypeCode;
}

export interface Posting {
  typeCode: LedgerTypeCode;
  /** The user the event belongs to, if any (records screens list journals by it). */
  userId: string | null;
  reference?: string | null;
  /** Unique per business event: a retry with the same key moves nothing and returns the first journal. */
  idempotencyKey: string;
  memo?: Record<string, unknown>;
  legs: Leg[];
}

export interface PostingResult {
  journalId: string;
  replayed: boolean;
}

/**
 * Posts a journal atomically. Accounts are locked in id order, so concurrent postings never deadlock,
 * and balances are checked under the lock, so they never overdraw. A retry (same idempotency key) of
 * the same event returns the first journal; reusing a key for a different event is refused.
 * Runs in the caller's transaction when given one.
 */
export async function post(db: Executor, posting: Posting): Promise<PostingResult> {
  if (db.isTransaction) return postIn(db as Transaction<Database>, posting);
  return (db as Db).transaction().execute((trx) => postIn(trx, posting));
}

export type EntryDraft = {
  account_id: string;
  currency: string;
  amount: string;
  balance_before: string;
  balance_after: string;
  account_version: string;
  type_code: number | null;
};

/** Each account's own record code, when a leg names one. */
export function legCodes(posting: Posting): Map<string, number> {
  const codes = new Map<string, number>();
  for (const leg of posting.legs) if (leg.typeCode !== undefined) codes.set(leg.accountId, leg.typeCode);
  return codes;
}

export function legDeltas(posting: Posting): Map<string, Decimal> {
  const deltas = new Map<string, Decimal>();
  for (const leg of posting.legs) {
    const amount = new Decimal(leg.amount);
    if (amount.isZero() || !amount.isFinite()) throw new Error(`ledger: leg amount must be non-zero, got ${leg.amount}`);
    deltas.set(leg.accountId, (deltas.get(leg.accountId) ?? new Decimal(0)).plus(amount));
  }
  return deltas;
}

/**
 * Checks one posting against the locked balances and, if it holds, applies it to `state` and returns
 * its entries. Throws (leaving `state` untouched) when it does not balance, is finer than a currency
 * allows, or would overdraw a user account.
 */
export function apply(state: Map<string, AccountState>, deltas: Map<string, Decimal>, codes: Map<string, number>): EntryDraft[] {
  // A journal that does not balance is a bug in the caller, reported before anything about balances.
  const sums = new Map<string, Decimal>();
  for (const [id, delta] of deltas) {
    const account = state.get(id) as AccountState;
    if (!isCurrency(account.currency)) throw new Error(`ledger: account ${id} has unknown currency`);
    if (delta.decimalPlaces() > CURRENCIES[account.currency].precision)
      throw new AppError('AMOUNT_TOO_PRECISE', { currency: account.currency });
    sums.set(account.currency, (sums.get(account.currency) ?? new Decimal(0)).plus(delta));
  }
  for (const [currency, sum] of sums) {
    if (!sum.isZero()) throw new Error(`ledger: journal does not balance in ${currency} (off by ${sum.toFixed()})`);
  }
  const next = new Map<string, AccountState>();
  for (const [id, delta] of deltas) {
    const account = state.get(id) as AccountState;
    const balance = account.balance.plus(delta);
    if (account.userId !== null && balance.isNegative()) throw new AppError('INSUFFICIENT_BALANCE', { currency: account.currency });
    next.set(id, { ...account, balance, version: account.version + 1n });
  }
  const entries: EntryDraft[] = [];
  for (const [id, after] of next) {
    const before = state.get(id) as AccountState;
    const delta = deltas.get(id) as Decimal;
    state.set(id, after);
    if (delta.isZero()) continue;
    entries.push({
      account_id: id,
      currency: after.currency,
      amount: delta.toFixed(),
      balance_before: before.balance.toFixed(),
      balance_after: after.balance.toFixed(),
      account_version: after.version.toString(),
      type_code: codes.get(id) ?? null,
    });
  }
  if (entries.length === 0) throw new Error('ledger: a journal needs at least one entry');
  return entries;
}

/** All new balances in one statement: a batch costs one round trip however many accounts it touched. */
async function writeBalances(trx: Transaction<Database>, state: Map<string, AccountState>, touched: Iterable<string>) {
  const ids = [...new Set(touched)];
  const rows = ids.map((id) => {
    const account = state.get(id) as AccountState;
    return sql`(${id}::bigint, ${account.balance.toFixed()}::numeric, ${account.version.toString()}::bigint)`;
  });
  await sql`update ledger_accounts as a set balance = v.balance, version = v.version
    from (values ${sql.join(rows)}) as v(id, balance, version) where a.id = v.id`.execute(trx);
  publishBalances(trx, state, ids);
}

export function publishBalances(trx: Executor, state: Map<string, AccountState>, ids: string[]) {
  const userIds = new Set<string>();
  for (const id of ids) {
    const owner = (state.get(id) as AccountState).userId;
    if (owner !== null) userIds.add(owner);
  }
  if (userIds.size > 0) afterCommit(trx, () => publishChange({ topic: 'balances', userIds: [...userIds] }));
}

export function journalRow(posting: Posting) {
  return {
    type_code: posting.typeCode,
    user_id: posting.userId,
    reference: posting.reference ?? null,
    idempotency_key: posting.idempotencyKey,
    memo: JSON.stringify(posting.memo ?? {}),
  };
}

async function postIn(trx: Transaction<Database>, posting: Posting): Promise<PostingResult> {
  const inserted = await trx
    .insertInto('ledger_journal')
    .values(journalRow(posting))
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return replay(trx, posting);
  const asked = [...legDeltas(posting).keys()];
  const { state, lockedAs } = await lockAccounts(trx, asked);
  if (lockedAs.size !== asked.length) throw new Error('ledger: unknown account in posting');
  const locked = onLockedAccounts(posting, lockedAs);
  const deltas = legDeltas(locked);
  const entries = apply(state, deltas, legCodes(locked));
  await writeBalances(trx, state, deltas.keys());
  await trx
    .insertInto('ledger_entries')
    .values(entries.map((e) => ({ ...e, journal_id: inserted.id })))
    .execute();
  return { journalId: inserted.id, replayed: false };
}

export async function replay(trx: Transaction<Database>, posting: Posting): Promise<PostingResult> {
  const first = await trx
    .selectFrom('ledger_journal')
    .select(['id', 'type_code', 'user_id', 'reference'])
    .where('idempotency_key', '=', posting.idempotencyKey)
    .executeTakeFirstOrThrow();
  const same = first.type_code === posting.typeCode && first.user_id === posting.userId && first.reference === (posting.reference ?? null);
  if (!same) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  return { journalId: first.id, replayed: true };
}
