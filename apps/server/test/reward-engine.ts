import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { type Currency, Decimal } from '@wallet/contract';
import { insertUser } from '../src/modules/auth/queries';
import { walletBalances } from '../src/modules/ledger';
import { type RewardEventInput, recordRewardEvent } from '../src/modules/rewards/events';
import type { Db } from '../src/platform/db/database';
import type { AgencyRoleColumn } from '../src/platform/db/schema-rewards';

/** Members, roles, settings and events for the rewards engine's tests, written straight to the database. */

/** A member, invited by `inviter` when given (the users trigger writes their team links). */
export async function member(db: Db, inviter: string | null = null, createdAt?: Date): Promise<string> {
  const user = await insertUser(db, {
    uid: String(randomInt(10_000_000, 100_000_000)),
    email: `reward-${randomBytes(6).toString('hex')}@example.com`,
    password_hash: 'not-a-real-hash',
    // Each its own address: a bound address shared by inviter and invitee holds their rewards (abuse rules).
    bound_network: 'BSC',
    bound_address: `0x${randomBytes(20).toString('hex')}`,
    invite_code: randomBytes(5).toString('hex').toUpperCase(),
    invited_by: inviter,
    ...(createdAt ? { created_at: createdAt } : {}),
  });
  return user.id;
}

export async function setRole(db: Db, userId: string, role: AgencyRoleColumn): Promise<void> {
  await db
    .insertInto('agency_roles')
    .values({ user_id: userId, role, assigned_by: null })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ role }))
    .execute();
}

export async function setHoldingDays(db: Db, days: number): Promise<void> {
  await db
    .insertInto('console_settings')
    .values({ key: 'rewards.holding_days', value: String(days), updated_by: null })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: String(days) }))
    .execute();
}

/** Writes a reward event as a card module would (in its own transaction); returns its source key. */
export async function rewardEvent(
  db: Db,
  event: Pick<RewardEventInput, 'kind' | 'memberId' | 'occurredAt'> & Partial<RewardEventInput>,
): Promise<string> {
  const sourceKey = event.sourceKey ?? `test:${randomUUID()}`;
  await db.transaction().execute((trx) => recordRewardEvent(trx, { sourceRef: `card:${randomUUID()}`, ...event, sourceKey }));
  return sourceKey;
}

export async function rewardsOfEvent(db: Db, sourceKey: string) {
  return db
    .selectFrom('rewards')
    .innerJoin('reward_events', 'reward_events.id', 'rewards.event_id')
    .selectAll('rewards')
    .where('reward_events.source_key', '=', sourceKey)
    .orderBy('rewards.level')
    .execute();
}

export async function walletOf(db: Db, userId: string, currency: Currency): Promise<string> {
  return new Decimal((await walletBalances(db, userId)).find((b) => b.currency === currency)?.balance ?? 0).toFixed();
}

export async function owedBy(db: Db, userId: string, currency: Currency): Promise<string> {
  const row = await db
    .selectFrom('reward_debts')
    .select('amount')
    .where('user_id', '=', userId)
    .where('currency', '=', currency)
    .executeTakeFirst();
  return new Decimal(row?.amount ?? 0).toFixed();
}
