import type PgBoss from 'pg-boss';
import { createQueues } from '../../platform/jobs';
import type { PayoutDeps } from './deps';
import { fingerprintPayees } from './payee-fingerprint';
import { driveDueOrders, driveOrder, PAYOUT_ORDER_JOB } from './sending';
import { pruneDeliveries } from './webhook-deliveries';

const SWEEP_JOB = 'payout.sweep';
const FINGERPRINT_JOB = 'payout.fingerprint-payees';

/**
 * Flash exchange background work on pg-boss: an order's next step when it is due (sending.ts
 * schedules it), and a minutely sweep for orders left mid-way by a restart, a lost job or a lost
 * webhook, and for old webhook signatures; once at start, fingerprints of payees saved before they
 * were written (payee-fingerprint.ts).
 */
export async function startPayoutJobs(boss: PgBoss, deps: PayoutDeps): Promise<void> {
  await createQueues(boss, [PAYOUT_ORDER_JOB, SWEEP_JOB, FINGERPRINT_JOB]);
  await boss.work<{ id: string }>(PAYOUT_ORDER_JOB, { pollingIntervalSeconds: 1 }, async ([job]) => {
    if (job) await driveOrder(deps, job.data.id);
  });
  await boss.work(SWEEP_JOB, async () => {
    await driveDueOrders(deps);
    await pruneDeliveries(deps);
  });
  await boss.work(FINGERPRINT_JOB, async () => {
    await fingerprintPayees(deps);
  });
  await boss.schedule(SWEEP_JOB, '* * * * *', {}, { tz: 'UTC' });
  await boss.send(SWEEP_JOB, {});
  await boss.send(FINGERPRINT_JOB, {});
}
