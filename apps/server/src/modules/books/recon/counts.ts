import { RECON_SOURCES } from '@wallet/contract';
import type { Executor } from '../../../platform/db/database';

/** What the console's dashboard and the metrics count of the books: open breaks, and failed proof checks. */

export async function openBreakCount(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('recon_breaks')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('status', '=', 'open')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Open breaks per source, every source named (a source with none reads 0, not missing). */
export async function openBreaksBySource(db: Executor): Promise<Record<(typeof RECON_SOURCES)[number], number>> {
  const rows = await db
    .selectFrom('recon_breaks')
    .select(['source', (eb) => eb.fn.countAll<string>().as('n')])
    .where('status', '=', 'open')
    .groupBy('source')
    .execute();
  const counts = Object.fromEntries(RECON_SOURCES.map((source) => [source, 0])) as Record<(typeof RECON_SOURCES)[number], number>;
  for (const row of rows) counts[row.source] = Number(row.n);
  return counts;
}

/** Members' apps that found their proof wrong in the latest published snapshot; 0 before the first. */
export async function proofFailureCount(db: Executor): Promise<number> {
  const latest = await db
    .selectFrom('reserves_snapshots')
    .select('id')
    .where('status', '=', 'published')
    .orderBy('cutoff_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!latest) return 0;
  const row = await db
    .selectFrom('reserves_proof_checks')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('snapshot_id', '=', latest.id)
    .where('ok', '=', false)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether the latest finished run failed: an alert until a run completes. */
export async function latestRunFailed(db: Executor): Promise<boolean> {
  const row = await db
    .selectFrom('recon_runs')
    .select('status')
    .where('status', '!=', 'running')
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.status === 'failed';
}
