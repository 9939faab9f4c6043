import { Decimal } from '@wallet/contract';
import { sql } from 'kysely';
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { waitFor } from '../../../../test/cards';
import { createTestDatabase, type TestDatabase } from '../../../../test/database';
import { makeUser, wallet } from '../../../../test/ledger-fixtures';
import { systemClock } from '../../../platform/clock';
import { startJobs, stopJobs } from '../../../platform/jobs';
import { createLogger } from '../../../platform/logger';
import { balanceOf } from '../../ledger';
import { registerDpoolJobs } from './jobs';
import { recordPeriod } from './record';

// The payment as the server runs it: a pg-boss worker woken after the period is recorded.
let database: TestDatabase;
let boss: PgBoss;
let wake: () => void;

beforeAll(async () => {
  database = await createTestDatabase();
  boss = await startJobs(database.handle.directUrl, createLogger('silent'));
  wake = await registerDpoolJobs(boss, { db: database.handle.db, clock: systemClock, logger: createLogger('silent') });
});
afterAll(async () => {
  if (boss) await stopJobs(boss, 5000);
  await database?.drop();
});

it('pays a recorded period once when woken, however many wake-ups', { timeout: 60_000 }, async () => {
  const db = database.handle.db;
  const holder = await makeUser(db);
  await sql`insert into node_holdings (user_id, large) values (${holder}::uuid, 2)`.execute(db);
  const { periodId } = await db
    .transaction()
    .execute((trx) => recordPeriod(trx, null, { period: '2026-W49', dpoolTotal: '250', note: 'job test' }, new Date()));
  for (let i = 0; i < 5; i += 1) wake();
  const period = await waitFor(
    () => db.selectFrom('dpool_periods').select(['status', 'paid_total']).where('id', '=', periodId).executeTakeFirstOrThrow(),
    (row) => row.status === 'paid',
  );
  expect(new Decimal(period.paid_total as string).toFixed()).toBe('2.5');
  // Whatever the other wake-ups still run finds nothing to pay.
  await waitFor(
    async () =>
      (
        await database.handle.pool.query<{ n: number }>(
          `select count(*)::int as n from pgboss.job where name = 'nodes.dpool_pay' and state in ('created', 'retry', 'active')`,
        )
      ).rows[0]?.n,
    (n) => n === 0,
  );
  expect(await balanceOf(db, await wallet(db, holder, 'SBC'))).toMatch(/^2\.50*$/);
});
