import {
  AGENCY_ROLES,
  type AgencyMember,
  type AgencyRates,
  type AgencyTicketGrant,
  type Approval,
  Decimal,
  isCurrency,
  maskEmail,
  type RewardRule,
  type RewardTask,
  RULE_EVENT_KINDS,
  RULE_ROLES,
} from '@wallet/contract';
import type { Clock } from '../../../platform/clock';
import type { Db } from '../../../platform/db/database';
import type { AgencyRoleColumn, RuleEventKind, RuleRoleColumn } from '../../../platform/db/schema-rewards';
import { AppError } from '../../../platform/errors';
import type { Approvals } from '../../approvals/service';
import { recordOperatorAudit } from '../../operators/audit-chain';
import type { OperatorContext } from '../../operators/context';
import * as q from './queries';
import { AGENCY_ROLE_KIND, type AgencyRolePayload, applyRole, needsFourEyes } from './role-kind';

/** The console's agency programme (issue 43): roles, rate versions, tasks, ticket grants. */
export interface AgencyConsoleDeps {
  db: Db;
  clock: Clock;
  approvals: Approvals;
}

/** Rates and task amounts: plain decimals of at most 15 whole digits and 6 decimals. */
const RATE_DECIMAL = /^(0|[1-9]\d{0,14})(\.\d{1,6})?$/;
const iso = (date: Date | null) => (date ? date.toISOString() : null);

async function memberOrThrow(db: Db, uid: string) {
  const member = await q.findMember(db, uid);
  if (!member) throw new AppError('MEMBER_NOT_FOUND');
  return member;
}

function cursorOf(row: { created_at: Date; id: string }): string {
  return `${row.created_at.toISOString()}_${row.id}`;
}

function parseCursor(cursor: string | undefined): { at: Date; id: string } | null {
  if (!cursor) return null;
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)_([0-9a-f-]{36})$/.exec(cursor);
  const at = match ? new Date(match[1] as string) : null;
  if (!match || !at || Number.isNaN(at.getTime())) throw new AppError('VALIDATION_FAILED');
  return { at, id: match[2] as string };
}

export async function memberView(
  deps: AgencyConsoleDeps,
  uid: string,
  page: { cursor?: string | undefined; limit: number },
): Promise<AgencyMember> {
  const member = await memberOrThrow(deps.db, uid);
  const after = parseCursor(page.cursor);
  const [role, history, upline, team, tickets, invitees] = await Promise.all([
    q.roleOf(deps.db, member.id),
    q.roleHistory(deps.db, member.id),
    q.uplineOf(deps.db, member.id),
    q.teamCounts(deps.db, member.id),
    q.ticketCounts(deps.db, member.id),
    q.directInvitees(deps.db, member.id, after, page.limit),
  ]);
  const shown = invitees.slice(0, page.limit);
  const last = shown.at(-1);
  return {
    uid: member.uid,
    email: member.email,
    joinedAt: member.created_at.toISOString(),
    role: role?.role ?? null,
    assignedAt: iso(role?.assigned_at ?? null),
    roleHistory: history.map((c) => ({
      id: c.id,
      roleBefore: c.role_before,
      roleAfter: c.role_after,
      operator: c.operator_email,
      approvalId: c.approval_id,
      createdAt: c.created_at.toISOString(),
    })),
    upline: upline.map((u) => ({ depth: u.depth, uid: u.uid, email: maskEmail(u.email), role: u.role })),
    team: team.map((t) => ({ depth: t.depth, count: Number(t.count) })),
    tickets,
    invitees: shown.map((i) => ({ uid: i.uid, email: maskEmail(i.email), role: i.role, joinedAt: i.created_at.toISOString() })),
    nextCursor: invitees.length > page.limit && last ? cursorOf(last) : null,
  };
}

/**
 * Sets a member's agency role: at once, or — to or from city partner — as an approval request a
 * second operator decides (the route answers 202 with it).
 */
