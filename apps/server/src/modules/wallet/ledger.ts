import { CURRENCIES, type Currency, isCurrency, type LedgerTypeCode } from '@wallet/contract';
import Decimal from 'decimal.js';
import { type Kysely, sql, type Transaction } from 'kysely';
import { publishChange } from '../../platform/changes';
import { afterCommit } from '../../platform/db/after-commit';
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

type AccountState = { userId: string | null; currency: string; balance: Decimal; version: bigint };
type EntryDraft = {
  account_id: string;
  currency: string;
  amount: string;
  balance_before: string;
  balance_after: string;
  account_version: string;
};

function legDeltas(posting: Posting): Map<string, Decimal> {
  const deltas = new Map<string, Decimal>();
  for (const leg of posting.legs) {
    const amount = new Decimal(leg.amount);
    if (amount.isZero() || !amount.isFinite()) throw new Error(`ledger: leg amount must be non-zero, got ${leg.amount}`);
    deltas.set(leg.accountId, (deltas.get(leg.accountId) ?? new Decimal(0)).plus(amount));
  }
  return deltas;
}

async function lockAccounts(trx: Transaction<Database>, ids: Iterable<string>): Promise<Map<string, AccountState>> {
  // Locked in id order: two postings that share accounts always queue in the same order, so never deadlock.
  const sorted = [...new Set(ids)].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
  if (sorted.length === 0) return new Map();
  const rows = await trx
    .selectFrom('ledger_accounts')
    .select(['id', 'user_id', 'currency', 'balance', 'version'])
    .where('id', 'in', sorted)
    .orderBy('id')
    .forUpdate()
    .execute();
  if (rows.length !== sorted.length) throw new Error('ledger: unknown account in posting');
  return new Map(
    rows.map((r) => [r.id, { userId: r.user_id, currency: r.currency, balance: new Decimal(r.balance), version: BigInt(r.version) }]),
  );
}

/**
 * Checks one posting against the locked balances and, if it holds, applies it to `state` and returns
 * its entries. Throws (leaving `state` untouched) when it does not balance, is finer than a currency
 * allows, or would overdraw a user account.
 */
