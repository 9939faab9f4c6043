import type PgBoss from 'pg-boss';
import type { CardDeps } from './deps';
import { chargeMonthlyFees, MONTHLY_FEE_CRON, MONTHLY_FEE_JOB } from './monthly-fee';
import { failOpening, OPEN_CARD_JOB, runOpening, sweepStaleOpenings } from './opening';
import { pruneWebhookDeliveries } from './webhook-routes';

const SWEEP_JOB = 'cards.sweep';

/**
 * Card background work on pg-boss: opening (retried, and refunded when the last try fails), the
 * monthly fee (daily schedule, charges each card once a month) and a minutely sweep (openings past
 * their 5 minutes, old webhook signatures). Schedules live in the database, so one process runs each.
 */
export async function startCardJobs(boss: PgBoss, deps: CardDeps): Promise<void> {
  for (const name of [OPEN_CARD_JOB, MONTHLY_FEE_JOB, SWEEP_JOB]) await boss.createQueue(name);
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
    await pruneWebhookDeliveries(deps);
  });
  await boss.schedule(MONTHLY_FEE_JOB, MONTHLY_FEE_CRON, {}, { tz: 'UTC' });
  await boss.schedule(SWEEP_JOB, '* * * * *', {}, { tz: 'UTC' });
}