export async function changeRole(
  deps: AgencyConsoleDeps,
  operator: OperatorContext,
  uid: string,
  asked: { role: string | null; note: string },
): Promise<{ applied: { uid: string; role: string | null; assignedAt: string | null } } | { approval: Approval }> {
  if (asked.role !== null && !(AGENCY_ROLES as readonly string[]).includes(asked.role)) throw new AppError('AGENCY_ROLE_INVALID');
  const roleAfter = asked.role as AgencyRoleColumn | null;
  const member = await memberOrThrow(deps.db, uid);
  const roleBefore = (await q.roleOf(deps.db, member.id))?.role ?? null;
  if (roleBefore === roleAfter) throw new AppError('AGENCY_ROLE_UNCHANGED');
  const payload: AgencyRolePayload = { userId: member.id, uid: member.uid, email: member.email, roleBefore, roleAfter, note: asked.note };
  if (needsFourEyes(roleBefore, roleAfter)) return { approval: await deps.approvals.request(operator, AGENCY_ROLE_KIND, payload) };
  const applied = await deps.db.transaction().execute(async (trx) => {
    // Between the read above and this lock the role may have become city partner: then four eyes.
    await q.lockMemberRole(trx, member.id);
    const now = (await q.roleOf(trx, member.id))?.role ?? null;
    if (needsFourEyes(now, roleAfter)) return null;
    return applyRole(trx, operator, payload, deps.clock.now());
  });
  if (applied) return { applied };
  return { approval: await deps.approvals.request(operator, AGENCY_ROLE_KIND, payload) };
}

function ruleView(row: q.RuleRow): RewardRule {
  return {
    id: row.id,
    eventKind: row.event_kind,
    role: row.role,
    level: row.level,
    amountKind: row.amount_kind,
    value: new Decimal(row.value).toFixed(),
    currency: row.currency,
    startsAt: row.starts_at.toISOString(),
    createdBy: row.created_by_email,
    note: row.note,
    createdAt: row.created_at.toISOString(),
  };
}

/** Per event kind x role x level the rule in force (latest start not after now, ties: highest id) and the next one. */
export async function rates(deps: AgencyConsoleDeps): Promise<AgencyRates> {
  const now = deps.clock.now();
  const history = (await q.allRules(deps.db)).map(ruleView);
  const current: AgencyRates['current'] = [];
  for (const eventKind of RULE_EVENT_KINDS)
    for (const role of RULE_ROLES)
      for (const level of [1, 2]) {
        // history is ordered by start, then id, both descending.
        const versions = history.filter((r) => r.eventKind === eventKind && r.role === role && r.level === level);
        const inForce = versions.find((r) => new Date(r.startsAt) <= now) ?? null;
        const upcoming = versions.filter((r) => new Date(r.startsAt) > now).at(-1) ?? null;
        current.push({ eventKind, role, level, rule: inForce, next: upcoming });
      }
  return { current, history };
}

export interface RuleAsked {
  eventKind: string;
  role: string;
  level: number;
  amountKind: string;
  value: string;
  currency?: string | null | undefined;
  startsAt?: string | undefined;
  note: string;
}

/** A new version of a rule: rules are never edited, a change is a new row with its start time. */
export async function addRule(deps: AgencyConsoleDeps, operator: OperatorContext, asked: RuleAsked): Promise<RewardRule> {
  const now = deps.clock.now();
  const kindOk = (RULE_EVENT_KINDS as readonly string[]).includes(asked.eventKind);
  const roleOk = (RULE_ROLES as readonly string[]).includes(asked.role);
  const levelOk = asked.level === 1 || asked.level === 2;
  const amountKindOk = asked.amountKind === 'fixed' || asked.amountKind === 'percent';
  if (!kindOk || !roleOk || !levelOk || !amountKindOk || !RATE_DECIMAL.test(asked.value)) throw new AppError('REWARD_RULE_INVALID');
  const value = new Decimal(asked.value);
  const currency = asked.currency ?? null;
  if (asked.amountKind === 'percent' && (value.gt(100) || currency !== null)) throw new AppError('REWARD_RULE_INVALID');
  if (asked.amountKind === 'fixed' && currency !== 'USDT') throw new AppError('REWARD_RULE_INVALID');
  const startsAt = asked.startsAt ? new Date(asked.startsAt) : now;
  if (startsAt < now) throw new AppError('REWARD_RULE_START_PAST');
  return deps.db.transaction().execute(async (trx) => {
    const rule = {
      eventKind: asked.eventKind as RuleEventKind,
      role: asked.role as RuleRoleColumn,
      level: asked.level as 1 | 2,
      amountKind: asked.amountKind as 'fixed' | 'percent',
      value: value.toFixed(),
      currency,
      startsAt,
    };
    const { id } = await q.insertRule(trx, { ...rule, operatorId: operator.operatorId, note: asked.note, now });
    await recordOperatorAudit(trx, operator, {
      action: 'agency.rate',
      object: `reward_rule:${id}`,
      after: { ...rule, startsAt: startsAt.toISOString() },
      reason: asked.note,
    });
    return ruleView(await q.ruleById(trx, id));
  });
}