function apply(state: Map<string, AccountState>, deltas: Map<string, Decimal>): EntryDraft[] {
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

function publishBalances(trx: Transaction<Database>, state: Map<string, AccountState>, ids: string[]) {
  const userIds = new Set<string>();
  for (const id of ids) {
    const owner = (state.get(id) as AccountState).userId;
    if (owner !== null) userIds.add(owner);
  }
  if (userIds.size > 0) afterCommit(trx, () => publishChange({ topic: 'balances', userIds: [...userIds] }));
}

function journalRow(posting: Posting) {
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
  const deltas = legDeltas(posting);
  const state = await lockAccounts(trx, deltas.keys());
  const entries = apply(state, deltas);
  await writeBalances(trx, state, deltas.keys());
  await trx
    .insertInto('ledger_entries')
    .values(entries.map((e) => ({ ...e, journal_id: inserted.id })))
    .execute();
  return { journalId: inserted.id, replayed: false };
}

/**
 * Posts many journals in one transaction: one lock per account and one commit for the lot, which is
 * what lets a hot account take many postings per second. Each posting still succeeds or fails on its
 * own (a refused one does not sink the others). If the batch as a whole cannot commit (for instance a
 * concurrent request inserted one of the same idempotency keys), every posting is retried alone.
 */
export async function postBatch(db: Db, postings: Posting[]): Promise<Array<PromiseSettledResult<PostingResult>>> {
  try {
    return await db.transaction().execute((trx) => postBatchIn(trx, postings));
  } catch (error) {
    if ((error as { code?: string }).code !== '23505') throw error;
    return Promise.allSettled(postings.map((p) => post(db, p)));
  }
}

/**
 * postBatch inside the caller's transaction (which then owns the commit): one lock per account and a
 * few statements for the lot. Each posting succeeds or fails on its own, as in postBatch; a caller
 * that needs all or nothing checks the results and throws to roll its transaction back.
 */
export const postBatchInTransaction = (trx: Transaction<Database>, postings: Posting[]) => postBatchIn(trx, postings);

async function postBatchIn(trx: Transaction<Database>, postings: Posting[]): Promise<Array<PromiseSettledResult<PostingResult>>> {
  if (postings.length === 0) return [];
  const results: Array<PromiseSettledResult<PostingResult> | undefined> = new Array(postings.length);
  // One round trip: the keys already in the ledger, and every account the batch names, locked in id order.
  const { known, state } = await lockBatch(
    trx,
    postings.flatMap((p) => p.legs.map((l) => l.accountId)),
    postings.map((p) => p.idempotencyKey),
  );

  const deltas = new Map<number, Map<string, Decimal>>();
  postings.forEach((posting, index) => {
    if (known.has(posting.idempotencyKey)) return;
    try {
      deltas.set(index, legDeltas(posting));
    } catch (reason) {
      results[index] = { status: 'rejected', reason };
    }
  });
  for (const d of deltas.values()) for (const id of d.keys()) if (!state.has(id)) throw new Error('ledger: unknown account in posting');

  // In order, exactly as if posted one by one: the first accepted posting of a key wins and later
  // ones replay it; a refused posting leaves its key free for the next one.
  const accepted: Array<{ index: number; entries: EntryDraft[]; deltas: Map<string, Decimal> }> = [];
  const acceptedKeys = new Set<string>();
  for (const [index, d] of deltas) {
    const key = (postings[index] as Posting).idempotencyKey;
    if (acceptedKeys.has(key)) continue;
    try {
      accepted.push({ index, entries: apply(state, d), deltas: d });
      acceptedKeys.add(key);
    } catch (reason) {
      results[index] = { status: 'rejected', reason };
    }
  }

  if (accepted.length > 0) {
    const journalOf = await writeBatch(
      trx,
      state,
      accepted.map((a) => ({ posting: postings[a.index] as Posting, entries: a.entries, accounts: [...a.deltas.keys()] })),
    );
    const idOf = (index: number) => journalOf.get((postings[index] as Posting).idempotencyKey) as string;
    for (const a of accepted) results[a.index] = { status: 'fulfilled', value: { journalId: idOf(a.index), replayed: false } };
  }

  // Repeats of a key already in the ledger, or accepted earlier in this batch: answer as to a retry.
  for (let index = 0; index < postings.length; index++) {
    if (results[index]) continue;
    results[index] = await replay(trx, postings[index] as Posting).then(
      (value) => ({ status: 'fulfilled' as const, value }),
      (reason) => ({ status: 'rejected' as const, reason }),
    );
  }
  return results as Array<PromiseSettledResult<PostingResult>>;
}

/** lockAccounts and the idempotency keys already used, in one statement. */
async function lockBatch(trx: Transaction<Database>, accountIds: string[], keys: string[]) {
  const ids = [...new Set(accountIds)].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
  type Row = { id: string; user_id: string | null; currency: string; balance: string; version: string };
  const row = (
    await sql<{ known: string[]; accounts: Row[] }>`
      with locked as (
        select id, user_id, currency, balance, version from ledger_accounts where id = any(${ids}::bigint[]) order by id for update
      )
      select (select coalesce(json_agg(idempotency_key), '[]') from ledger_journal where idempotency_key = any(${[...new Set(keys)]}::text[])) as known,
        (select coalesce(json_agg(json_build_object('id', id::text, 'user_id', user_id, 'currency', currency,
          'balance', balance::text, 'version', version::text)), '[]') from locked) as accounts`.execute(trx)
  ).rows[0] as { known: string[]; accounts: Row[] };
  const state = new Map<string, AccountState>(
    row.accounts.map((r) => [
      r.id,
      { userId: r.user_id, currency: r.currency, balance: new Decimal(r.balance), version: BigInt(r.version) },
    ]),
  );
  return { known: new Set(row.known), state };
}

/**
 * The writes of a batch in one statement (one round trip however many postings): the journals, the
 * new balances and the entries, each entry joined to its journal by idempotency key. Arrays rather than
 * a row of parameters per value, so the statement stays small. Returns journal ids by key.
 */
async function writeBatch(
  trx: Transaction<Database>,
  state: Map<string, AccountState>,
  accepted: Array<{ posting: Posting; entries: EntryDraft[]; accounts: string[] }>,
): Promise<Map<string, string>> {
  const journals = accepted.map((a) => journalRow(a.posting));
  const touched = [...new Set(accepted.flatMap((a) => a.accounts))];
  const accounts = touched.map((id) => state.get(id) as AccountState);
  const entries = accepted.flatMap((a) => a.entries.map((e) => ({ ...e, key: a.posting.idempotencyKey })));
  const result = await sql<{ id: string; idempotency_key: string }>`
    with journal as (
      insert into ledger_journal (type_code, user_id, reference, idempotency_key, memo)
      select * from unnest(${journals.map((j) => j.type_code)}::integer[], ${journals.map((j) => j.user_id)}::uuid[],
        ${journals.map((j) => j.reference)}::text[], ${journals.map((j) => j.idempotency_key)}::text[],
        ${journals.map((j) => j.memo)}::jsonb[])
      returning id, idempotency_key
    ), balances as (
      update ledger_accounts as a set balance = v.balance, version = v.version
      from unnest(${touched}::bigint[], ${accounts.map((a) => a.balance.toFixed())}::numeric[],
        ${accounts.map((a) => a.version.toString())}::bigint[]) as v(id, balance, version)
      where a.id = v.id
      returning a.id
    ), entries as (
      insert into ledger_entries (journal_id, account_id, currency, amount, balance_before, balance_after, account_version)
      select journal.id, v.account_id, v.currency, v.amount, v.balance_before, v.balance_after, v.account_version
      from unnest(${entries.map((e) => e.key)}::text[], ${entries.map((e) => e.account_id)}::bigint[],
        ${entries.map((e) => e.currency)}::text[], ${entries.map((e) => e.amount)}::numeric[],
        ${entries.map((e) => e.balance_before)}::numeric[], ${entries.map((e) => e.balance_after)}::numeric[],
        ${entries.map((e) => e.account_version)}::bigint[])
        with ordinality as v(key, account_id, currency, amount, balance_before, balance_after, account_version, n)
      join journal on journal.idempotency_key = v.key
      order by v.n
      returning 1
    )
    select id::text, idempotency_key from journal`.execute(trx);
  if (result.rows.length !== accepted.length) throw new Error('ledger: a batch journal was not written');
  publishBalances(trx, state, touched);
  return new Map(result.rows.map((j) => [j.idempotency_key, j.id]));
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
