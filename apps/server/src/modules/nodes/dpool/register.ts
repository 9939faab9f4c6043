import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Clock } from '../../../platform/clock';
import type { Db } from '../../../platform/db/database';
import type { Approvals } from '../../approvals/service';
import { registerDpoolJobs } from './jobs';
import { defineDpoolPeriodKind } from './record';
import { dpoolAdminRoutes, dpoolMemberRoutes } from './routes';

export interface DpoolOptions {
  db: Db;
  clock: Clock;
  approvals: Approvals;
  jobs: PgBoss | undefined;
  logger: FastifyBaseLogger;
}

/**
 * The D-pool node reward for app.ts (issue 44): the four-eyes kind that records a period, the
 * console's and the member's routes, and with a job queue the payment job (without one, as in tests
 * that pay by hand, recorded periods wait for payRecordedPeriods).
 */
export async function registerDpool(app: FastifyInstance, options: DpoolOptions): Promise<void> {
  const { db, clock, approvals, jobs, logger } = options;
  const wake = jobs ? await registerDpoolJobs(jobs, { db, clock, logger }) : () => {};
  defineDpoolPeriodKind(approvals, { clock, wakePayment: wake });
  await app.register(dpoolAdminRoutes, { deps: { db, clock, approvals } });
  await app.register(dpoolMemberRoutes, { deps: { db, clock } });
}
