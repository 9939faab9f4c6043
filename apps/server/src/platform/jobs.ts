import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import PgBoss from 'pg-boss';

/** Where each queue started by startJobs connects, for the lock createQueues takes. */
const databases = new WeakMap<PgBoss, string>();

/**
 * pg-boss keeps the job queue in the same PostgreSQL (schema pgboss), so no other server is needed
 * and scheduled jobs run once across several API processes.
 */
export async function startJobs(connectionString: string, log: FastifyBaseLogger): Promise<PgBoss> {
  const boss = new PgBoss({ connectionString, max: 4, application_name: 'wallet-jobs' });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  await boss.start();
  databases.set(boss, connectionString);
  return boss;
}

/** A queue a module works on: its name, or its name with pg-boss's options for it. */
export type QueueSpec = string | PgBoss.Queue;

/**
 * Makes the queues that are missing, one server at a time across the database. pg-boss 10's
 * create_queue inserts the queue's row, then creates its partition with a foreign key to the queue
 * table and attaches it to the job table, in one transaction. Two servers doing that at once (replicas
 * started together on a new database) deadlock, and the one PostgreSQL picks fails its start-up. A
 * session-level advisory lock on a connection of its own orders them; ending that session releases
 * the lock, whatever happened. When every queue exists, no lock is taken.
 */
export async function createQueues(boss: PgBoss, queues: readonly QueueSpec[]): Promise<void> {
  const wanted = queues.map((queue) => (typeof queue === 'string' ? { name: queue } : queue));
  const existing = new Set((await boss.getQueues()).map((queue) => queue.name));
  const missing = wanted.filter((queue) => !existing.has(queue.name));
  if (missing.length === 0) return;
  const connectionString = databases.get(boss);
  if (!connectionString) throw new Error('createQueues needs a job queue started by startJobs');
  const lock = new pg.Client({ connectionString, application_name: 'wallet-jobs-queues' });
  await lock.connect();
  try {
    await lock.query(`select pg_advisory_lock(hashtextextended('pgboss:create_queue', 0))`);
    // create_queue skips a queue another server made while this one waited for the lock.
    for (const queue of missing) await boss.createQueue(queue.name, queue);
  } finally {
    await lock.end();
  }
}

/** Waits for running jobs to finish (up to the timeout) before closing the queue's connections. */
export async function stopJobs(boss: PgBoss, timeoutMs: number): Promise<void> {
  await boss.stop({ graceful: true, timeout: timeoutMs, wait: true });
}
