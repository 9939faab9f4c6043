import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Registry } from 'prom-client';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import type { Approvals } from '../approvals/service';
import { BackgroundWork } from './background';
import { defineBookingKind } from './recon/booking';
import { startReconJob } from './recon/job';
import { registerReconMetrics } from './recon/metrics';
import { reconRoutes } from './recon/routes';
import type { ReconDeps } from './recon/run';
import { startReservesJob } from './reserves/jobs';
import { reservesRoutes } from './reserves/routes';
import type { BooksSource } from './source';

export { reconcile } from './recon/run';

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves once the runs and snapshots operators started have finished (tests wait on it). */
    booksSettled(): Promise<void>;
  }
}

export interface BooksOptions {
  db: Db;
  clock: Clock;
  logger: FastifyBaseLogger;
  approvals: Approvals;
  /** Without a job queue (tests), runs start from the console or by reconcile(). */
  jobs?: PgBoss | null | undefined;
  /** The app's Prometheus registry (registerMetrics' answer); without it, no books metrics. */
  metrics?: Registry | null | undefined;
  sources: BooksSource[];
}

/**
 * The books for app.ts (issue 45, ADR 0037): reconciliation (the booking approval kind, the console's
 * routes, the daily job and the metrics) and proof of reserves.
 */
export async function registerBooks(app: FastifyInstance, options: BooksOptions): Promise<ReconDeps> {
  const { db, clock, logger, approvals, jobs, metrics, sources } = options;
  const deps: ReconDeps = { db, clock, logger, sources };
  defineBookingKind(approvals, { clock });
  const background = new BackgroundWork();
  app.decorate('booksSettled', () => background.settled());
  // Before the database closes: a run or snapshot an operator started finishes rather than being abandoned.
  app.addHook('onClose', () => background.settled());
  await app.register(reconRoutes, { deps, approvals, background });
  if (metrics) registerReconMetrics(metrics, db);
  if (jobs) await startReconJob(jobs, deps);
  // Proof of reserves: the public page, the member's proofs, the console's snapshots, the daily job.
  const reserves = { db, sources, logger, clock };
  await app.register(reservesRoutes, { deps: reserves, background });
  if (jobs) await startReservesJob(jobs, reserves);
  return deps;
}
