import type { Selectable, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { Executor } from '../../../platform/db/database';
import type { Database } from '../../../platform/db/schema';
import type {
  RewardEventsTable,
  RewardStatusColumn,
  RewardsTable,
  RewardTasksTable,
  RuleRoleColumn,
} from '../../../platform/db/schema-rewards';

/** The engine's SQL: reward events, rewards, amounts owed. Other modules call the engine, never this file. */

export type RewardEvent = Selectable<RewardEventsTable>;
export type RewardTask = Selectable<RewardTasksTable>;
export type Trx = Transaction<Database>;

/**
 * One processor at a time across every server (spec43: in order per source). A transaction-scoped
 * advisory lock, so it holds through a transaction pooler too and ends with the batch whatever happens;
 * "try", so a second worker returns at once instead of holding a connection while it waits.
 */
export async function tryProcessingLock(trx: Trx): Promise<boolean> {
  const row = await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(hashtextextended('rewards.process', 0)) as locked`.execute(
    trx,
  );
  return row.rows[0]?.locked === true;
}

/**
 * The oldest waiting events. A refund whose spend is waiting with a higher id is left out: it cannot
 * be processed before its spend, and would otherwise take a place in every batch in front of it.
 */
export function waitingEvents(trx: Trx, limit: number): Promise<RewardEvent[]> {
  return trx
    .selectFrom('reward_events as e')
    .selectAll('e')
    .where('e.processed_at', 'is', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('reward_events as s')
            .select('s.id')
            .whereRef('s.source_key', '=', 'e.refund_of')
            .where('s.processed_at', 'is', null)
            .whereRef('s.id', '>', 'e.id'),
        ),
      ),
    )
    .orderBy('e.id')
    .limit(limit)
    .execute();
}

export function eventsByKeys(trx: Executor, keys: string[]): Promise<RewardEvent[]> {
  if (keys.length === 0) return Promise.resolve([]);
  return trx.selectFrom('reward_events').selectAll().where('source_key', 'in', keys).execute();
}

/** Each member's inviters, nearest first (team_links depth 1 and 2). */
export async function uplinesOf(trx: Executor, memberIds: string[]): Promise<Map<string, string[]>> {
  const uplines = new Map<string, string[]>();
  if (memberIds.length === 0) return uplines;
  const rows = await trx
    .selectFrom('team_links')
    .select(['member_id', 'ancestor_id', 'depth'])
    .where('member_id', '=', sql<string>`any(${memberIds}::uuid[])`)
    .where('depth', '<=', 2)
    .orderBy('member_id')
    .orderBy('depth')
    .execute();
  for (const row of rows) {
    const list = uplines.get(row.member_id) ?? [];
    list[row.depth - 1] = row.ancestor_id;
    uplines.set(row.member_id, list);
  }
  return uplines;
}

/** The agency role of each of these users who has one; the others earn as `member`. */
export async function rolesOf(trx: Executor, userIds: string[]): Promise<Map<string, RuleRoleColumn>> {
  if (userIds.length === 0) return new Map();
  const rows = await trx
    .selectFrom('agency_roles')
    .select(['user_id', 'role'])
    .where('user_id', '=', sql<string>`any(${userIds}::uuid[])`)
    .execute();
  return new Map(rows.map((r) => [r.user_id, r.role]));
}

export async function tasksByIds(trx: Executor, ids: string[]): Promise<Map<string, RewardTask>> {
  if (ids.length === 0) return new Map();
  const rows = await trx.selectFrom('reward_tasks').selectAll().where('id', 'in', ids).execute();
  return new Map(rows.map((t) => [t.id, t]));
}

/** When each member signed up: a task's window counts from it. */
export async function signedUpAt(trx: Executor, memberIds: string[]): Promise<Map<string, Date>> {
  if (memberIds.length === 0) return new Map();
  const rows = await trx
    .selectFrom('users')
    .select(['id', 'created_at'])
    .where('id', '=', sql<string>`any(${memberIds}::uuid[])`)
    .execute();
  return new Map(rows.map((r) => [r.id, r.created_at]));
}

export interface NewReward {
  event_id: string;
  beneficiary_id: string;
  member_id: string;
  level: 1 | 2;
  type_code: number;
  role: RuleRoleColumn;
  rule_id: string | null;
  task_id: string | null;
  upline: string[];
  currency: string;
  amount: string;
  status: RewardStatusColumn;
  reason: string | null;
  created_at: Date;
}

/**
 * Writes the rewards in one statement over arrays; a row already there for its (event, beneficiary,
 * level) is left as it is, so processing an event again pays nothing more. Returns how many were new.
 */
export async function insertRewards(trx: Trx, rows: NewReward[]): Promise<number> {
  if (rows.length === 0) return 0;
  const col = <K extends keyof NewReward>(key: K) => rows.map((r) => r[key]);
  const result = await sql`
    insert into rewards (event_id, beneficiary_id, member_id, level, type_code, role, rule_id, task_id, upline, currency, amount, status, reason, created_at)
    select v.event_id, v.beneficiary_id, v.member_id, v.level, v.type_code, v.role, v.rule_id, v.task_id,
      v.upline::uuid[], v.currency, v.amount, v.status, v.reason, v.created_at
    from unnest(${col('event_id')}::bigint[], ${col('beneficiary_id')}::uuid[], ${col('member_id')}::uuid[], ${col('level')}::smallint[],
      ${col('type_code')}::integer[], ${col('role')}::text[], ${col('rule_id')}::bigint[], ${col('task_id')}::bigint[],
      ${rows.map((r) => `{${r.upline.join(',')}}`)}::text[], ${col('currency')}::text[], ${col('amount')}::numeric[],
      ${col('status')}::text[], ${col('reason')}::text[], ${col('created_at')}::timestamptz[])
      as v(event_id, beneficiary_id, member_id, level, type_code, role, rule_id, task_id, upline, currency, amount, status, reason, created_at)
    on conflict (event_id, beneficiary_id, level) do nothing`.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}

export async function markProcessed(trx: Trx, ids: string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await trx.updateTable('reward_events').set({ processed_at: now }).where('id', 'in', ids).where('processed_at', 'is', null).execute();
}

export type RewardRow = Selectable<RewardsTable>;

/** The rewards of these events, locked in id order (one statement: every locker of rewards takes them in that order). */
export function lockRewardsOfEvents(trx: Trx, eventIds: string[]): Promise<RewardRow[]> {
  if (eventIds.length === 0) return Promise.resolve([]);
  return trx.selectFrom('rewards').selectAll().where('event_id', 'in', eventIds).orderBy('id').forUpdate().execute();
}

/** The total refunded of each spend up to (and with) each refund event, in event order. */
export async function refundedUpTo(trx: Executor, spendKeys: string[]): Promise<Array<{ id: string; refund_of: string; total: string }>> {
  if (spendKeys.length === 0) return [];
  const rows = await sql<{ id: string; refund_of: string; total: string }>`
    select id::text, refund_of, (sum(coalesce(amount, 0)) over (partition by refund_of order by id))::text as total
    from reward_events where kind = 'card_refund' and refund_of = any(${spendKeys}::text[])`.execute(trx);
  return rows.rows;
}

export async function updateRefundedRewards(
  trx: Trx,
  rows: Array<{ id: string; cancelled: string; clawed: string; status: RewardStatusColumn; reason: string | null }>,
): Promise<void> {
  if (rows.length === 0) return;
  await sql`update rewards r set cancelled = v.cancelled, clawed = v.clawed, status = v.status, reason = v.reason
    from unnest(${rows.map((r) => r.id)}::bigint[], ${rows.map((r) => r.cancelled)}::numeric[], ${rows.map((r) => r.clawed)}::numeric[],
      ${rows.map((r) => r.status)}::text[], ${rows.map((r) => r.reason)}::text[]) as v(id, cancelled, clawed, status, reason)
    where r.id = v.id`.execute(trx);
}

/** A pending reward due for release, as the releaser locks it. */
export interface DueReward {
  id: string;
  event_id: string;
  beneficiary_id: string;
  level: 1 | 2;
  type_code: number;
  currency: string;
  amount: string;
  cancelled: string;
}

/**
 * Pending rewards created at or before `cutoff`, oldest first, locked; rows another releaser holds are
 * skipped (SKIP LOCKED), so releasers run side by side on different rewards and never on the same one.
 */
export function lockDueRewards(trx: Trx, cutoff: Date, limit: number): Promise<DueReward[]> {
  return trx
    .selectFrom('rewards')
    .select(['id', 'event_id', 'beneficiary_id', 'level', 'type_code', 'currency', 'amount', 'cancelled'])
    .where('status', '=', 'pending')
    .where('created_at', '<=', cutoff)
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}

export async function markReleased(
  trx: Trx,
  rows: Array<{ id: string; journalId: string | null; offset: string }>,
  now: Date,
): Promise<void> {
  if (rows.length === 0) return;
  // A reward that paid off an amount owed says so, unless it already says why it is smaller (refunded).
  await sql`update rewards r set status = 'available', released_at = ${now}, journal_id = v.journal_id, offset_by_debt = r.offset_by_debt + v.offset_by_debt,
      reason = case when v.offset_by_debt > 0 and r.reason is null then 'offset_by_debt' else r.reason end
    from unnest(${rows.map((r) => r.id)}::bigint[], ${rows.map((r) => r.journalId)}::bigint[], ${rows.map((r) => r.offset)}::numeric[])
      as v(id, journal_id, offset_by_debt)
    where r.id = v.id and r.status = 'pending'`.execute(trx);
}