function taskView(row: q.TaskRow, now: Date): RewardTask {
  const status = row.ends_at && row.ends_at <= now ? 'ended' : row.starts_at > now ? 'scheduled' : 'active';
  return {
    id: row.id,
    title: row.title,
    minCards: row.min_cards,
    minSpend: new Decimal(row.min_spend).toFixed(),
    spendCurrency: row.spend_currency,
    withinDays: row.within_days,
    reward: new Decimal(row.reward).toFixed(),
    currency: row.currency,
    startsAt: row.starts_at.toISOString(),
    endsAt: iso(row.ends_at),
    status,
    createdBy: row.created_by_email,
    createdAt: row.created_at.toISOString(),
  };
}

export async function tasks(deps: AgencyConsoleDeps): Promise<RewardTask[]> {
  const now = deps.clock.now();
  return (await q.allTasks(deps.db)).map((row) => taskView(row, now));
}

export interface TaskAsked {
  title: { en: string; zh: string; ko: string; ja: string };
  minCards: number;
  minSpend: string;
  spendCurrency: string;
  withinDays: number;
  reward: string;
  currency: string;
  startsAt?: string | undefined;
  endsAt?: string | null | undefined;
}

export async function addTask(deps: AgencyConsoleDeps, operator: OperatorContext, asked: TaskAsked): Promise<RewardTask> {
  const now = deps.clock.now();
  const startsAt = asked.startsAt ? new Date(asked.startsAt) : now;
  const endsAt = asked.endsAt ? new Date(asked.endsAt) : null;
  const valid =
    Object.values(asked.title).every((title) => title.length > 0) &&
    asked.minCards >= 0 &&
    asked.minCards <= 1000 &&
    RATE_DECIMAL.test(asked.minSpend) &&
    isCurrency(asked.spendCurrency) &&
    (asked.minCards > 0 || new Decimal(asked.minSpend).gt(0)) &&
    asked.withinDays >= 1 &&
    asked.withinDays <= 365 &&
    RATE_DECIMAL.test(asked.reward) &&
    new Decimal(asked.reward).gt(0) &&
    asked.currency === 'USDT' &&
    // A task that started in the past would pay for goals met before anyone could see it.
    startsAt >= now &&
    (endsAt === null || endsAt > startsAt);
  if (!valid) throw new AppError('REWARD_TASK_INVALID');
  return deps.db.transaction().execute(async (trx) => {
    const task = {
      title: asked.title,
      minCards: asked.minCards,
      minSpend: new Decimal(asked.minSpend).toFixed(),
      spendCurrency: asked.spendCurrency,
      withinDays: asked.withinDays,
      reward: new Decimal(asked.reward).toFixed(),
      currency: asked.currency,
      startsAt,
      endsAt,
    };
    const { id } = await q.insertTask(trx, { ...task, operatorId: operator.operatorId, now });
    await recordOperatorAudit(trx, operator, {
      action: 'agency.task.create',
      object: `reward_task:${id}`,
      after: { ...task, startsAt: startsAt.toISOString(), endsAt: iso(endsAt) },
    });
    const row = await q.taskById(trx, id);
    if (!row) throw new AppError('REWARD_TASK_NOT_FOUND');
    return taskView(row, now);
  });
}

