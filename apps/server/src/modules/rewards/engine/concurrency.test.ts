import { Decimal } from '@wallet/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../../test/clock';
import { createTestDatabase, type TestDatabase } from '../../../../test/database';
import { member, rewardEvent, setHoldingDays, walletOf } from '../../../../test/reward-engine';
import type { Db } from '../../../platform/db/database';
import { ledgerViolations } from '../../ledger';
import { processAll, releaseDueRewards } from '.';

let database: TestDatabase;
let db: Db;
const clock = new ManualClock(new Date('2026-11-22T08:00:00.000Z'));
const deps = () => ({ db, clock });

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.handle.db;
});
afterAll(async () => {
  await database?.drop();
});

async function journalsOf(userId: string): Promise<number> {
  const rows = await sql<{
    n: number;
  }>`select count(*)::int as n from ledger_journal where user_id = ${userId} and idempotency_key like 'reward:%'`.execute(db);
  return rows.rows[0]?.n ?? -1;
}

describe('the engine under concurrency', () => {
  it('pays exactly 1,000 rewards for 1,000 events of one beneficiary written and worked on at once', { timeout: 120_000 }, async () => {
    await setHoldingDays(db, 0);
    const inviter = await member(db);
    const invitees = await Promise.all(Array.from({ length: 20 }, () => member(db, inviter)));
    let writing = true;
    const write = (async () => {
      const chunks = Array.from({ length: 10 }, (_, c) => c);
      for (const c of chunks)
        await Promise.all(
          Array.from({ length: 100 }, (_, i) =>
            rewardEvent(db, {
              kind: 'card_opened',
              memberId: invitees[(c * 100 + i) % invitees.length] as string,
              occurredAt: clock.now(),
            }),
          ),
        );
      writing = false;
    })();
    // Three workers, each processing and releasing in turn while the events arrive, as job workers on several servers would.
    const worker = async () => {
      let idle = 0;
      const deadline = Date.now() + 100_000;
      while (Date.now() < deadline) {
        const processed = await processAll(deps());
        const released = await releaseDueRewards(deps(), clock.now(), 50);
        if (!writing && processed === 0 && released === 0) idle += 1;
        else idle = 0;
        if (idle >= 2) return;
      }
      throw new Error('the workers did not finish in time');
    };
    await Promise.all([write, worker(), worker(), worker()]);

    const rewards = await db
      .selectFrom('rewards')
      .select(['status', sql<number>`count(*)::int`.as('n')])
      .where('beneficiary_id', '=', inviter)
      .groupBy('status')
      .execute();
    expect(rewards).toEqual([{ status: 'available', n: 1000 }]);
    expect(await walletOf(db, inviter, 'USDT')).toBe('2000');
    expect(await journalsOf(inviter)).toBe(1000);
    expect(await ledgerViolations(db)).toEqual([]);
  });

  it('never pays a reward twice when releasers run side by side', { timeout: 60_000 }, async () => {
    await setHoldingDays(db, 7);
    const inviter = await member(db);
    const invitee = await member(db, inviter);
    for (let i = 0; i < 300; i++)
      await rewardEvent(db, { kind: 'card_recharge', memberId: invitee, amount: '1000', currency: 'USDT', occurredAt: clock.now() });
    await processAll(deps());
    clock.advance(7 * 86_400);
    const released = await Promise.all([1, 2, 3, 4].map(() => releaseDueRewards(deps(), clock.now(), 25)));
    expect(released.reduce((a, b) => a + b, 0)).toBe(300);
    expect(await releaseDueRewards(deps())).toBe(0);
    // 0.1% of 1000 USDT, 300 times.
    expect(new Decimal(await walletOf(db, inviter, 'USDT')).toFixed()).toBe('300');
    expect(await journalsOf(inviter)).toBe(300);
    expect(await ledgerViolations(db)).toEqual([]);
  });
});
