import { type RawBuilder, sql, type Transaction } from 'kysely';
import type { Db, Executor } from '../../platform/db/database';
import type { Database } from '../../platform/db/schema';
import { type AccountRow, type AccountState, accountState, byId, lockAccounts, onLockedAccounts } from './locking';
import {
  apply,
  type EntryDraft,
  journalRow,
  legCodes,
  legDeltas,
  type Posting,
  type PostingResult,
  post,
  publishBalances,
  replay,
} from './postings';

/** Many postings in one transaction or one statement: the group commit and the card decisions' checked writes. */

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
 * Posts many journals in the caller's transaction, so they commit (or roll back) with what the caller
 * writes beside them: crediting a batch of deposits posts each deposit's journal, marks the deposits
 * and records the notices in one transaction. The rules are postBatch's and post's: each posting
 * balanced and checked on its own, in order (a refused one is answered with its reason and moves
 * nothing); every account the batch names locked once, in id order; each account's balance written
 * once for the lot; a key already in the ledger, or repeated within the batch, answered as a retry.
 * Unlike postBatch nothing is retried alone: a key that another transaction inserts at the same time
 * fails the caller's transaction (unique violation). Callers therefore hold the lock of each
 * posting's business row (crediting holds each deposit's) while they post.
 */
export async function postMany(trx: Executor, postings: Posting[]): Promise<Array<PromiseSettledResult<PostingResult>>> {
  if (!trx.isTransaction) throw new Error("ledger: postMany runs in the caller's transaction");
  return postBatchIn(trx as Transaction<Database>, postings);
}

/**
 * One posting in the caller's transaction in two statements (postMany's: lock with the keys already
 * used, then one write), for a caller whose key no other transaction can post at the same time (the
 * key names a row the caller made or holds locked). Refused as post refuses; a key already in the
 * ledger is answered as a retry.
 */
export async function postNew(trx: Executor, posting: Posting): Promise<PostingResult> {
  const [result] = await postMany(trx, [posting]);
  if (result?.status !== 'fulfilled') throw (result as PromiseRejectedResult).reason;
  return result.value;
}

async function postBatchIn(trx: Transaction<Database>, postings: Posting[]): Promise<Array<PromiseSettledResult<PostingResult>>> {
  if (postings.length === 0) return [];
  const results: Array<PromiseSettledResult<PostingResult> | undefined> = new Array(postings.length);
  // One round trip: the keys already in the ledger, and every account the batch names, locked (locking.ts).
  const { known, state, lockedAs } = await lockAccounts(
    trx,
    postings.flatMap((p) => p.legs.map((l) => l.accountId)),
    postings.map((p) => p.idempotencyKey),
  );

  const accepted = planPostings(
    state,
    postings.map((p) => onLockedAccounts(p, lockedAs)),
    known,
    results,
  );

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
      accepted.push({ index, posting, entries: apply(state, deltas, legCodes(posting)), accounts: [...deltas.keys()] });
      acceptedKeys.add(posting.idempotencyKey);
    } catch (reason) {
      results[index] = { status: 'rejected', reason };
    }
  });
  return accepted;
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
  const touched = [...new Set(accepted.flatMap((a) => a.accounts))].sort(byId);
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
      insert into ledger_entries (journal_id, account_id, currency, amount, balance_before, balance_after, account_version, type_code)
      select j.id, v.account_id, v.currency, v.amount, v.balance_before, v.balance_after, v.account_version, v.type_code
      from unnest(${entries.map((e) => e.key)}::text[], ${entries.map((e) => e.account_id)}::bigint[],
        ${entries.map((e) => e.currency)}::text[], ${entries.map((e) => e.amount)}::numeric[],
        ${entries.map((e) => e.balance_before)}::numeric[], ${entries.map((e) => e.balance_after)}::numeric[],
        ${entries.map((e) => e.account_version)}::bigint[], ${entries.map((e) => e.type_code)}::integer[])
        with ordinality as v(key, account_id, currency, amount, balance_before, balance_after, account_version, type_code, n)
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
