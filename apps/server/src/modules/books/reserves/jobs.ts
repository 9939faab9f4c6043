import type PgBoss from 'pg-boss';
import type { Clock } from '../../../platform/clock';
import { createQueues } from '../../../platform/jobs';
import { readSetting } from '../../operators/settings';
import { buildSnapshot, type SnapshotDeps } from './snapshot';

export const RESERVES_SNAPSHOT_JOB = 'books.reserves_snapshot';

/** The latest daily cut-off at or before now: today at the hour (UTC), or yesterday's when that hour has not come. */
export function dueCutoff(now: Date, hour: number): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hour);
  return new Date(today <= now.getTime() ? today : today - 86_400_000);
}

/**
 * The daily snapshot at `books.snapshot_hour` (UTC). Checked every five minutes rather than scheduled
 * at the hour, so a process that was down at the hour catches up; the cut-off's unique row makes a
 * second check (or a second process) do nothing. A snapshot that failed stays failed for its cut-off:
 * an operator builds one from the console.
 */
export async function startReservesJob(jobs: PgBoss, deps: SnapshotDeps & { clock: Clock }): Promise<void> {
  await createQueues(jobs, [{ name: RESERVES_SNAPSHOT_JOB, policy: 'stately' }]);
  await jobs.work(RESERVES_SNAPSHOT_JOB, async () => {
    await snapshotIfDue(deps);
  });
  await jobs.schedule(RESERVES_SNAPSHOT_JOB, '*/5 * * * *', {}, { tz: 'UTC' });
}

export async function snapshotIfDue(deps: SnapshotDeps & { clock: Clock }): Promise<void> {
  const now = deps.clock.now();
  const cutoffAt = dueCutoff(now, Number(await readSetting(deps.db, 'books.snapshot_hour')));
  const exists = await deps.db.selectFrom('reserves_snapshots').select('id').where('cutoff_at', '=', cutoffAt).executeTakeFirst();
  if (exists) return;
  try {
    await buildSnapshot({ ...deps, now: () => deps.clock.now() }, { cutoffAt });
  } catch (error) {
    // Another snapshot (an operator's) is building: the next check takes this cut-off.
    if ((error as { code?: string }).code === 'RESERVES_SNAPSHOT_IN_PROGRESS') return;
    throw error;
  }
}
