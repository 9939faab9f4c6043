import { randomUUID } from 'node:crypto';
import { Decimal } from '@wallet/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../../test/clock';
import { createTestDatabase, type TestDatabase } from '../../../../test/database';
import { system, wallet } from '../../../../test/ledger-fixtures';
import { member, owedBy, rewardEvent, rewardsOfEvent, setHoldingDays, walletOf } from '../../../../test/reward-engine';
import type { Db } from '../../../platform/db/database';
import { ledgerViolations, post, SYSTEM_PURPOSES } from '../../ledger';
import { processAll, releaseDueRewards } from '.';

let database: TestDatabase;
let db: Db;
const clock = new ManualClock(new Date('2026-11-22T08:00:00.000Z'));
const deps = () => ({ db, clock });
const DAYS_7 = 7 * 86_400;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.handle.db;
  await setHoldingDays(db, 7);
});
afterAll(async () => {
  await database?.drop();
});

const dec = (v: string | undefined) => new Decimal(v ?? 'NaN').toFixed();

async function pair() {
  const inviter = await member(db);
  const invitee = await member(db, inviter);
  return { inviter, invitee };
}

async function spend(invitee: string, amount: string, currency = 'USD') {
  return rewardEvent(db, { kind: 'card_spend', memberId: invitee, amount, currency, occurredAt: clock.now() });
}

async function refund(invitee: string, spendKey: string, amount: string, currency = 'USD') {
  return rewardEvent(db, { kind: 'card_refund', memberId: invitee, refundOf: spendKey, amount, currency, occurredAt: clock.now() });
}

/** Money leaves the member's wallet (a purchase, a withdrawal): what a clawback later finds there. */
async function spendFromWallet(userId: string, currency: 'USD' | 'USDT', amount: string) {
  await post(db, {
    typeCode: 13,
    userId,
    idempotencyKey: `test-out:${randomUUID()}`,
    legs: [
      { accountId: await wallet(db, userId, currency), amount: `-${amount}` },
      { accountId: await system(db, currency, SYSTEM_PURPOSES.adjustments), amount },
    ],
  });
}

