import { randomBytes, randomFillSync } from 'node:crypto';
import { type Currency, fromUnits, isCurrency, leafNode, saltToHex, toUnits } from '@wallet/contract';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Transaction } from 'kysely';
import type { Db } from '../../../platform/db/database';
import type { Database } from '../../../platform/db/schema';
import type { SnapshotReserve, SnapshotTree } from '../../../platform/db/schema-books';
import { AppError } from '../../../platform/errors';
import { memberUidsSql } from '../../auth/service';
import { memberTotalsSql } from '../../ledger';
import type { BooksSource } from '../source';
import { buildPackedLevels, NODE_BYTES, nodeSha256, putNode, unpackNode } from './packing';

/**
 * A proof-of-reserves snapshot (issue 45, ADR 0037): what every member is owed per currency, read at
 * one point, committed in one Merkle sum tree per currency; what the platform holds at the cut-off,
 * from each source; and the reconciliation breaks open at the time. Leaves and levels are stored so a
 * member's proof is read later from one leaf row and one sibling per level.
 */

export interface SnapshotDeps {
  db: Db;
  sources: readonly BooksSource[];
  logger: FastifyBaseLogger;
  now?: () => Date;
}

export interface SnapshotRow {
  id: string;
  cutoff_at: Date;
  status: 'building' | 'published' | 'failed';
  trees: Record<string, SnapshotTree>;
  reserves: SnapshotReserve[];
  open_breaks: Record<string, number>;
  error: string | null;
  created_at: Date;
  published_at: Date | null;
}

const BATCH = 20_000;
const SALT = 32;
/** A build never takes this long (1,000,000 members take well under a minute): its process died. */
const ABANDONED_AFTER_MS = 60 * 60 * 1000;
const LOCK = sql`pg_advisory_xact_lock(hashtextextended('reserves:snapshot', 0))`;

/**
 * Takes the one building place: refused while another snapshot builds; for a cut-off that already
 * has a snapshot (a second worker, a catch-up run twice) it answers null and nothing is built.
 */
export async function beginSnapshot(
  db: Db,
  cutoffAt: Date,
  now = new Date(),
  /** Written in the same transaction as the snapshot's row (the operator's audit). */
  alongside?: (trx: Transaction<Database>, snapshot: SnapshotRow) => Promise<void>,
): Promise<SnapshotRow | null> {
  return db.transaction().execute(async (trx) => {
    await sql`select ${LOCK}`.execute(trx);
    await trx
      .updateTable('reserves_snapshots')
      .set({ status: 'failed', error: 'abandoned: the building process stopped' })
      .where('status', '=', 'building')
      .where('created_at', '<', new Date(now.getTime() - ABANDONED_AFTER_MS))
      .execute();
    const same = await trx.selectFrom('reserves_snapshots').select('id').where('cutoff_at', '=', cutoffAt).executeTakeFirst();
    if (same) return null;
    const building = await trx.selectFrom('reserves_snapshots').select('id').where('status', '=', 'building').executeTakeFirst();
    if (building) throw new AppError('RESERVES_SNAPSHOT_IN_PROGRESS', { snapshotId: building.id });
    const snapshot = (await trx
      .insertInto('reserves_snapshots')
      .values({ cutoff_at: cutoffAt })
      .returningAll()
      .executeTakeFirstOrThrow()) as SnapshotRow;
    await alongside?.(trx, snapshot);
    return snapshot;
  });
}

