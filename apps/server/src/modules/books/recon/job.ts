import type PgBoss from 'pg-boss';
import { AppError } from '../../../platform/errors';
import { createQueues } from '../../../platform/jobs';
import { readSetting } from '../../operators/settings';
import { type ReconDeps, reconcile } from './run';

export const RECON_JOB = 'books.recon';
const DAY_MS = 86_400_000;

/** The latest daily cut-off at or before `now`: today's at `hour` UTC, or yesterday's before that hour. */
export function latestCutoff(now: Date, hour: number): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hour);
  return new Date(today <= now.getTime() ? today : today - DAY_MS);
}

/**
 * Runs the day's scheduled reconciliation once its cut-off has passed. Woken every five minutes (the
 * schedule lives in the database, so one process runs it) rather than once at the hour: a run missed
 * by a restart, refused while an operator's ran, or after a change of books.recon_hour still happens.
 * Once per cut-off whatever the wake-ups: recon_runs_scheduled_once.
 */
export async function runScheduled(deps: ReconDeps): Promise<void> {
  const hour = Number(await readSetting(deps.db, 'books.recon_hour'));
  const cutoffAt = latestCutoff(deps.clock.now(), hour);
  try {
    const run = await reconcile(deps, { trigger: 'schedule', cutoffAt });
    if (run?.status === 'failed')
      deps.logger.error({ runId: run.id, errorSource: run.error_source, error: run.error }, 'scheduled reconciliation failed');
  } catch (error) {
    // Another run is going on: the next wake-up tries this cut-off again.
    if (error instanceof AppError && error.code === 'BOOKS_RUN_IN_PROGRESS')
      deps.logger.info({ cutoffAt }, 'scheduled reconciliation waits for a run going on');
    else throw error;
  }
}

export async function startReconJob(boss: PgBoss, deps: ReconDeps): Promise<void> {
  await createQueues(boss, [{ name: RECON_JOB, policy: 'stately' }]);
  await boss.work(RECON_JOB, { pollingIntervalSeconds: 5 }, () => runScheduled(deps));
  await boss.schedule(RECON_JOB, '*/5 * * * *', {}, { tz: 'UTC' });
}
