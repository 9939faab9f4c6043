import { CURRENCIES, type Currency, isCurrency, type LedgerTypeCode } from '@wallet/contract';
import Decimal from 'decimal.js';
import type { Kysely, Transaction } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';

/**
 * The only code that writes balances (DESIGN.md section 3). Every movement of money is a journal with
 * entries that sum to zero per currency; user accounts can never go below zero.
 */

type Executor = Kysely<Database> | Transaction<Database>;

/** System accounts carry the other side of every user balance. */
export const SYSTEM_PURPOSES = {
  chainInbound: (network: string) => `chain_inbound:${network}`,
  withdrawalsInFlight: 'withdrawals_in_flight',
  chainOutbound: (network: string) => `chain_outbound:${network}`,
  feeRevenue: 'fee_revenue',
  exchangeDesk: 'exchange_desk',
  adjustments: 'adjustments',
  cardFloat: 'card_float',
  rewardsExpense: 'rewards_expense',
} as const;

export const USER_WALLET = 'wallet';

export interface AccountKey {
  userId: string | null;
  currency: Currency;
  purpose: string;
}

/** The id of an account, created on first use. */
export async function accountId(db: Executor, key: AccountKey): Promise<string> {
  await db
    .insertInto('ledger_accounts')
    .values({ user_id: key.userId, currency: key.currency, purpose: key.purpose })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const row = await db
    .selectFrom('ledger_accounts')
    .select('id')
    .where((eb) => (key.userId === null ? eb('user_id', 'is', null) : eb('user_id', '=', key.userId)))
    .where('currency', '=', key.currency)
    .where('purpose', '=', key.purpose)
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface Leg {
  accountId: string;
  /** Signed decimal string: positive credits the account, negative debits it. */
  amount: string;
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

async function postIn(trx: Transaction<Database>, posting: Posting): Promise<PostingResult> {
  const inserted = await trx
    .insertInto('ledger_journal')
    .values({
      type_code: posting.typeCode,
      user_id: posting.userId,
      reference: posting.reference ?? null,
      idempotency_key: posting.idempotencyKey,
      memo: JSON.stringify(posting.memo ?? {}),
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return replay(trx, posting);

  const deltas = new Map<string, Decimal>();
  for (const leg of posting.legs) {
    const amount = new Decimal(leg.amount);
    if (amount.isZero() || !amount.isFinite()) throw new Error(`ledger: leg amount must be non-zero, got ${leg.amount}`);
    deltas.set(leg.accountId, (deltas.get(leg.accountId) ?? new Decimal(0)).plus(amount));
  }
  const ids = [...deltas.keys()].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
  const accounts = await trx
    .selectFrom('ledger_accounts')
    .select(['id', 'user_id', 'currency', 'balance', 'version'])
    .where('id', 'in', ids)
    .orderBy('id')
    .forUpdate()
    .execute();
  if (accounts.length !== ids.length) throw new Error('ledger: unknown account in posting');

  const sums = new Map<string, Decimal>();
  const entries = [];
  for (const account of accounts) {
    const delta = deltas.get(account.id) as Decimal;
    if (!isCurrency(account.currency)) throw new Error(`ledger: account ${account.id} has unknown currency`);
    if (delta.decimalPlaces() > CURRENCIES[account.currency].precision) {
      throw new AppError('AMOUNT_TOO_PRECISE', { currency: account.currency });
    }
    sums.set(account.currency, (sums.get(account.currency) ?? new Decimal(0)).plus(delta));
    const before = new Decimal(account.balance);
    const after = before.plus(delta);
    if (account.user_id !== null && after.isNegative()) {
      throw new AppError('INSUFFICIENT_BALANCE', { currency: account.currency });
    }
    const version = (BigInt(account.version) + 1n).toString();
    await trx.updateTable('ledger_accounts').set({ balance: after.toFixed(), version }).where('id', '=', account.id).execute();
    if (!delta.isZero()) {
      entries.push({
        journal_id: inserted.id,
        account_id: account.id,
        currency: account.currency,
        amount: delta.toFixed(),
        balance_before: before.toFixed(),
        balance_after: after.toFixed(),
        account_version: version,
      });
    }
  }
  for (const [currency, sum] of sums) {
    if (!sum.isZero()) throw new Error(`ledger: journal does not balance in ${currency} (off by ${sum.toFixed()})`);
  }
  if (entries.length === 0) throw new Error('ledger: a journal needs at least one entry');
  await trx.insertInto('ledger_entries').values(entries).execute();
  return { journalId: inserted.id, replayed: false };
}

async function replay(trx: Transaction<Database>, posting: Posting): Promise<PostingResult> {
  const first = await trx
    .selectFrom('ledger_journal')
    .select(['id', 'type_code', 'user_id', 'reference'])
    .where('idempotency_key', '=', posting.idempotencyKey)
    .executeTakeFirstOrThrow();
  const same = first.type_code === posting.typeCode && first.user_id === posting.userId && first.reference === (posting.reference ?? null);
  if (!same) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  return { journalId: first.id, replayed: true };
}

export interface Balance {
  currency: Currency;
  balance: string;
}

/** A user's wallet balances, one per currency they have ever held. */
export async function walletBalances(db: Executor, userId: string): Promise<Balance[]> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['currency', 'balance'])
    .where('user_id', '=', userId)
    .where('purpose', '=', USER_WALLET)
    .execute();
  return rows
    .filter((r) => isCurrency(r.currency))
    .map((r) => ({ currency: r.currency as Currency, balance: new Decimal(r.balance).toFixed() }));
}
