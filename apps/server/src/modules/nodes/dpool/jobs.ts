import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Clock } from '../../../platform/clock';
import type { Db } from '../../../platform/db/database';
import { createQueues } from '../../../platform/jobs';
import { payRecordedPeriods } from './pay';

export const DPOOL_PAY_JOB = 'nodes.dpool_pay';

/**
 * The payment job: woken after a period's approval commits, and every five minutes (the schedule
 * lives in the database, so one process runs it) to catch a lost wake-up or a failed run. Stately:
 * a burst of wake-ups leaves one run waiting. Paying twice is impossible anyway (pay.ts).
 */
export async function registerDpoolJobs(boss: PgBoss, deps: { db: Db; clock: Clock; logger: FastifyBaseLogger }): Promise<() => void> {
  await createQueues(boss, [{ name: DPOOL_PAY_JOB, policy: 'stately' }]);
  await boss.work(DPOOL_PAY_JOB, { pollingIntervalSeconds: 1 }, async () => {
    const paid = await payRecordedPeriods(deps.db, () => deps.clock.now());
    if (paid > 0) deps.logger.info({ paid }, 'D-pool periods paid');
  });
  await boss.schedule(DPOOL_PAY_JOB, '*/5 * * * *', {}, { tz: 'UTC' });
  await boss.send(DPOOL_PAY_JOB, {});
  return () => {
    boss.send(DPOOL_PAY_JOB, {}).catch((error: unknown) => deps.logger.warn({ err: error }, 'nodes.dpool_pay not woken'));
  };
}
