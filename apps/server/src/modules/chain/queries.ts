import type { Network } from '@wallet/contract';
import { sql, type Updateable } from 'kysely';
import type pg from 'pg';
import type { Db, Executor } from '../../platform/db/database';
import { type DayRange, dayIndex, rangeEnd } from '../../platform/db/day-buckets';
import type { ChainDepositsTable, DepositStatus } from '../../platform/db/schema';

// The chain module's tables: chain_checkpoints and chain_deposits (and the sender's advisory lock).

export async function checkpoint(db: Db, network: Network) {
  return db.selectFrom('chain_checkpoints').select(['next_block', 'head_block']).where('network', '=', network).executeTakeFirst();
}

/** Moves the checkpoint forward only: an older, slower scan finishing late never moves it back. */
export async function saveCheckpoint(db: Db, network: Network, nextBlock: bigint, head: bigint, now: Date) {
  await db
    .insertInto('chain_checkpoints')
    .values({ network, next_block: nextBlock.toString(), head_block: head.toString(), updated_at: now })
    .onConflict((oc) =>
      oc.column('network').doUpdateSet({
        next_block: sql`greatest(chain_checkpoints.next_block, excluded.next_block)`,
        head_block: sql`greatest(chain_checkpoints.head_block, excluded.head_block)`,
        updated_at: now,
      }),
    )
    .execute();
}

export interface NewDeposit {
  network: Network;
  currency: string;
  tx_hash: string;
  log_index: number;
  from_address: string;
  to_address: string;
  amount: string;
  raw_amount: string;
  block_number: string;
  block_hash: string;
  user_id: string | null;
  attributed_by: string | null;
}

/**
 * Records transfers seen on chain, once each (unique network, tx hash, log index). Seen again in
 * another block (the chain reorganised and mined it again), a deposit not yet credited follows its
 * new block; a dropped one comes back to confirming. Returns the rows it wrote, `inserted` for those
 * recorded for the first time (a row updated by the conflict clause already had a transaction id in
 * its xmax; one just inserted has none).
 */
export async function upsertDeposits(db: Executor, rows: NewDeposit[], now: Date) {
  if (rows.length === 0) return [];
  return db
    .insertInto('chain_deposits')
    .values(rows.map((r) => ({ ...r, status: 'confirming' as const, detected_at: now, updated_at: now })))
    .onConflict((oc) =>
      oc
        .columns(['network', 'tx_hash', 'log_index'])
        .doUpdateSet({
          block_number: sql`excluded.block_number`,
          block_hash: sql`excluded.block_hash`,
          status: 'confirming',
          note: null,
          updated_at: now,
        })
        .where((eb) =>
          eb.or([
            eb('chain_deposits.status', '=', 'dropped'),
            eb.and([eb('chain_deposits.status', '=', 'confirming'), eb('chain_deposits.block_hash', '<>', eb.ref('excluded.block_hash'))]),
          ]),
        ),
    )
    .returning(['id', 'network', 'currency', 'amount', 'user_id', sql<boolean>`xmax = 0`.as('inserted')])
    .execute();
}

/** The last head seen per network. */
export function checkpointHeads(db: Executor) {
  return db.selectFrom('chain_checkpoints').select(['network', 'head_block']).execute();
}

export async function deleteCheckpoints(db: Executor, networks: Network[]): Promise<void> {
  await db.deleteFrom('chain_checkpoints').where('network', 'in', networks).execute();
}

