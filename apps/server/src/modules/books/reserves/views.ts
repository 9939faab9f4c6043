import { Decimal, type MyProofs, PADDING, type PublicSnapshot, saltToHex } from '@wallet/contract';
import type { Selectable } from 'kysely';
import type { Db } from '../../../platform/db/database';
import type { ReservesSnapshotsTable } from '../../../platform/db/schema-books';
import { describeDevice } from '../../../platform/device-description';
import { AppError } from '../../../platform/errors';
import { memberUidsSql } from '../../auth/service';
import { proofsOf } from './proofs';

/** What the public page, the member's proofs and the console read of the snapshots (issue 45). */

type Row = Selectable<ReservesSnapshotsTable>;

/** Per currency: owed (the tree's total), held (the reserves summed), and held / owed rounded down to 4 places. */
export function publicView(row: Row): PublicSnapshot {
  const held = new Map<string, Decimal>();
  for (const reserve of row.reserves) held.set(reserve.currency, (held.get(reserve.currency) ?? new Decimal(0)).plus(reserve.amount));
  const currencies = [...new Set([...Object.keys(row.trees), ...held.keys()])].sort();
  return {
    id: row.id,
    cutoffAt: row.cutoff_at.toISOString(),
    publishedAt: (row.published_at ?? row.created_at).toISOString(),
    lines: currencies.map((currency) => {
      const tree = row.trees[currency];
      const owed = new Decimal(tree?.total ?? 0);
      const reserves = held.get(currency) ?? new Decimal(0);
      return {
        currency,
        liabilities: owed.toFixed(),
        reserves: reserves.toFixed(),
        // Rounded down so the page never shows more cover than there is.
        ratio: owed.isZero() ? null : reserves.div(owed).toFixed(4, Decimal.ROUND_DOWN),
        // A currency held but owed to no one: the empty tree, whose root is the padding.
        root: tree?.root ?? saltToHex(PADDING.hash),
        leaves: tree?.leaves ?? 0,
      };
    }),
    reserves: row.reserves,
    openBreaks: row.open_breaks,
  };
}

const published = (db: Db) => db.selectFrom('reserves_snapshots').selectAll().where('status', '=', 'published');

export async function latestPublished(db: Db): Promise<Row | undefined> {
  return published(db).orderBy('cutoff_at', 'desc').limit(1).executeTakeFirst();
}

export async function publishedSnapshot(db: Db, id: string): Promise<PublicSnapshot> {
  const row = await published(db).where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('RESERVES_SNAPSHOT_NOT_FOUND');
  return publicView(row);
}

export async function latestPublicSnapshot(db: Db): Promise<PublicSnapshot> {
  const row = await latestPublished(db);
  if (!row) throw new AppError('RESERVES_SNAPSHOT_NOT_FOUND');
  return publicView(row);
}

export async function snapshotHistory(db: Db, page: { offset: number; limit: number }) {
  const rows = await published(db).orderBy('cutoff_at', 'desc').offset(page.offset).limit(page.limit).execute();
  const { total } = await db
    .selectFrom('reserves_snapshots')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('status', '=', 'published')
    .executeTakeFirstOrThrow();
  return {
    items: rows.map((row) => {
      const { id, cutoffAt, publishedAt, lines } = publicView(row);
      return { id, cutoffAt, publishedAt, lines };
    }),
    total: Number(total),
  };
}

export async function myProofs(db: Db, userId: string): Promise<MyProofs> {
  const row = await latestPublished(db);
  if (!row) return { snapshot: null, proofs: [], checked: {} };
  const checks = await db
    .selectFrom('reserves_proof_checks')
    .select(['currency', 'ok', 'at'])
    .where('snapshot_id', '=', row.id)
    .where('user_id', '=', userId)
    .execute();
  return {
    snapshot: { id: row.id, cutoffAt: row.cutoff_at.toISOString() },
    proofs: await proofsOf(db, row.id, userId),
    checked: Object.fromEntries(checks.map((check) => [check.currency, { ok: check.ok, at: check.at.toISOString() }])),
  };
}

/**
 * What the member's app found, per currency, for a snapshot it holds a proof in; the latest report
 * per currency stands. Only the device's short description is kept, never the raw user agent.
 */
export async function recordChecks(
  db: Db,
  userId: string,
  report: { snapshotId: string; results: Array<{ currency: string; ok: boolean; failure: string | null }> },
  userAgent: string | undefined,
): Promise<void> {
  const held = await db
    .selectFrom('reserves_leaves')
    .select('currency')
    .where('snapshot_id', '=', report.snapshotId)
    .where('user_id', '=', userId)
    .execute();
  const currencies = new Set(held.map((row) => row.currency));
  const results = report.results.filter((result) => currencies.has(result.currency));
  if (results.length === 0) throw new AppError('RESERVES_SNAPSHOT_NOT_FOUND');
  const device = describeDevice(userAgent) || null;
  await db
    .insertInto('reserves_proof_checks')
    .values(
      results.map((result) => ({
        snapshot_id: report.snapshotId,
        user_id: userId,
        currency: result.currency,
        ok: result.ok,
        failure: result.ok ? null : result.failure,
        user_agent: device,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['snapshot_id', 'user_id', 'currency']).doUpdateSet((eb) => ({
        ok: eb.ref('excluded.ok'),
        failure: eb.ref('excluded.failure'),
        user_agent: eb.ref('excluded.user_agent'),
        at: new Date(),
      })),
    )
    .execute();
}

export async function consoleSnapshots(db: Db, page: { offset: number; limit: number }) {
  const rows = await db
    .selectFrom('reserves_snapshots as s')
    .selectAll('s')
    .select((eb) =>
      eb
        .selectFrom('reserves_proof_checks as c')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('c.snapshot_id', '=', 's.id')
        .where('c.ok', '=', false)
        .as('failed_checks'),
    )
    .orderBy('s.created_at', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  const { total } = await db
    .selectFrom('reserves_snapshots')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return { items: rows.map(consoleView), total: Number(total) };
}

export function consoleView(row: Row & { failed_checks?: number | string | null }) {
  return {
    id: row.id,
    cutoffAt: row.cutoff_at.toISOString(),
    status: row.status,
    error: row.error,
    trees: row.trees,
    reserves: row.reserves,
    openBreaks: row.open_breaks,
    failedChecks: Number(row.failed_checks ?? 0),
    createdAt: row.created_at.toISOString(),
    publishedAt: row.published_at?.toISOString() ?? null,
  };
}

export async function proofFailures(db: Db, page: { offset: number; limit: number }) {
  const rows = await db
    .selectFrom('reserves_proof_checks as c')
    .innerJoin('reserves_snapshots as s', 's.id', 'c.snapshot_id')
    .innerJoin(memberUidsSql().as('u'), 'u.id', 'c.user_id')
    .select(['c.id', 'c.snapshot_id', 's.cutoff_at', 'u.uid', 'c.currency', 'c.failure', 'c.at'])
    .where('c.ok', '=', false)
    .orderBy('c.at', 'desc')
    .orderBy('c.id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  return {
    items: rows.map((row) => ({
      id: String(row.id),
      snapshotId: row.snapshot_id,
      cutoffAt: row.cutoff_at.toISOString(),
      uid: row.uid,
      currency: row.currency,
      failure: row.failure,
      at: row.at.toISOString(),
    })),
  };
}
