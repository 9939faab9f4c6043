import { randomBytes } from 'node:crypto';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database';
import { createQueues, startJobs, stopJobs } from './jobs';
import { createLogger } from './logger';

// Two servers on one new database, as replicas started together: no pgboss schema, no queues yet.
let database: TestDatabase;
let servers: PgBoss[];
beforeAll(async () => {
  database = await createTestDatabase({ migrate: false });
  const log = createLogger('silent');
  servers = await Promise.all([startJobs(database.handle.directUrl, log), startJobs(database.handle.directUrl, log)]);
});
afterAll(async () => {
  await Promise.all((servers ?? []).map((boss) => stopJobs(boss, 5000)));
  await database?.drop();
});

const names = (count: number) => Array.from({ length: count }, (_, i) => `test.${randomBytes(4).toString('hex')}.${i}`);

async function queueRows(wanted: string[]) {
  const { rows } = await database.handle.pool.query<{ name: string; policy: string }>(
    'select name, policy from pgboss.queue where name = any($1) order by name',
    [wanted],
  );
  return rows;
}

it('creates the same new queues from two servers at once, each once, without a deadlock', async () => {
  // pg-boss's own create_queue, run like this, deadlocked in some rounds (PostgreSQL 40P01).
  for (let round = 0; round < 5; round++) {
    const wanted = names(6);
    const specs = [...wanted.slice(0, 5), { name: wanted[5] as string, policy: 'stately' as const }];
    await Promise.all(servers.map((boss) => createQueues(boss, specs)));
    const rows = await queueRows(wanted);
    expect(rows.map((row) => row.name)).toEqual([...wanted].sort());
    expect(rows.find((row) => row.name === wanted[5])?.policy).toBe('stately');
  }
});

it('takes no lock when every queue exists, and waits for it when one is missing', async () => {
  const [first] = servers as [PgBoss];
  const [made, later] = names(2) as [string, string];
  await createQueues(first, [made]);
  const holder = new pg.Client({ connectionString: database.url });
  await holder.connect();
  try {
    await holder.query(`select pg_advisory_lock(hashtextextended('pgboss:create_queue', 0))`);
    // Nothing to make: done while another server holds the lock.
    await createQueues(first, [made]);
    let finished = false;
    const waiting = createQueues(first, [made, later]).then(() => {
      finished = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(finished).toBe(false);
    expect(await queueRows([later])).toEqual([]);
    await holder.query(`select pg_advisory_unlock(hashtextextended('pgboss:create_queue', 0))`);
    await waiting;
    expect((await queueRows([made, later])).map((row) => row.name)).toEqual([made, later].sort());
  } finally {
    await holder.end();
  }
});

it('refuses a queue it cannot lock for', async () => {
  const foreign = new PgBoss({ connectionString: database.url, max: 1 });
  await foreign.start();
  try {
    await expect(createQueues(foreign, names(1))).rejects.toThrow('createQueues needs a job queue started by startJobs');
  } finally {
    await foreign.stop({ graceful: true, wait: true, timeout: 5000 });
  }
});
