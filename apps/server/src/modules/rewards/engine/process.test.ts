import { Decimal } from '@wallet/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../../test/clock';
import { createTestDatabase, type TestDatabase } from '../../../../test/database';
import { member, rewardEvent, rewardsOfEvent, setHoldingDays, setRole } from '../../../../test/reward-engine';
import type { Db } from '../../../platform/db/database';
import { ledgerViolations } from '../../ledger';
import { processAll, processRewardEvents, releaseDueRewards } from '.';

let database: TestDatabase;
let db: Db;
const clock = new ManualClock(new Date('2026-11-22T08:00:00.000Z'));
const deps = () => ({ db, clock });
const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.handle.db;
  await setHoldingDays(db, 7);
});
afterAll(async () => {
  await database?.drop();
});

/** A member invited by an inviter invited by a grand-inviter, with the roles asked for. */
async function tree(
  roles: { first?: 'agent' | 'promotion_manager' | 'city_partner'; second?: 'agent' | 'promotion_manager' | 'city_partner' } = {},
) {
  const second = await member(db);
  const first = await member(db, second);
  const invitee = await member(db, first);
  if (roles.first) await setRole(db, first, roles.first);
  if (roles.second) await setRole(db, second, roles.second);
  return { second, first, invitee };
}

const shape = (rows: Awaited<ReturnType<typeof rewardsOfEvent>>) =>
  rows.map((r) => ({
    level: r.level,
    type: r.type_code,
    role: r.role,
    amount: new Decimal(r.amount).toFixed(),
    currency: r.currency,
    status: r.status,
    reason: r.reason,
  }));

