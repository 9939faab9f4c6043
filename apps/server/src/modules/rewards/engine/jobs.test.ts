import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../test/database';
import { member, setHoldingDays, walletOf } from '../../../../test/reward-engine';
import { systemClock } from '../../../platform/clock';
import { startJobs, stopJobs } from '../../../platform/jobs';
import { createLogger } from '../../../platform/logger';
import { recordRewardEvent } from '../events';
import { nudgeRewards, registerRewardJobs } from '.';

// The engine as the server runs it: pg-boss workers woken by the writer's nudge after its commit.
let database: TestDatabase;
let boss: PgBoss;

beforeAll(async () => {
  database = await createTestDatabase();
  boss = await startJobs(database.handle.directUrl, createLogger('silent'));
  await registerRewardJobs(boss, { db: database.handle.db, clock: systemClock, log: createLogger('silent') });
});
afterAll(async () => {
  if (boss) await stopJobs(boss, 5000);
  await database?.drop();
});

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`not reached within ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

it('processes an event nudged after its commit and releases it when the window is zero', { timeout: 60_000 }, async () => {
  const db = database.handle.db;
  await setHoldingDays(db, 0);
  // The runs sent at start over first, so what processes the event below is its nudge (or, rarely, the minutely schedule).
  await until(
    async () =>
      (
        await database.handle.pool.query<{ n: number }>(
          `select count(*)::int as n from pgboss.job where name like 'rewards.%' and state in ('created', 'retry', 'active')`,
        )
      ).rows[0]?.n,
    (n) => n === 0,
  );
  const inviter = await member(db);
  const invitee = await member(db, inviter);
  await db.transaction().execute(async (trx) => {
    await recordRewardEvent(trx, {
      kind: 'physical_card_opened',
      memberId: invitee,
      sourceKey: `card-opened:${invitee}`,
      sourceRef: `card:${invitee}`,
      occurredAt: new Date(),
    });
    nudgeRewards(trx, boss);
  });
  expect(
    await until(
      () => walletOf(db, inviter, 'USDT'),
      (balance) => balance === '5',
    ),
  ).toBe('5');
  const reward = await db
    .selectFrom('rewards')
    .select(['status', 'type_code'])
    .where('beneficiary_id', '=', inviter)
    .executeTakeFirstOrThrow();
  expect(reward).toEqual({ status: 'available', type_code: 121 });
});
