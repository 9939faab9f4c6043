import { Decimal } from '@wallet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../../test/clock';
import { createTestDatabase, type TestDatabase } from '../../../../test/database';
import { member, rewardEvent, rewardsOfEvent, setHoldingDays } from '../../../../test/reward-engine';
import type { Db } from '../../../platform/db/database';
import { processAll, taskSourceKey } from '.';

let database: TestDatabase;
let db: Db;
const clock = new ManualClock(new Date('2026-11-22T08:00:00.000Z'));
const deps = () => ({ db, clock });
const DAY = 86_400;
let taskId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.handle.db;
  await setHoldingDays(db, 7);
  // "First card opened and 100 USD spent within 30 days", paying 10 USDT to the inviter.
  const task = await db
    .insertInto('reward_tasks')
    .values({
      title: JSON.stringify({ en: 'First card and 100 USD', zh: '首卡并消费100美元', ko: '첫 카드와 100달러', ja: '初カードと100ドル' }),
      min_cards: 1,
      min_spend: '100',
      spend_currency: 'USD',
      within_days: 30,
      reward: '10',
      currency: 'USDT',
      starts_at: new Date('2026-11-01T00:00:00Z'),
      ends_at: new Date('2027-06-01T00:00:00Z'),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  taskId = task.id;
});
afterAll(async () => {
  await database?.drop();
});

async function trio(signedUp: Date) {
  const second = await member(db);
  const inviter = await member(db, second);
  const invitee = await member(db, inviter, signedUp);
  return { second, inviter, invitee };
}

describe('tasks', () => {
  it('pays the task to the direct inviter once the goal is met inside the window, and once only', async () => {
    const { inviter, invitee } = await trio(clock.now());
    await rewardEvent(db, { kind: 'card_opened', memberId: invitee, occurredAt: clock.now() });
    await rewardEvent(db, { kind: 'card_spend', memberId: invitee, amount: '60', currency: 'USD', occurredAt: clock.now() });
    await processAll(deps());
    expect(await rewardsOfEvent(db, taskSourceKey(taskId, invitee))).toEqual([]);

    clock.advance(3 * DAY);
    await rewardEvent(db, { kind: 'card_spend', memberId: invitee, amount: '40', currency: 'USD', occurredAt: clock.now() });
    await processAll(deps());
    const rows = await rewardsOfEvent(db, taskSourceKey(taskId, invitee));
    expect(
      rows.map((r) => [r.level, r.type_code, r.beneficiary_id, new Decimal(r.amount).toFixed(), r.currency, r.status, r.task_id]),
    ).toEqual([[1, 33, inviter, '10', 'USDT', 'pending', taskId]]);

    // More spending later pays nothing more.
    await rewardEvent(db, { kind: 'card_spend', memberId: invitee, amount: '500', currency: 'USD', occurredAt: clock.now() });
    await processAll(deps());
    const tasks = await db.selectFrom('reward_events').select('id').where('kind', '=', 'task').where('member_id', '=', invitee).execute();
    expect(tasks).toHaveLength(1);
  });

  it('counts spending net of refunds and in the task currency only', async () => {
    const { invitee } = await trio(clock.now());
    await rewardEvent(db, { kind: 'card_opened', memberId: invitee, occurredAt: clock.now() });
    const spend = await rewardEvent(db, { kind: 'card_spend', memberId: invitee, amount: '100', currency: 'USD', occurredAt: clock.now() });
    await rewardEvent(db, {
      kind: 'card_refund',
      memberId: invitee,
      refundOf: spend,
      amount: '30',
      currency: 'USD',
      occurredAt: clock.now(),
    });
    await rewardEvent(db, { kind: 'card_spend', memberId: invitee, amount: '1000', currency: 'HKD', occurredAt: clock.now() });
    await processAll(deps());
    expect(await rewardsOfEvent(db, taskSourceKey(taskId, invitee))).toEqual([]);
  });

  it('records a goal met after the window as not paid, outside the window', async () => {
    const { invitee } = await trio(new Date(clock.now().getTime() - 31 * DAY * 1000));
    await rewardEvent(db, { kind: 'card_opened', memberId: invitee, occurredAt: clock.now() });
    await rewardEvent(db, { kind: 'card_spend', memberId: invitee, amount: '150', currency: 'USD', occurredAt: clock.now() });
    await processAll(deps());
    const rows = await rewardsOfEvent(db, taskSourceKey(taskId, invitee));
    expect(rows.map((r) => [r.level, r.type_code, r.status, r.reason, new Decimal(r.amount).toFixed()])).toEqual([
      [1, 33, 'not_paid', 'outside_window', '0'],
    ]);
  });

  it('does not count a task that has ended', async () => {
    clock.advance(400 * DAY);
    const { invitee } = await trio(clock.now());
    await rewardEvent(db, { kind: 'card_opened', memberId: invitee, occurredAt: clock.now() });
    await rewardEvent(db, { kind: 'card_spend', memberId: invitee, amount: '150', currency: 'USD', occurredAt: clock.now() });
    await processAll(deps());
    expect(await rewardsOfEvent(db, taskSourceKey(taskId, invitee))).toEqual([]);
  });
});