/** Builds and publishes a snapshot begun by beginSnapshot; a failure marks it failed (with why) and throws. */
export async function completeSnapshot(deps: SnapshotDeps, snapshot: SnapshotRow): Promise<SnapshotRow> {
  const { db } = deps;
  try {
    // Outside every transaction: each source reads the outside world.
    const reserves: SnapshotReserve[] = [];
    for (const source of deps.sources) reserves.push(...(await source.reserves({ db, cutoffAt: snapshot.cutoff_at })));
    const openBreaks = await openBreaksBySource(db);
    const timings: Record<string, number> = {};
    const trees = await writeTrees(db, snapshot.id, timings);
    const published = await db
      .updateTable('reserves_snapshots')
      .set({
        status: 'published',
        trees: JSON.stringify(trees),
        reserves: JSON.stringify(reserves),
        open_breaks: JSON.stringify(openBreaks),
        published_at: (deps.now ?? (() => new Date()))(),
      })
      .where('id', '=', snapshot.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    deps.logger.info({ snapshotId: snapshot.id, trees: Object.keys(trees).length, timings }, 'reserves snapshot published');
    return published as SnapshotRow;
  } catch (error) {
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    await db.deleteFrom('reserves_leaves').where('snapshot_id', '=', snapshot.id).execute();
    await db.deleteFrom('reserves_levels').where('snapshot_id', '=', snapshot.id).execute();
    await db
      .updateTable('reserves_snapshots')
      .set({ status: 'failed', error: message.slice(0, 2000) })
      .where('id', '=', snapshot.id)
      .execute();
    deps.logger.error({ err: error, snapshotId: snapshot.id }, 'reserves snapshot failed');
    throw error;
  }
}

/** Begins and completes a snapshot at the cut-off; null when that cut-off already has one. */
export async function buildSnapshot(deps: SnapshotDeps, { cutoffAt }: { cutoffAt: Date }): Promise<SnapshotRow | null> {
  const snapshot = await beginSnapshot(deps.db, cutoffAt, deps.now?.());
  return snapshot ? completeSnapshot(deps, snapshot) : null;
}

async function openBreaksBySource(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('recon_breaks')
    .select(['source', sql<number>`count(*)::int`.as('open')])
    .where('status', '=', 'open')
    .groupBy('source')
    .execute();
  const counts: Record<string, number> = { chain: 0, issuer: 0, payout: 0 };
  for (const row of rows) counts[row.source] = row.open;
  return counts;
}

interface Building {
  currency: Currency;
  /** Where the n-th member read goes in the tree: a random permutation, so an index says nothing of sign-up order. */
  order: Uint32Array;
  next: number;
  /** Level 0, packed as stored: an object per leaf would leave a million-leaf build to the garbage collector. */
  leaves: Buffer;
}

/**
 * Reads every member total through a cursor in one REPEATABLE READ read-only transaction (one point in
 * time for all currencies), turns each batch into leaves and writes it while the next batch is read,
 * then builds each currency's levels and writes them packed.
 */
async function writeTrees(db: Db, snapshotId: string, timings: Record<string, number>): Promise<Record<string, SnapshotTree>> {
  let mark = performance.now();
  const lap = (phase: string) => {
    const now = performance.now();
    timings[phase] = (timings[phase] ?? 0) + Math.round(now - mark);
    mark = now;
  };
  const building = new Map<string, Building>();
  await db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      const counts = await sql<{ currency: string; members: number }>`
        select currency, count(*)::int as members from (${memberTotalsSql()}) t group by currency`.execute(trx);
      for (const { currency, members } of counts.rows) {
        if (!isCurrency(currency)) throw new Error(`reserves: members hold ${currency}, which the contract does not know`);
        building.set(currency, { currency, order: randomPermutation(members), next: 0, leaves: Buffer.alloc(members * NODE_BYTES) });
      }
      lap('countMs');
      // Every row is read, in no particular order (each leaf's place is the permutation's): plan the
      // cursor for all of them (hash join and hash aggregate, in memory) rather than for the first tenth.
      await sql`set local cursor_tuple_fraction = 1`.execute(trx);
      await sql`set local work_mem = '64MB'`.execute(trx);
      await sql`declare reserves_totals no scroll cursor for
        select t.user_id, u.uid, t.currency, t.total
        from (${memberTotalsSql()}) t join ${memberUidsSql()} u on u.id = t.user_id`.execute(trx);
      const fetch = () => sql<TotalRow>`fetch forward ${sql.lit(BATCH)} from reserves_totals`.execute(trx).then((result) => result.rows);
      // A batch is hashed while the one before it is written (PostgreSQL works on it meanwhile).
      let writing: Promise<void> = Promise.resolve();
      for (let batch = await fetch(); batch.length > 0; batch = await fetch()) {
        lap('readLeavesMs');
        const rows = commitLeaves(building, batch);
        lap('hashLeavesMs');
        await writing;
        lap('writeLeavesMs');
        writing = insertLeaves(db, snapshotId, rows);
      }
      await writing;
      lap('writeLeavesMs');
    });
  const trees: Record<string, SnapshotTree> = {};
  for (const tree of building.values()) {
    if (tree.next !== tree.order.length) throw new Error(`reserves: ${tree.currency} read ${tree.next} of ${tree.order.length} members`);
    const levels = buildPackedLevels(tree.leaves);
    lap('buildLevelsMs');
    for (const [level, nodes] of levels.entries()) {
      await db
        .insertInto('reserves_levels')
        .values({ snapshot_id: snapshotId, currency: tree.currency, level, node_count: nodes.length / NODE_BYTES, nodes })
        .execute();
    }
    lap('writeLevelsMs');
    const root = unpackNode(levels[levels.length - 1] as Buffer);
    trees[tree.currency] = {
      root: saltToHex(root.hash),
      units: root.sum.toString(),
      total: fromUnits(root.sum, tree.currency),
      leaves: tree.order.length,
      depth: levels.length - 1,
    };
  }
  return trees;
}