/** How many of the user's deposits were credited on a calendar day (YYYY-MM-DD). */
export async function countCreditedOn(db: Executor, userId: string, day: string): Promise<number> {
  const row = await db
    .selectFrom('chain_deposits')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '=', 'credited')
    .where('credit_day', '=', sql<string>`${day}::date`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function getDeposit(db: Executor, id: string) {
  return db.selectFrom('chain_deposits').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export function findDepositId(db: Executor, id: string) {
  return db.selectFrom('chain_deposits').select('id').where('id', '=', id).executeTakeFirst();
}

/** The deposit, its row locked to the end of the caller's transaction. */
export function lockDeposit(db: Executor, id: string) {
  return db.selectFrom('chain_deposits').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function listUserDeposits(db: Executor, userId: string, limit: number) {
  return db
    .selectFrom('chain_deposits')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('detected_at', 'desc')
    .orderBy('block_number', 'desc')
    .limit(limit)
    .execute();
}

export function userDepositsOfTxs(db: Executor, network: Network, userId: string, txHashes: string[]) {
  return db
    .selectFrom('chain_deposits')
    .selectAll()
    .where('network', '=', network)
    .where('tx_hash', 'in', txHashes)
    .where('user_id', '=', userId)
    .execute();
}

/** What the books compare of a deposit with the chain: its transfer, amount, status and block. */
const RECONCILED_COLUMNS = ['id', 'tx_hash', 'log_index', 'amount', 'status', 'block_number', 'detected_at'] as const;

/**
 * Deposits of one network and currency recorded since a chain epoch (detected from `since`, in a block
 * past `afterBlock`), in any status but dropped: what the books reconcile, read in the caller's transaction.
 */
export function recordedDepositsSince(db: Executor, epoch: { network: string; currency: string; since: Date; afterBlock: bigint }) {
  return db
    .selectFrom('chain_deposits')
    .select(RECONCILED_COLUMNS)
    .where('network', '=', epoch.network)
    .where('currency', '=', epoch.currency)
    .where('detected_at', '>=', epoch.since)
    .where(sql<boolean>`block_number::numeric > ${epoch.afterBlock.toString()}::numeric`)
    .where('status', '<>', 'dropped')
    .execute();
}

/** The deposit (not dropped) of one transfer, its hash matched in any case: the books re-check an open break with it. */
export function recordedDepositOfTransfer(db: Executor, network: string, txHash: string, index: number) {
  return db
    .selectFrom('chain_deposits')
    .select(RECONCILED_COLUMNS)
    .where('network', '=', network)
    .where(sql<boolean>`lower(tx_hash) = ${txHash.toLowerCase()}`)
    .where('log_index', '=', index)
    .where('status', '<>', 'dropped')
    .executeTakeFirst();
}

export function unattributedDeposits(db: Executor, limit: number) {
  return db.selectFrom('chain_deposits').selectAll().where('status', '=', 'unattributed').orderBy('detected_at').limit(limit).execute();
}

/** How many of each user's deposits were credited on a calendar day (YYYY-MM-DD); users with none are left out. */
export async function countsCreditedOn(db: Executor, userIds: readonly string[], day: string): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('chain_deposits')
    .select(['user_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('user_id', 'in', [...new Set(userIds)])
    .where('status', '=', 'credited')
    .where('credit_day', '=', sql<string>`${day}::date`)
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((r) => [r.user_id as string, Number(r.n)]));
}

/** A network's deposits queued by the daily limit, in the order they arrived. */
export function queuedDeposits(db: Executor, network: Network) {
  return db
    .selectFrom('chain_deposits')
    .select(['id', 'user_id', 'currency'])
    .where('network', '=', network)
    .where('status', '=', 'queued')
    .orderBy('detected_at')
    .orderBy('block_number')
    .orderBy('log_index')
    .execute();
}

/** A network's confirming deposits in blocks up to `lastFinal`, in chain order. */
export function confirmingDepositsUpTo(db: Executor, network: Network, lastFinal: string) {
  return db
    .selectFrom('chain_deposits')
    .select(['id', 'block_number', 'block_hash', 'user_id', 'currency'])
    .where('network', '=', network)
    .where('status', '=', 'confirming')
    .where('block_number', '<=', lastFinal)
    .orderBy('block_number')
    .orderBy('log_index')
    .execute();
}

/**
 * Those of the deposits that no other transaction holds, locked in id order to the end of the
 * caller's transaction, as they stand. Rows another transaction holds (a scan moving one to another
 * block, an operator's single credit) are skipped, not waited for: missing from the answer.
 */
export async function lockUnheldDeposits(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('chain_deposits')
    .select(['id', 'network', 'currency', 'tx_hash', 'log_index', 'from_address', 'amount', 'block_hash', 'status', 'user_id'])
    .where('id', 'in', [...new Set(ids)])
    .orderBy('id')
    .forUpdate()
    .skipLocked()
    .execute();
}

/** Marks deposits credited on `day`, each with its journal. */
export async function markCredited(db: Executor, rows: ReadonlyArray<{ id: string; journalId: string }>, day: string, now: Date) {
  if (rows.length === 0) return;
  await sql`update chain_deposits as d
    set status = 'credited', note = null, credit_day = ${day}::date, journal_id = v.journal_id, credited_at = ${now}, updated_at = ${now}
    from unnest(${rows.map((r) => r.id)}::uuid[], ${rows.map((r) => r.journalId)}::bigint[]) as v(id, journal_id)
    where d.id = v.id`.execute(db);
}

/** Queues deposits for a later day (the daily limit is used up). */
export async function markQueued(db: Executor, ids: readonly string[], now: Date) {
  if (ids.length === 0) return;
  await db
    .updateTable('chain_deposits')
    .set({ status: 'queued', note: 'daily_limit', updated_at: now })
    .where('id', 'in', [...ids])
    .execute();
}

export async function updateDeposit(db: Executor, id: string, changes: Updateable<ChainDepositsTable>): Promise<void> {
  await db.updateTable('chain_deposits').set(changes).where('id', '=', id).execute();
}

/** Changes the deposit only while it is confirming in this block; returns how many rows changed (0 or 1). */
export async function updateConfirmingDeposit(
  db: Executor,
  id: string,
  blockHash: string,
  changes: Updateable<ChainDepositsTable>,
): Promise<number> {
  const res = await db
    .updateTable('chain_deposits')
    .set(changes)
    .where('id', '=', id)
    .where('status', '=', 'confirming')
    .where('block_hash', '=', blockHash)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/**
 * Moves deposits to a final state without money, each only while it is confirming in the block it
 * was checked in (`blockHash`); returns how many rows changed.
 */
export async function settleConfirmingDeposits(
  db: Executor,
  rows: ReadonlyArray<{ id: string; blockHash: string }>,
  changes: { status: 'dropped' | 'unattributed'; note: string; updated_at: Date },
): Promise<number> {
  if (rows.length === 0) return 0;
  const res =
    await sql`update chain_deposits as d set status = ${changes.status}, note = ${changes.note}, updated_at = ${changes.updated_at}
    from unnest(${rows.map((r) => r.id)}::uuid[], ${rows.map((r) => r.blockHash)}::text[]) as v(id, block_hash)
    where d.id = v.id and d.status = 'confirming' and d.block_hash = v.block_hash`.execute(db);
  return Number(res.numAffectedRows ?? 0n);
}

/** Changes the deposit only while it is unattributed; returns how many rows changed (0 or 1). */
export async function updateUnattributedDeposit(db: Executor, id: string, changes: Updateable<ChainDepositsTable>): Promise<number> {
  const res = await db
    .updateTable('chain_deposits')
    .set(changes)
    .where('id', '=', id)
    .where('status', '=', 'unattributed')
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** A session-level advisory lock on this session, if free: true when taken. */
export async function tryAdvisoryLock(session: pg.Client, key: string): Promise<boolean> {
  const lock = await session.query<{ ok: boolean }>('select pg_try_advisory_lock(hashtext($1)) as ok', [key]);
  return Boolean(lock.rows[0]?.ok);
}

export async function advisoryUnlock(session: pg.Client, key: string): Promise<void> {
  await session.query('select pg_advisory_unlock(hashtext($1))', [key]);
}

/** Deposits credited to members, by the day they were credited and currency. */
export function dailyCreditedSums(db: Executor, range: DayRange) {
  return db
    .selectFrom('chain_deposits')
    .select([dayIndex('credited_at', range).as('day'), 'currency', sql<string>`sum(amount)::text`.as('amount')])
    .where('status', '=', 'credited')
    .where('credited_at', '>=', range.from)
    .where('credited_at', '<', rangeEnd(range))
    .groupBy([sql`1`, 'currency'])
    .execute();
}

export async function countInStatus(db: Executor, status: DepositStatus): Promise<number> {
  const row = await db
    .selectFrom('chain_deposits')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('status', '=', status)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every deposit seen, newest first, one page of them and how many match. */
export async function pageDeposits(db: Executor, status: DepositStatus | undefined, page: { offset: number; limit: number }) {
  let query = db.selectFrom('chain_deposits');
  if (status) query = query.where('status', '=', status);
  const [rows, total] = await Promise.all([
    query.selectAll().orderBy('detected_at', 'desc').orderBy('id', 'desc').offset(page.offset).limit(page.limit).execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}
