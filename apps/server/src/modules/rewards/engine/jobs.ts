import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import { afterCommit } from '../../../platform/db/after-commit';
import type { Executor } from '../../../platform/db/database';
import { createQueues } from '../../../platform/jobs';
import type { EngineDeps } from './deps';
import { processRewardEvents } from './process';
import { releaseDueRewards } from './release';

export const PROCESS_JOB = 'rewards.process';
export const RELEASE_JOB = 'rewards.release';
const BATCH = 1000;

export type RewardJobDeps = EngineDeps & { log: FastifyBaseLogger };

/**
 * The engine's background work on pg-boss: `rewards.process` turns waiting events into rewards and
 * `rewards.release` releases due rewards. Both queues are "stately" (at most one job waiting and one
 * running): a burst of nudges while one runs leaves one more run, not one per event. Both run every
 * minute too (the schedule lives in the database, so one process runs each), which catches an event
 * whose nudge was lost, and once at start. Each run works until nothing is left.
 */
export async function registerRewardJobs(boss: PgBoss, deps: RewardJobDeps): Promise<void> {
  await createQueues(boss, [
    { name: PROCESS_JOB, policy: 'stately' },
    { name: RELEASE_JOB, policy: 'stately' },
  ]);
  await boss.work(PROCESS_JOB, { pollingIntervalSeconds: 1 }, async () => {
    const processed = await processAll(deps);
    // Rewards of a zero-day window are due at once: release them in the same wake-up.
    if (processed > 0) await boss.send(RELEASE_JOB, {});
  });
  await boss.work(RELEASE_JOB, { pollingIntervalSeconds: 1 }, async () => {
    const released = await releaseDueRewards(deps);
    if (released > 0) deps.log.info({ released }, 'rewards released');
  });
  await boss.schedule(PROCESS_JOB, '* * * * *', {}, { tz: 'UTC' });
  await boss.schedule(RELEASE_JOB, '* * * * *', {}, { tz: 'UTC' });
  await boss.send(PROCESS_JOB, {});
  await boss.send(RELEASE_JOB, {});
}

/** Processes batches until none is left (or another worker holds the processing lock and carries on). */
export async function processAll(deps: EngineDeps, limit = BATCH): Promise<number> {
  let total = 0;
  for (;;) {
    const processed = await processRewardEvents(deps, { limit });
    total += processed;
    if (processed === 0) return total;
  }
}

/**
 * For the writers of reward events (recordRewardEvent): wakes the processor once the writer's
 * transaction has committed, so the event is there when it looks. Without a queue (tests that
 * process by hand) it does nothing: the minutely schedule is the queue's, and so is the nudge.
 */
export function nudgeRewards(trx: Executor, jobs: PgBoss | null | undefined, log?: FastifyBaseLogger): void {
  if (!jobs) return;
  afterCommit(trx, () => {
    jobs.send(PROCESS_JOB, {}).catch((error: unknown) => log?.warn({ err: error }, 'rewards.process not nudged'));
  });
}

/** For the holding-window setting: releases what the new window makes due now rather than at the next minute. */
export async function releaseRewardsNow(jobs: PgBoss | null | undefined): Promise<void> {
  if (jobs) await jobs.send(RELEASE_JOB, {});
}
