import { sql } from 'kysely';
import type { Executor } from '../../../platform/db/database';
import type { AgencyRoleColumn, RuleEventKind, RuleRoleColumn } from '../../../platform/db/schema-rewards';

/** The console's reads and writes of the agency programme's tables (issue 43). */

export const findMember = (db: Executor, uid: string) =>
  db.selectFrom('users').select(['id', 'uid', 'email', 'created_at']).where('uid', '=', uid).executeTakeFirst();

export const roleOf = (db: Executor, userId: string) =>
  db.selectFrom('agency_roles').select(['role', 'assigned_at']).where('user_id', '=', userId).executeTakeFirst();

/** Serialises the changes of one member's role, whether the row exists yet or not. */
export async function lockMemberRole(trx: Executor, userId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`agency-role:${userId}`}, 0))`.execute(trx);
}

export async function setRole(
  trx: Executor,
  change: {
    userId: string;
    before: AgencyRoleColumn | null;
    after: AgencyRoleColumn | null;
    operatorId: string;
    approvalId: string | null;
    now: Date;
  },
): Promise<void> {
  if (change.after === null) await trx.deleteFrom('agency_roles').where('user_id', '=', change.userId).execute();
  else
    await trx
      .insertInto('agency_roles')
      .values({ user_id: change.userId, role: change.after, assigned_by: change.operatorId, assigned_at: change.now })
      .onConflict((oc) =>
        oc
          .column('user_id')
          .doUpdateSet({ role: change.after as AgencyRoleColumn, assigned_by: change.operatorId, assigned_at: change.now }),
      )
      .execute();
  await trx
    .insertInto('agency_role_changes')
    .values({
      user_id: change.userId,
      role_before: change.before,
      role_after: change.after,
      operator_id: change.operatorId,
      approval_id: change.approvalId,
      created_at: change.now,
    })
    .execute();
}

export const roleHistory = (db: Executor, userId: string) =>
  db
    .selectFrom('agency_role_changes as c')
    .leftJoin('operators as o', 'o.id', 'c.operator_id')
    .select(['c.id', 'c.role_before', 'c.role_after', 'o.email as operator_email', 'c.approval_id', 'c.created_at'])
    .where('c.user_id', '=', userId)
    .orderBy('c.id', 'desc')
    .limit(100)
    .execute();

export const uplineOf = (db: Executor, userId: string) =>
  db
    .selectFrom('team_links as t')
    .innerJoin('users as u', 'u.id', 't.ancestor_id')
    .leftJoin('agency_roles as r', 'r.user_id', 't.ancestor_id')
    .select(['t.depth', 'u.uid', 'u.email', 'r.role'])
    .where('t.member_id', '=', userId)
    .orderBy('t.depth')
    .execute();

/** Members below per depth, as team_sizes keeps them (migration 0032): a few rows, whatever the team's size. */
export const teamCounts = (db: Executor, userId: string) =>
  sql<{ depth: number; count: string }>`
    select depth, members::text as count from team_sizes where ancestor_id = ${userId} and members > 0 order by depth`
    .execute(db)
    .then((result) => result.rows);

/** Direct invitees, newest first; the cursor is the last row's (joined time, id). */
export function directInvitees(db: Executor, userId: string, after: { at: Date; id: string } | null, limit: number) {
  let query = db
    .selectFrom('team_links as t')
    .innerJoin('users as u', 'u.id', 't.member_id')
    .leftJoin('agency_roles as r', 'r.user_id', 't.member_id')
    .select(['u.id', 'u.uid', 'u.email', 'u.created_at', 'r.role'])
    .where('t.ancestor_id', '=', userId)
    .where('t.depth', '=', 1);
  if (after) query = query.where(sql<boolean>`(u.created_at, u.id) < (${after.at}, ${after.id}::uuid)`);
  return query
    .orderBy('u.created_at', 'desc')
    .orderBy('u.id', 'desc')
    .limit(limit + 1)
    .execute();
}

export async function ticketCounts(db: Executor, userId: string) {
  const row = await db
    .selectFrom('agency_tickets')
    .select([
      (eb) => eb.fn.countAll<string>().as('granted'),
      sql<string>`count(*) filter (where holder_id is null)`.as('remaining'),
      sql<string>`count(*) filter (where holder_id is not null and card_id is null)`.as('handed'),
      sql<string>`count(*) filter (where card_id is not null)`.as('used'),
    ])
    .where('owner_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { granted: Number(row.granted), remaining: Number(row.remaining), handed: Number(row.handed), used: Number(row.used) };
}

const ruleColumns = [
  'r.id',
  'r.event_kind',
  'r.role',
  'r.level',
  'r.amount_kind',
  'r.value',
  'r.currency',
  'r.starts_at',
  'o.email as created_by_email',
  'r.note',
  'r.created_at',
] as const;

/** Every version of every rule, newest start first (versions are few: each one an operator's act). */
export const allRules = (db: Executor) =>
  db
    .selectFrom('reward_rules as r')
    .leftJoin('operators as o', 'o.id', 'r.created_by')
    .select(ruleColumns)
    .orderBy('r.starts_at', 'desc')
    .orderBy('r.id', 'desc')
    .execute();
export type RuleRow = Awaited<ReturnType<typeof allRules>>[number];

export const insertRule = (
  trx: Executor,
  rule: {
    eventKind: RuleEventKind;
    role: RuleRoleColumn;
    level: 1 | 2;
    amountKind: 'fixed' | 'percent';
    value: string;
    currency: string | null;
    startsAt: Date;
    operatorId: string;
    note: string;
    now: Date;
  },
) =>
  trx
    .insertInto('reward_rules')
    .values({
      event_kind: rule.eventKind,
      role: rule.role,
      level: rule.level,
      amount_kind: rule.amountKind,
      value: rule.value,
      currency: rule.currency,
      starts_at: rule.startsAt,
      created_by: rule.operatorId,
      note: rule.note,
      created_at: rule.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

export const ruleById = (db: Executor, id: string) =>
  db
    .selectFrom('reward_rules as r')
    .leftJoin('operators as o', 'o.id', 'r.created_by')
    .select(ruleColumns)
    .where('r.id', '=', id)
    .executeTakeFirstOrThrow();

const taskColumns = [
  't.id',
  't.title',
  't.min_cards',
  't.min_spend',
  't.spend_currency',
  't.within_days',
  't.reward',
  't.currency',
  't.starts_at',
  't.ends_at',
  'o.email as created_by_email',
  't.created_at',
] as const;

export const allTasks = (db: Executor) =>
  db
    .selectFrom('reward_tasks as t')
    .leftJoin('operators as o', 'o.id', 't.created_by')
    .select(taskColumns)
    .orderBy('t.id', 'desc')
    .limit(500)
    .execute();
export type TaskRow = Awaited<ReturnType<typeof allTasks>>[number];

export const taskById = (db: Executor, id: string) =>
  db
    .selectFrom('reward_tasks as t')
    .leftJoin('operators as o', 'o.id', 't.created_by')
    .select(taskColumns)
    .where('t.id', '=', id)
    .executeTakeFirst();

export const insertTask = (
  trx: Executor,
  task: {
    title: Record<string, string>;
    minCards: number;
    minSpend: string;
    spendCurrency: string;
    withinDays: number;
    reward: string;
    currency: string;
    startsAt: Date;
    endsAt: Date | null;
    operatorId: string;
    now: Date;
  },
) =>
  trx
    .insertInto('reward_tasks')
    .values({
      title: JSON.stringify(task.title),
      min_cards: task.minCards,
      min_spend: task.minSpend,
      spend_currency: task.spendCurrency,
      within_days: task.withinDays,
      reward: task.reward,
      currency: task.currency,
      starts_at: task.startsAt,
      ends_at: task.endsAt,
      created_by: task.operatorId,
      created_at: task.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

/** Ends a task now unless it already ended; the row is locked so two ends write one. */
export const lockTask = (trx: Executor, id: string) =>
  trx.selectFrom('reward_tasks').select(['id', 'starts_at', 'ends_at']).where('id', '=', id).forUpdate().executeTakeFirst();

export const setTaskEnd = (trx: Executor, id: string, endsAt: Date) =>
  trx.updateTable('reward_tasks').set({ ends_at: endsAt }).where('id', '=', id).execute();

/** Serialises one operator's grants under one Idempotency-Key, so a double click grants once. */
export async function lockGrantKey(trx: Executor, operatorId: string, key: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`agency-grant:${operatorId}:${key}`}, 0))`.execute(trx);
}