/** Ends a task now; a task already ended stays as it ended (asked twice, ended once). */
export async function endTask(deps: AgencyConsoleDeps, operator: OperatorContext, id: string): Promise<RewardTask> {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const task = await q.lockTask(trx, id);
    if (!task) throw new AppError('REWARD_TASK_NOT_FOUND');
    if (!task.ends_at || task.ends_at > now) {
      await q.setTaskEnd(trx, id, now);
      await recordOperatorAudit(trx, operator, {
        action: 'agency.task.end',
        object: `reward_task:${id}`,
        before: { endsAt: iso(task.ends_at) },
        after: { endsAt: now.toISOString() },
      });
    }
    const row = await q.taskById(trx, id);
    if (!row) throw new AppError('REWARD_TASK_NOT_FOUND');
    return taskView(row, now);
  });
}

function grantView(row: Awaited<ReturnType<typeof q.listGrants>>[number]): AgencyTicketGrant {
  return {
    id: row.id,
    owner: { uid: row.uid, email: row.email },
    count: row.count,
    remaining: Number(row.remaining ?? 0),
    operator: row.operator_email,
    note: row.note,
    createdAt: row.created_at.toISOString(),
  };
}

/**
 * Grants card tickets to an agency member: one grant row and `count` tickets, audited, in one
 * transaction. The operator's Idempotency-Key makes a retry (or a double click) find the grant it
 * made; the same key with another grant is refused.
 */
export async function grantTickets(
  deps: AgencyConsoleDeps,
  operator: OperatorContext,
  uid: string,
  asked: { count: number; note: string; requestKey: string },
  onReplay: () => void,
): Promise<AgencyTicketGrant> {
  if (asked.count < 1 || asked.count > 10_000) throw new AppError('AGENCY_TICKET_GRANT_INVALID');
  const member = await memberOrThrow(deps.db, uid);
  const grantId = await deps.db.transaction().execute(async (trx) => {
    await q.lockGrantKey(trx, operator.operatorId, asked.requestKey);
    const earlier = await q.grantByKey(trx, operator.operatorId, asked.requestKey);
    if (earlier) {
      if (earlier.owner_id !== member.id || earlier.count !== asked.count || earlier.note !== asked.note)
        throw new AppError('IDEMPOTENCY_KEY_REUSED');
      onReplay();
      return earlier.id;
    }
    if (!(await q.roleOf(trx, member.id))) throw new AppError('AGENCY_TICKET_GRANT_INVALID');
    const id = await q.insertGrant(trx, {
      ownerId: member.id,
      count: asked.count,
      operatorId: operator.operatorId,
      note: asked.note,
      requestKey: asked.requestKey,
      now: deps.clock.now(),
    });
    await recordOperatorAudit(trx, operator, {
      action: 'agency.tickets.grant',
      object: `agency_ticket_grant:${id}`,
      memberUid: member.uid,
      after: { count: asked.count },
      reason: asked.note,
    });
    return id;
  });
  const [row] = await q.listGrants(deps.db, { before: (BigInt(grantId) + 1n).toString() }, 1);
  if (!row || row.id !== grantId) throw new Error(`agency: grant ${grantId} not found after it was written`);
  return grantView(row);
}

export async function grants(
  deps: AgencyConsoleDeps,
  filter: { uid?: string | undefined; cursor?: string | undefined; limit: number },
): Promise<{ items: AgencyTicketGrant[]; nextCursor: string | null }> {
  let ownerId: string | undefined;
  if (filter.uid) {
    const member = await q.findMember(deps.db, filter.uid);
    if (!member) return { items: [], nextCursor: null };
    ownerId = member.id;
  }
  const rows = await q.listGrants(deps.db, { ...(ownerId && { ownerId }), ...(filter.cursor && { before: filter.cursor }) }, filter.limit);
  const items = rows.slice(0, filter.limit).map(grantView);
  return { items, nextCursor: rows.length > filter.limit ? (items.at(-1)?.id ?? null) : null };
}
