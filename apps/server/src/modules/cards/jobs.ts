import type PgBoss from 'pg-boss';
import { createQueues } from '../../platform/jobs';
import type { CardDeps } from './deps';
import { chargeMonthlyFees, MONTHLY_FEE_CRON, MONTHLY_FEE_JOB } from './funding/monthly-fee';
import { CARD_OPERATION_JOB, driveDueOperations, driveOperation } from './funding/operations';
import { payoutOf } from './funding/service';
import { failOpening, OPEN_CARD_JOB, runOpening, sweepStaleOpenings } from './opening/service';
import { pruneWebhookDeliveries } from './webhooks/service';

const SWEEP_JOB = 'cards.sweep';

/**
 * Card background work on pg-boss: opening (retried, and refunded when the last try fails), the
 * monthly fee (daily schedule, charges each card once a month) and a minutely sweep (openings past
 * their 5 minutes, old webhook signatures, card loads and unloads due a step). Schedules live in the database, so one process runs each.
 */
export async function startCardJobs(boss: PgBoss, deps: CardDeps): Promise<void> {
  await createQueues(boss, [OPEN_CARD_JOB, MONTHLY_FEE_JOB, SWEEP_JOB, CARD_OPERATION_JOB]);
  const payout = payoutOf(deps);
  // A retry of a load or unload whose outcome stayed unknown (funding/operations.ts schedules it).
  await boss.work<{ id: string }>(CARD_OPERATION_JOB, { pollingIntervalSeconds: 1 }, async ([job]) => {
    if (job) await driveOperation(deps, job.data.id, payout);
  });
  await boss.work<{ cardId: string }>(OPEN_CARD_JOB, { includeMetadata: true, pollingIntervalSeconds: 0.5 }, async ([job]) => {
    if (!job) return;
    try {
      await runOpening(deps, job.data.cardId);
    } catch (error) {
      if (job.retryCount >= job.retryLimit) {
        deps.log.warn({ err: error, cardId: job.data.cardId }, 'card opening gave up');
        await failOpening(deps, job.data.cardId, 'issuer_unreachable');
        return;
      }
      throw error;
    }
  });
  await boss.work(MONTHLY_FEE_JOB, async () => {
    const result = await chargeMonthlyFees(deps);
    deps.log.info(result, 'monthly card fees');
  });
  await boss.work(SWEEP_JOB, async () => {
    await sweepStaleOpenings(deps);
    // Operations left mid-way by a restart or a lost job: each resumes where its row says it stands.
    await driveDueOperations(deps, payout);
    await pruneWebhookDeliveries(deps);
  });
  await boss.schedule(MONTHLY_FEE_JOB, MONTHLY_FEE_CRON, {}, { tz: 'UTC' });
  await boss.schedule(SWEEP_JOB, '* * * * *', {}, { tz: 'UTC' });
  // At start too: a load cut off by the last shutdown should not wait for the first sweep.
  await boss.send(SWEEP_JOB, {});
}
