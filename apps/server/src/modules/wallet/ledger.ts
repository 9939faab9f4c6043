import { CURRENCIES, type Currency, isCurrency, type LedgerTypeCode } from '@wallet/contract';
import Decimal from 'decimal.js';
import { type RawBuilder, sql, type Transaction } from 'kysely';
import { publishChange } from '../../platform/changes';
import { afterCommit } from '../../platform/db/after-commit';
import type { Db, Executor } from '../../platform/db/database';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';

/**
 * The only code that writes balances (DESIGN.md section 3). Every movement of money is a journal with
 * entries that sum to zero per currency; user accounts can never go below zero.
 */

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

/** An account as the ledger works on it; `readVersion` is its version when read, which a write checks (see batchWriteCtes). */
type AccountState = { userId: string | null; currency: string; balance: Decimal; version: bigint; readVersion: bigint };

type AccountRow = { id: string; user_id: string | null; currency: string; balance: string; version: string };
const accountState = (r: AccountRow): AccountState => {
  const version = BigInt(r.version);
  return { userId: r.user_id, currency: r.currency, balance: new Decimal(r.balance), version, readVersion: version };
};
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
  return new Map(rows.map((r) => [r.id, accountState(r)]));
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

function publishBalances(trx: Executor, state: Map<string, AccountState>, ids: string[]) {
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

async function postBatchIn(trx: Transaction<Database>, postings: Posting[]): Promise<Array<PromiseSettledResult<PostingResult>>> {
  if (postings.length === 0) return [];
  const results: Array<PromiseSettledResult<PostingResult> | undefined> = new Array(postings.length);
  // One round trip: the keys already in the ledger, and every account the batch names, locked in id order.
  const { known, state } = await lockBatch(
    trx,
    postings.flatMap((p) => p.legs.map((l) => l.accountId)),
    postings.map((p) => p.idempotencyKey),
  );

  const accepted = planPostings(state, postings, known, results);

  if (accepted.length > 0) {
    const journalOf = await writeBatch(trx, state, accepted);
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

type Accepted = { index: number; posting: Posting; entries: EntryDraft[]; accounts: string[] };

/**
 * Takes the postings in order, exactly as if posted one by one, applying the accepted ones to `state`:
 * the first accepted posting of a key wins and later ones are left unanswered (replays); a refused
 * posting gets its reason in `results` and leaves its key free for the next one. Keys in `known` are
 * in the ledger already and left unanswered too.
 */
function planPostings(
  state: Map<string, AccountState>,
  postings: Posting[],
  known: Set<string>,
  results: Array<PromiseSettledResult<unknown> | undefined>,
): Accepted[] {
  const accepted: Accepted[] = [];
  const acceptedKeys = new Set<string>();
  postings.forEach((posting, index) => {
    if (known.has(posting.idempotencyKey) || acceptedKeys.has(posting.idempotencyKey)) return;
    try {
      const deltas = legDeltas(posting);
      for (const id of deltas.keys()) if (!state.has(id)) throw new Error('ledger: unknown account in posting');
      accepted.push({ index, posting, entries: apply(state, deltas), accounts: [...deltas.keys()] });
      acceptedKeys.add(posting.idempotencyKey);
    } catch (reason) {
      results[index] = { status: 'rejected', reason };
    }
  });
  return accepted;
}

/** lockAccounts and the idempotency keys already used, in one statement. */
async function lockBatch(trx: Transaction<Database>, accountIds: string[], keys: string[]) {
  const ids = [...new Set(accountIds)].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
  const row = (
    await sql<{ known: string[]; accounts: AccountRow[] }>`
      with locked as (
        select id, user_id, currency, balance, version from ledger_accounts where id = any(${ids}::bigint[]) order by id for update
      )
      select (select coalesce(json_agg(idempotency_key), '[]') from ledger_journal where idempotency_key = any(${[...new Set(keys)]}::text[])) as known,
        (select coalesce(json_agg(json_build_object('id', id::text, 'user_id', user_id, 'currency', currency,
          'balance', balance::text, 'version', version::text)), '[]') from locked) as accounts`.execute(trx)
  ).rows[0] as { known: string[]; accounts: AccountRow[] };
  return { known: new Set(row.known), state: new Map(row.accounts.map((r) => [r.id, accountState(r)])) };
}

/**
 * The `with` parts that write a planned batch in one statement (one round trip however many
 * postings): `ledger_new_journals` (id, idempotency_key), `ledger_new_balances` and the entries, each
 * entry joined to its journal by idempotency key. A balance is written only if its account is still
 * at the version read, so `ledger_new_balances` holding fewer rows than `accounts` means a concurrent
 * write came first (never the case under the locks of lockBatch). Arrays rather than a row of
 * parameters per value, so the statement stays small.
 */
function batchWriteCtes(state: Map<string, AccountState>, accepted: Accepted[]) {
  const journals = accepted.map((a) => journalRow(a.posting));
  // In id order, as lockAccounts locks them: two batches written at once queue, never deadlock.
  const touched = [...new Set(accepted.flatMap((a) => a.accounts))].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
  const accounts = touched.map((id) => state.get(id) as AccountState);
  const entries = accepted.flatMap((a) => a.entries.map((e) => ({ ...e, key: a.posting.idempotencyKey })));
  const ctes = sql`ledger_new_journals as (
      insert into ledger_journal (type_code, user_id, reference, idempotency_key, memo)
      select * from unnest(${journals.map((j) => j.type_code)}::integer[], ${journals.map((j) => j.user_id)}::uuid[],
        ${journals.map((j) => j.reference)}::text[], ${journals.map((j) => j.idempotency_key)}::text[],
        ${journals.map((j) => j.memo)}::jsonb[])
      returning id, idempotency_key
    ), ledger_new_balances as (
      update ledger_accounts as a set balance = v.balance, version = v.version
      from unnest(${touched}::bigint[], ${accounts.map((a) => a.balance.toFixed())}::numeric[],
        ${accounts.map((a) => a.version.toString())}::bigint[], ${accounts.map((a) => a.readVersion.toString())}::bigint[])
        as v(id, balance, version, read_version)
      where a.id = v.id and a.version = v.read_version
      returning a.id
    ), ledger_new_entries as (
      insert into ledger_entries (journal_id, account_id, currency, amount, balance_before, balance_after, account_version)
      select j.id, v.account_id, v.currency, v.amount, v.balance_before, v.balance_after, v.account_version
      from unnest(${entries.map((e) => e.key)}::text[], ${entries.map((e) => e.account_id)}::bigint[],
        ${entries.map((e) => e.currency)}::text[], ${entries.map((e) => e.amount)}::numeric[],
        ${entries.map((e) => e.balance_before)}::numeric[], ${entries.map((e) => e.balance_after)}::numeric[],
        ${entries.map((e) => e.account_version)}::bigint[])
        with ordinality as v(key, account_id, currency, amount, balance_before, balance_after, account_version, n)
      join ledger_new_journals j on j.idempotency_key = v.key
      order by v.n
      returning 1
    )`;
  return { ctes, accounts: touched };
}

/** Writes a batch planned under lockBatch's locks; returns journal ids by key. */
async function writeBatch(
  trx: Transaction<Database>,
  state: Map<string, AccountState>,
  accepted: Accepted[],
): Promise<Map<string, string>> {
  const { ctes, accounts } = batchWriteCtes(state, accepted);
  const result = await sql<{ id: string; idempotency_key: string; balances: number }>`
    with ${ctes}
    select id::text, idempotency_key, (select count(*) from ledger_new_balances)::integer as balances from ledger_new_journals`.execute(
    trx,
  );
  if (result.rows.length !== accepted.length || result.rows.some((r) => r.balances !== accounts.length))
    throw new Error('ledger: a batch journal was not written');
  publishBalances(trx, state, accounts);
  return new Map(result.rows.map((j) => [j.idempotency_key, j.id]));
}

/** An account's row as read, without a lock, by a caller that plans a checked batch. */
export type AccountSnapshot = AccountRow;

export interface CheckedBatch {
  /** The reason of each posting refused (by its index); the others are written if the statement commits. */
  refused: Map<number, unknown>;
  /** `with` parts writing the accepted postings, for the caller's one statement; null when none was accepted. */
  ctes: RawBuilder<unknown> | null;
  /** A boolean SQL expression over those parts: every account was still at the version read. */
  complete: RawBuilder<boolean>;
  /** Each written account's balance and version once the statement has committed. */
  after: Map<string, { balance: string; version: string }>;
  /** Tells balance readers what changed; call once the statement has committed. */
  committed(db: Executor): void;
}

/**
 * A batch of postings planned on balances read without locks, to be written by one statement of the
 * caller's that fails as a whole (write_guard) unless `complete` holds: a compare-and-set on each
 * account's version, so a balance that changed after it was read is never written over. The
 * postings' idempotency keys must be new: a key already in the ledger fails the statement (unique
 * violation), and the caller reads again. One round trip and no lock held between read and write,
 * which is what lets card authorizations be decided at the issuer's pace.
 */
export function planCheckedBatch(accounts: AccountSnapshot[], postings: Posting[]): CheckedBatch {
  const state = new Map(accounts.map((r) => [r.id, accountState(r)]));
  const results: Array<PromiseSettledResult<unknown> | undefined> = new Array(postings.length);
  const accepted = planPostings(state, postings, new Set(), results);
  const refused = new Map<number, unknown>();
  results.forEach((r, index) => {
    if (r?.status === 'rejected') refused.set(index, r.reason);
  });
  if (accepted.length === 0) return { refused, ctes: null, complete: sql<boolean>`true`, after: new Map(), committed: () => {} };
  const { ctes, accounts: touched } = batchWriteCtes(state, accepted);
  const after = new Map(
    touched.map((id) => {
      const account = state.get(id) as AccountState;
      return [id, { balance: account.balance.toFixed(), version: account.version.toString() }];
    }),
  );
  return {
    refused,
    ctes,
    after,
    complete: sql<boolean>`(select count(*) from ledger_new_balances) = ${touched.length}`,
    committed: (db) => publishBalances(db, state, touched),
  };
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