describe('refunds, clawbacks and amounts owed', () => {
  it('cancels the refunded share inside the window: partly, then all of it', async () => {
    const { invitee } = await pair();
    const key = await spend(invitee, '100');
    await processAll(deps());
    expect(dec((await rewardsOfEvent(db, key))[0]?.amount)).toBe('0.2');

    await refund(invitee, key, '40');
    await processAll(deps());
    let [reward] = await rewardsOfEvent(db, key);
    expect([reward?.status, reward?.reason, dec(reward?.cancelled)]).toEqual(['pending', 'refunded', '0.08']);

    await refund(invitee, key, '60');
    await processAll(deps());
    [reward] = await rewardsOfEvent(db, key);
    expect([reward?.status, reward?.reason, dec(reward?.cancelled)]).toEqual(['cancelled', 'refunded', '0.2']);

    // A cancelled reward is never released.
    clock.advance(DAYS_7);
    await releaseDueRewards(deps());
    [reward] = await rewardsOfEvent(db, key);
    expect(reward?.status).toBe('cancelled');
  });

  it('releases only what a partial refund left', async () => {
    const { inviter, invitee } = await pair();
    const key = await spend(invitee, '1000');
    await processAll(deps());
    await refund(invitee, key, '250');
    await processAll(deps());
    clock.advance(DAYS_7);
    await releaseDueRewards(deps());
    const [reward] = await rewardsOfEvent(db, key);
    expect([reward?.status, dec(reward?.amount), dec(reward?.cancelled)]).toEqual(['available', '2', '0.5']);
    expect(await walletOf(db, inviter, 'USD')).toBe('1.5');
  });

  it('a full refund of a spend processed in the same batch cancels its rewards', async () => {
    const { invitee } = await pair();
    const key = await spend(invitee, '10');
    await refund(invitee, key, '10');
    await processAll(deps());
    const [reward] = await rewardsOfEvent(db, key);
    expect([reward?.status, reward?.reason]).toEqual(['cancelled', 'refunded']);
  });

  it('waits with a refund written before its spend until the spend is processed', async () => {
    const { invitee } = await pair();
    const spendKey = `spend-${randomUUID()}`;
    const refundKey = await refund(invitee, spendKey, '50');
    await rewardEvent(db, {
      kind: 'card_spend',
      memberId: invitee,
      sourceKey: spendKey,
      amount: '50',
      currency: 'USD',
      occurredAt: clock.now(),
    });
    await processAll(deps());
    const [reward] = await rewardsOfEvent(db, spendKey);
    expect([reward?.status, reward?.reason]).toEqual(['cancelled', 'refunded']);
    const order = await db
      .selectFrom('reward_events')
      .select(['source_key', 'processed_at'])
      .where('source_key', 'in', [spendKey, refundKey])
      .execute();
    expect(order.every((e) => e.processed_at !== null)).toBe(true);
  });

  it('claws back after the window, leaves what the wallet lacks owed, and the next reward pays it off', async () => {
    const { inviter, invitee } = await pair();
    const key = await spend(invitee, '5000');
    await processAll(deps());
    clock.advance(DAYS_7);
    await releaseDueRewards(deps());
    expect(await walletOf(db, inviter, 'USD')).toBe('10');

    // The inviter spends 7 of the 10: a full refund can take back only 3 now.
    await spendFromWallet(inviter, 'USD', '7');
    await refund(invitee, key, '5000');
    await processAll(deps());
    const [reward] = await rewardsOfEvent(db, key);
    expect([reward?.status, reward?.reason, dec(reward?.clawed)]).toEqual(['available', 'refunded_after_window', '10']);
    expect(await walletOf(db, inviter, 'USD')).toBe('0');
    expect(await owedBy(db, inviter, 'USD')).toBe('7');
    const clawback = await sql<{
      n: number;
    }>`select count(*)::int as n from ledger_journal where type_code = 419 and user_id = ${inviter}`.execute(db);
    expect(clawback.rows[0]?.n).toBe(1);

    // The next rewards: 4 is offset (nothing reaches the wallet), then 6 pays the last 3 and 3 is paid.
    const next = await spend(invitee, '2000');
    await processAll(deps());
    clock.advance(DAYS_7);
    await releaseDueRewards(deps());
    const [first] = await rewardsOfEvent(db, next);
    expect([first?.status, first?.reason, dec(first?.offset_by_debt), first?.journal_id]).toEqual([
      'available',
      'offset_by_debt',
      '4',
      null,
    ]);
    expect(await owedBy(db, inviter, 'USD')).toBe('3');
    expect(await walletOf(db, inviter, 'USD')).toBe('0');

    const last = await spend(invitee, '3000');
    await processAll(deps());
    clock.advance(DAYS_7);
    await releaseDueRewards(deps());
    const [second] = await rewardsOfEvent(db, last);
    expect([second?.status, dec(second?.offset_by_debt)]).toEqual(['available', '3']);
    expect(second?.journal_id).not.toBeNull();
    expect(await owedBy(db, inviter, 'USD')).toBe('0');
    expect(await walletOf(db, inviter, 'USD')).toBe('3');

    const history = await db
      .selectFrom('reward_debt_changes')
      .select(['reason', 'delta'])
      .where('user_id', '=', inviter)
      .orderBy('id')
      .execute();
    expect(history.map((h) => [h.reason, dec(h.delta)])).toEqual([
      ['clawback', '7'],
      ['offset', '-4'],
      ['offset', '-3'],
    ]);

    // The refund processed again takes nothing more.
    await db.updateTable('reward_events').set({ processed_at: null }).where('member_id', '=', invitee).execute();
    await processAll(deps());
    expect(await owedBy(db, inviter, 'USD')).toBe('0');
    expect(await walletOf(db, inviter, 'USD')).toBe('3');
    expect(await ledgerViolations(db)).toEqual([]);
  });

  it('does not release held rewards', async () => {
    const { inviter, invitee } = await pair();
    const key = await rewardEvent(db, { kind: 'card_opened', memberId: invitee, occurredAt: clock.now() });
    await processAll(deps());
    await db.updateTable('rewards').set({ status: 'held', reason: 'flagged' }).where('beneficiary_id', '=', inviter).execute();
    clock.advance(DAYS_7 * 2);
    await releaseDueRewards(deps());
    const [reward] = await rewardsOfEvent(db, key);
    expect(reward?.status).toBe('held');
    expect(await walletOf(db, inviter, 'USDT')).toBe('0');
  });

  it('releases earlier when the holding window is shortened', async () => {
    const { inviter, invitee } = await pair();
    await rewardEvent(db, { kind: 'card_opened', memberId: invitee, occurredAt: clock.now() });
    await processAll(deps());
    clock.advance(86_400);
    await releaseDueRewards(deps());
    expect(await walletOf(db, inviter, 'USDT')).toBe('0');
    await setHoldingDays(db, 1);
    await releaseDueRewards(deps());
    expect(await walletOf(db, inviter, 'USDT')).toBe('2');
    await setHoldingDays(db, 7);
  });
});