interface TotalRow {
  user_id: string;
  uid: string;
  currency: string;
  total: string;
}

interface LeafRows {
  currency: string[];
  userId: string[];
  index: number[];
  salt: Buffer[];
  units: string[];
}

function commitLeaves(building: Map<string, Building>, rows: TotalRow[]): LeafRows {
  const salts = randomBytes(rows.length * SALT);
  const out: LeafRows = { currency: [], userId: [], index: [], salt: [], units: [] };
  for (const [k, row] of rows.entries()) {
    const tree = building.get(row.currency);
    if (!tree) throw new Error(`reserves: ${row.currency} appeared after the count`);
    if (row.total.startsWith('-'))
      throw new Error(`reserves: a member's ${row.currency} total is negative (${row.total}); the ledger forbids it`);
    const units = toUnits(row.total, tree.currency);
    const salt = salts.subarray(k * SALT, (k + 1) * SALT);
    const index = tree.order[tree.next++] as number;
    putNode(tree.leaves, index, leafNode({ uid: row.uid, currency: tree.currency, units, salt }, nodeSha256));
    out.currency.push(tree.currency);
    out.userId.push(row.user_id);
    out.index.push(index);
    out.salt.push(salt);
    out.units.push(units.toString());
  }
  return out;
}

async function insertLeaves(db: Db, snapshotId: string, rows: LeafRows): Promise<void> {
  await sql`insert into reserves_leaves (snapshot_id, currency, user_id, leaf_index, salt, units)
    select ${snapshotId}::uuid, currency, user_id, leaf_index, salt, units
    from unnest(${rows.currency}::text[], ${rows.userId}::uuid[], ${rows.index}::int[], ${rows.salt}::bytea[], ${rows.units}::numeric[])
      as v(currency, user_id, leaf_index, salt, units)`.execute(db);
}

/** Fisher–Yates over crypto randomness, 53 bits a draw so the modulo bias is negligible. */
function randomPermutation(n: number): Uint32Array {
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  const random = new Uint32Array(Math.max(0, 2 * (n - 1)));
  randomFillSync(random);
  for (let i = n - 1, r = 0; i > 0; i--, r += 2) {
    const draw = ((random[r] as number) & 0x1fffff) * 2 ** 32 + (random[r + 1] as number);
    const j = draw % (i + 1);
    const swap = order[i] as number;
    order[i] = order[j] as number;
    order[j] = swap;
  }
  return order;
}