describe('processing reward events', () => {
  it('pays a virtual card opening (15) to both levels as members: 2 USDT, and level 2 a zero rate', async () => {
    const t = await tree();
    const key = await rewardEvent(db, { kind: 'card_opened', memberId: t.invitee, occurredAt: clock.now() });
    await processAll(deps());
    const rows = await rewardsOfEvent(db, key);
    expect(shape(rows)).toEqual([
      { level: 1, type: 15, role: 'member', amount: '2', currency: 'USDT', status: 'pending', reason: null },
      { level: 2, type: 15, role: 'member', amount: '0', currency: 'USDT', status: 'not_paid', reason: 'zero_rate' },
    ]);
    expect(rows[0]?.upline).toEqual([t.invitee, t.first, t.second]);
    expect(rows[0]?.beneficiary_id).toBe(t.first);
    expect(rows[1]?.beneficiary_id).toBe(t.second);
    expect(rows[1]?.rule_id).not.toBeNull();
  });

  it('pays a physical card opening (121) by each agency role', async () => {
    const t = await tree({ first: 'agent', second: 'city_partner' });
    const key = await rewardEvent(db, { kind: 'physical_card_opened', memberId: t.invitee, occurredAt: clock.now() });
    await processAll(deps());
    expect(shape(await rewardsOfEvent(db, key))).toEqual([
      { level: 1, type: 121, role: 'agent', amount: '8', currency: 'USDT', status: 'pending', reason: null },
      { level: 2, type: 121, role: 'city_partner', amount: '5', currency: 'USDT', status: 'pending', reason: null },
    ]);
  });

  it('pays a card recharge (18) as a percentage in the card currency', async () => {
    const t = await tree({ first: 'promotion_manager', second: 'promotion_manager' });
    const key = await rewardEvent(db, {
      kind: 'card_recharge',
      memberId: t.invitee,
      amount: '1000',
      currency: 'USD',
      occurredAt: clock.now(),
    });
    await processAll(deps());
    expect(shape(await rewardsOfEvent(db, key))).toEqual([
      { level: 1, type: 18, role: 'promotion_manager', amount: '3', currency: 'USD', status: 'pending', reason: null },
      { level: 2, type: 18, role: 'promotion_manager', amount: '1', currency: 'USD', status: 'pending', reason: null },
    ]);
  });

  it('pays settled spending as 16 to level 1 and 19 to level 2, rounded down to the currency', async () => {
    const t = await tree({ second: 'agent' });
    const key = await rewardEvent(db, {
      kind: 'card_spend',
      memberId: t.invitee,
      amount: '123.45',
      currency: 'USD',
      occurredAt: clock.now(),
    });
    await processAll(deps());
    // 0.2% of 123.45 = 0.2469 -> 0.24; agent level 2 0.1% = 0.12345 -> 0.12.
    expect(shape(await rewardsOfEvent(db, key))).toEqual([
      { level: 1, type: 16, role: 'member', amount: '0.24', currency: 'USD', status: 'pending', reason: null },
      { level: 2, type: 19, role: 'agent', amount: '0.12', currency: 'USD', status: 'pending', reason: null },
    ]);
  });

  it('pays a task (33) to the direct inviter only', async () => {
    const t = await tree();
    const task = await db
      .insertInto('reward_tasks')
      .values({
        title: JSON.stringify({ en: 'Big spender' }),
        // A goal no other test's member reaches: this test writes the task event itself.
        min_spend: '1000000',
        within_days: 30,
        reward: '5',
        starts_at: at('2026-01-01T00:00:00Z'),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const key = await rewardEvent(db, {
      kind: 'task',
      memberId: t.invitee,
      taskId: task.id,
      amount: '5',
      currency: 'USDT',
      sourceKey: `task:${task.id}:${t.invitee}`,
      occurredAt: clock.now(),
    });
    await processAll(deps());
    const rows = await rewardsOfEvent(db, key);
    expect(shape(rows)).toEqual([{ level: 1, type: 33, role: 'member', amount: '5', currency: 'USDT', status: 'pending', reason: null }]);
    expect(rows[0]?.task_id).toBe(task.id);
  });

  it('writes nothing for a member nobody invited, and one level for a member whose inviter has none', async () => {
    const alone = await member(db);
    const lonely = await rewardEvent(db, { kind: 'card_opened', memberId: alone, occurredAt: clock.now() });
    const invitee = await member(db, alone);
    const one = await rewardEvent(db, { kind: 'card_opened', memberId: invitee, occurredAt: clock.now() });
    await processAll(deps());
    expect(await rewardsOfEvent(db, lonely)).toEqual([]);
    expect(shape(await rewardsOfEvent(db, one)).map((r) => r.level)).toEqual([1]);
    const processed = await db
      .selectFrom('reward_events')
      .select('processed_at')
      .where('source_key', '=', lonely)
      .executeTakeFirstOrThrow();
    expect(processed.processed_at).not.toBeNull();
  });

  it('applies the rule version in force when the event happened', async () => {
    const t = await tree({ first: 'city_partner' });
    const change = at('2026-11-22T09:00:00Z');
    await db
      .insertInto('reward_rules')
      .values({
        event_kind: 'card_spend',
        role: 'city_partner',
        level: 1,
        amount_kind: 'percent',
        value: '1',
        currency: null,
        starts_at: change,
      })
      .execute();
    const before = await rewardEvent(db, {
      kind: 'card_spend',
      memberId: t.invitee,
      amount: '100',
      currency: 'USD',
      occurredAt: at('2026-11-22T08:59:59Z'),
    });
    const after = await rewardEvent(db, { kind: 'card_spend', memberId: t.invitee, amount: '100', currency: 'USD', occurredAt: change });
    await processAll(deps());
    expect(new Decimal((await rewardsOfEvent(db, before))[0]?.amount ?? '').toFixed()).toBe('0.5');
    expect(new Decimal((await rewardsOfEvent(db, after))[0]?.amount ?? '').toFixed()).toBe('1');
  });

  it('records why nothing was paid: no rule before the programme started', async () => {
    const t = await tree();
    const key = await rewardEvent(db, { kind: 'card_opened', memberId: t.invitee, occurredAt: at('2025-12-31T23:59:59Z') });
    await processAll(deps());
    expect(shape(await rewardsOfEvent(db, key)).map((r) => [r.status, r.reason, r.amount])).toEqual([
      ['not_paid', 'no_rule', '0'],
      ['not_paid', 'no_rule', '0'],
    ]);
    expect((await rewardsOfEvent(db, key))[0]?.rule_id).toBeNull();
  });

  it('pays once when every event is written twice and processed twice', async () => {
    const t = await tree({ first: 'agent' });
    const events = [
      { kind: 'card_opened' as const, memberId: t.invitee, sourceKey: `replay-open-${t.invitee}`, occurredAt: clock.now() },
      {
        kind: 'card_recharge' as const,
        memberId: t.invitee,
        sourceKey: `replay-load-${t.invitee}`,
        amount: '50',
        currency: 'USDT',
        occurredAt: clock.now(),
      },
      {
        kind: 'card_spend' as const,
        memberId: t.invitee,
        sourceKey: `replay-spend-${t.invitee}`,
        amount: '40',
        currency: 'USDT',
        occurredAt: clock.now(),
      },
    ];
    for (const event of [...events, ...events]) await rewardEvent(db, event);
    await processAll(deps());
    // Every event waiting again, as after a crash between writing rewards and marking (or a replayed job).
    await db.updateTable('reward_events').set({ processed_at: null }).where('member_id', '=', t.invitee).execute();
    await processAll(deps());
    await processAll(deps());
    const rows = await db.selectFrom('rewards').selectAll().where('member_id', '=', t.invitee).execute();
    expect(rows).toHaveLength(6);

    clock.advance(7 * 86_400);
    await releaseDueRewards(deps());
    await releaseDueRewards(deps());
    const paid = await db
      .selectFrom('rewards')
      .select(['status', 'journal_id'])
      .where('member_id', '=', t.invitee)
      .where('status', '=', 'available')
      .execute();
    // Level 1 (agent): 3 USDT, 0.2% of 50, 0.3% of 40; level 2 (member): opening and recharge at a zero rate, 0.05% of 40.
    expect(paid).toHaveLength(4);
    const journals = await sql<{ n: number }>`select count(*)::int as n from ledger_journal where idempotency_key like ${`reward:%`}
      and user_id = any(${[t.first, t.second]}::uuid[])`.execute(db);
    expect(journals.rows[0]?.n).toBe(4);
    expect(await ledgerViolations(db)).toEqual([]);
  });

  it('lets a second processor return at once while one holds the batch', async () => {
    const t = await tree();
    await rewardEvent(db, { kind: 'card_opened', memberId: t.invitee, occurredAt: clock.now() });
    await db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtextextended('rewards.process', 0))`.execute(trx);
      expect(await processRewardEvents(deps())).toBe(0);
    });
    expect(await processRewardEvents(deps())).toBe(1);
  });
});
