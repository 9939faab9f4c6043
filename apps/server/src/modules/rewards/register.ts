import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Clock } from '../../platform/clock';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/database';
import type { Approvals } from '../approvals/service';
import { onSettingChanged } from '../operators/settings';
import { registerReviewRoutes } from './abuse/review-routes';
import { registerAgencyConsoleRoutes } from './console/register';
import { PROCESS_JOB, registerRewardJobs, releaseRewardsNow } from './engine';
import { onRewardEvents } from './events';
import { rewardMemberRoutes } from './member/routes';

export interface RewardsOptions {
  db: Db;
  clock: Clock;
  approvals: Approvals;
  jobs: PgBoss | undefined;
  logger: FastifyBaseLogger;
  config: Config;
}

/**
 * The invitation and agency programme for app.ts (issue 43, ADR 0035): the members' routes, the
 * console's (agency, reviews), and with a job queue the engine's jobs, woken after commit by every
 * reward event written and by a change of the holding window.
 */
export async function registerRewards(app: FastifyInstance, options: RewardsOptions): Promise<void> {
  const { db, clock, approvals, jobs, logger } = options;
  await app.register(rewardMemberRoutes, { deps: { db, clock, appUrl: options.config.APP_URL } });
  await registerReviewRoutes(app, { db, clock });
  await registerAgencyConsoleRoutes(app, { db, clock, approvals });
  if (!jobs) return;
  await registerRewardJobs(jobs, { db, clock, log: logger });
  const wake = coalesced(() =>
    jobs.send(PROCESS_JOB, {}).catch((error: unknown) => logger.warn({ err: error }, 'rewards.process not woken')),
  );
  const stopHearing = [
    onRewardEvents(wake),
    onSettingChanged((key) => {
      if (key === 'rewards.holding_days')
        releaseRewardsNow(jobs).catch((error: unknown) => logger.warn({ err: error }, 'rewards.release not woken'));
    }),
  ];
  app.addHook('onClose', async () => {
    for (const stop of stopHearing) stop();
  });
}

/**
 * One wake-up for a burst: a thousand card events committed in a second send one job, not a
 * thousand (the queue holds one waiting job anyway; this saves the round trips).
 */
function coalesced(send: () => Promise<unknown>): () => void {
  let scheduled = false;
  return () => {
    if (scheduled) return;
    scheduled = true;
    setTimeout(() => {
      scheduled = false;
      void send();
    }, 50).unref();
  };
}
