import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';

/**
 * pg-boss keeps the job queue in the same PostgreSQL (schema pgboss), so no other server is needed
 * and scheduled jobs run once across several API processes.
 */
export async function startJobs(connectionString: string, log: FastifyBaseLogger): Promise<PgBoss> {
  const boss = new PgBoss({ connectionString, max: 4, application_name: 'wallet-jobs' });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  await boss.start();
  return boss;
}

/** Waits for running jobs to finish (up to the timeout) before closing the queue's connections. */
export async function stopJobs(boss: PgBoss, timeoutMs: number): Promise<void> {
  await boss.stop({ graceful: true, timeout: timeoutMs, wait: true });
}