export const grantByKey = (db: Executor, operatorId: string, key: string) =>
  db
    .selectFrom('agency_ticket_grants')
    .select(['id', 'owner_id', 'count', 'note'])
    .where('operator_id', '=', operatorId)
    .where('request_key', '=', key)
    .executeTakeFirst();

/** One grant row and its `count` tickets, the tickets in one statement. */
export async function insertGrant(
  trx: Executor,
  grant: { ownerId: string; count: number; operatorId: string; note: string; requestKey: string; now: Date },
): Promise<string> {
  const { id } = await trx
    .insertInto('agency_ticket_grants')
    .values({
      owner_id: grant.ownerId,
      count: grant.count,
      operator_id: grant.operatorId,
      note: grant.note,
      request_key: grant.requestKey,
      created_at: grant.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`insert into agency_tickets (grant_id, owner_id) select ${id}, ${grant.ownerId} from generate_series(1, ${grant.count})`.execute(
    trx,
  );
  return id;
}

export function listGrants(db: Executor, filter: { ownerId?: string; before?: string }, limit: number) {
  let query = db
    .selectFrom('agency_ticket_grants as g')
    .innerJoin('users as u', 'u.id', 'g.owner_id')
    .innerJoin('operators as o', 'o.id', 'g.operator_id')
    .select([
      'g.id',
      'u.uid',
      'u.email',
      'g.count',
      'o.email as operator_email',
      'g.note',
      'g.created_at',
      (eb) =>
        eb
          .selectFrom('agency_tickets as k')
          .select((k) => k.fn.countAll<string>().as('n'))
          .whereRef('k.grant_id', '=', 'g.id')
          .where('k.holder_id', 'is', null)
          .as('remaining'),
    ]);
  if (filter.ownerId) query = query.where('g.owner_id', '=', filter.ownerId);
  if (filter.before) query = query.where('g.id', '<', filter.before);
  return query
    .orderBy('g.id', 'desc')
    .limit(limit + 1)
    .execute();
}
