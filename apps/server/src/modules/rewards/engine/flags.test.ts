import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../../../../test/clock';
import { createTestDatabase, type TestDatabase } from '../../../../test/database';
import { member, rewardEvent, rewardsOfEvent, setHoldingDays, walletOf } from '../../../../test/reward-engine';
import type { Db } from '../../../platform/db/database';
import { processAll, releaseDueRewards } from '.';

// The abuse rules' answer, as the engine receives it: pairs flagged for review, pairs voided.
const flags = new Map<string, 'held' | 'void'>();
const asked: Array<{ beneficiaryId: string; memberId: string }[]> = [];
vi.mock('../abuse', () => ({
  flaggedPairs: async (_trx: unknown, pairs: { beneficiaryId: string; memberId: string }[]) => {
    asked.push(pairs);
    return new Map([...flags].filter(([key]) => pairs.some((p) => `${p.beneficiaryId}:${p.memberId}` === key)));
  },
}));

let database: TestDatabase;
let db: Db;
const clock = new ManualClock(new Date('2026-11-22T08:00:00.000Z'));
const deps = () => ({ db, clock });

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.handle.db;
  await setHoldingDays(db, 7);
});
afterAll(async () => {
  await database?.drop();
});

describe('abuse flags', () => {
  it('holds the rewards of a flagged pair and voids those of a voided one; neither is released', async () => {
    const second = await member(db);
    const inviter = await member(db, second);
    const invitee = await member(db, inviter);
    flags.set(`${inviter}:${invitee}`, 'held');
    flags.set(`${second}:${invitee}`, 'void');
    const key = await rewardEvent(db, { kind: 'card_spend', memberId: invitee, amount: '1000', currency: 'USD', occurredAt: clock.now() });
    await processAll(deps());
    expect(asked.flat()).toEqual(
      expect.arrayContaining([
        { beneficiaryId: inviter, memberId: invitee },
        { beneficiaryId: second, memberId: invitee },
      ]),
    );
    const rows = await rewardsOfEvent(db, key);
    expect(rows.map((r) => [r.level, r.status, r.reason])).toEqual([
      [1, 'held', 'flagged'],
      [2, 'void', 'voided'],
    ]);
    clock.advance(30 * 86_400);
    await releaseDueRewards(deps());
    expect(await walletOf(db, inviter, 'USD')).toBe('0');
    expect(await walletOf(db, second, 'USD')).toBe('0');

    // Cleared by an operator (the abuse module turns held into pending): released by the next run.
    await db
      .updateTable('rewards')
      .set({ status: 'pending', reason: null })
      .where('event_id', '=', rows[0]?.event_id as string)
      .where('level', '=', 1)
      .execute();
    await releaseDueRewards(deps());
    expect(await walletOf(db, inviter, 'USD')).toBe('2');
  });
});
