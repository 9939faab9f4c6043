import {
  type AgencySummary,
  type Currency,
  Decimal,
  type EarningsSeries,
  type InvitationReply,
  type InviteeListReply,
  maskEmail,
  REWARD_REASONS,
  type RewardListReply,
  type RewardReason,
} from '@wallet/contract';
import type { Clock } from '../../../platform/clock';
import type { Db } from '../../../platform/db/database';
import { AppError } from '../../../platform/errors';
import { readSetting } from '../../operators/settings';
import { ruleText } from '../rules';
import {
  agencyRoleOf,
  dailyEarnings,
  directInvitees,
  handTicketTo,
  holdingTicketFrom,
  holdsUnusedTicket,
  lockDirectLink,
  memberById,
  memberByUid,
  type RewardFilter,
  rewardLog,
  stepsOf,
  summaryOf,
  takeFreeTicket,
  teamCounts,
  ticketCounts,
} from './queries';

export interface RewardMemberDeps {
  db: Db;
  clock: Clock;
  /** The web app's address: invite links open its registration screen. */
  appUrl: string;
}

const DAY_MS = 86_400_000;
const EARNING_DAYS = 30;

const plain = (value: string | null | undefined) => new Decimal(value ?? '0').toFixed();
const startOfUtcDay = (at: Date) => new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);

export function inviteLinkFor(appUrl: string, code: string): string {
  return `${appUrl}/#/pages/register/index?code=${encodeURIComponent(code)}`;
}

export async function invitation(deps: RewardMemberDeps, memberId: string): Promise<InvitationReply> {
  const [me, team] = await Promise.all([memberById(deps.db, memberId), teamCounts(deps.db, memberId)]);
  return {
    inviteCode: me.invite_code,
    inviteLink: inviteLinkFor(deps.appUrl, me.invite_code),
    referralId: me.uid,
    invitedCount: team.direct,
  };
}

function parseInviteeCursor(cursor: string | undefined): { micros: string; uid: string } | null {
  if (!cursor) return null;
  const [micros, uid] = cursor.split('.');
  return micros && uid ? { micros, uid } : null;
}

export async function invitees(
  deps: RewardMemberDeps,
  memberId: string,
  query: { cursor?: string | undefined; limit: number },
): Promise<InviteeListReply> {
  const rows = await directInvitees(deps.db, memberId, query.limit, parseInviteeCursor(query.cursor));
  const page = rows.slice(0, query.limit);
  const ids = page.map((row) => row.id);
  // Three batched lookups for the whole page (and one for tickets), never one per invitee.
  const [steps, holding] = await Promise.all([stepsOf(deps.db, ids), holdingTicketFrom(deps.db, memberId, ids)]);
  const last = page.at(-1);
  return {
    invitees: page.map((row) => ({
      uid: row.uid,
      email: maskEmail(row.email),
      joinedAt: row.created_at.toISOString(),
      steps: {
        registered: true,
        kycPassed: steps.kyc.has(row.id),
        cardOpened: steps.card.has(row.id),
        firstSpend: steps.spend.has(row.id),
      },
      holdsTicket: holding.has(row.id),
    })),
    nextCursor: rows.length > query.limit && last ? `${last.micros}.${last.uid}` : null,
  };
}

type PerCurrency = Record<string, string>;
const add = (bucket: PerCurrency, currency: string, amount: string) => {
  const sum = new Decimal(bucket[currency] ?? '0').plus(amount);
  bucket[currency] = sum.toFixed();
};
const dropZeros = (bucket: PerCurrency): PerCurrency =>
  Object.fromEntries(Object.entries(bucket).filter(([, v]) => !new Decimal(v).isZero()));

export async function agencySummary(deps: RewardMemberDeps, memberId: string): Promise<AgencySummary> {
  // The holding window is the operators' setting, read through their module beside the summary.
  const [row, holdingDays] = await Promise.all([
    summaryOf(deps.db, memberId, startOfUtcDay(deps.clock.now())),
    readSetting(deps.db, 'rewards.holding_days'),
  ]);
  const total: PerCurrency = {};
  const todays: PerCurrency = {};
  const pending: PerCurrency = {};
  const available: PerCurrency = {};
  for (const sum of row.sums) {
    add(todays, sum.currency, sum.net_since);
    if (sum.status === 'pending') add(pending, sum.currency, sum.net);
    else {
      add(total, sum.currency, sum.net);
      add(available, sum.currency, sum.paid);
    }
  }
  const owed: PerCurrency = {};
  for (const debt of row.debts) add(owed, debt.currency, debt.amount);
  const size = (depth: number) => Number(row.sizes[String(depth)] ?? 0);
  return {
    role: row.role,
    memberCount: Object.values(row.sizes).reduce((all, members) => all + Number(members), 0),
    directCount: size(1),
    secondLevelCount: size(2),
    cardsOpenedToday: Number(row.cards_today),
    tickets: { count: Number(row.tickets), remaining: Number(row.remaining) },
    earnings: {
      total: dropZeros(total),
      today: dropZeros(todays),
      pending: dropZeros(pending),
      available: dropZeros(available),
      owed: dropZeros(owed),
    },
    holdingDays: Number(holdingDays),
  };
}

export async function earnings(deps: RewardMemberDeps, memberId: string): Promise<EarningsSeries> {
  const first = new Date(startOfUtcDay(deps.clock.now()).getTime() - (EARNING_DAYS - 1) * DAY_MS);
  const rows = await dailyEarnings(deps.db, memberId, first);
  const byDay = new Map<string, PerCurrency>();
  for (const row of rows) {
    const bucket = byDay.get(row.day) ?? {};
    add(bucket, row.currency, row.amount);
    byDay.set(row.day, bucket);
  }
  const days = Array.from({ length: EARNING_DAYS }, (_, i) => new Date(first.getTime() + i * DAY_MS).toISOString().slice(0, 10));
  return { days: days.map((day) => ({ day, amounts: dropZeros(byDay.get(day) ?? {}) })) };
}

const isReason = (value: string | null): value is RewardReason => value !== null && (REWARD_REASONS as readonly string[]).includes(value);

export async function rewards(
  deps: RewardMemberDeps,
  memberId: string,
  query: RewardFilter & { cursor?: string | undefined; limit: number },
): Promise<RewardListReply> {
  const [rows, holdingDays] = await Promise.all([
    rewardLog(deps.db, memberId, query, query.limit, query.cursor ?? null),
    readSetting(deps.db, 'rewards.holding_days'),
  ]);
  const page = rows.slice(0, query.limit);
  const holdMs = Number(holdingDays) * DAY_MS;
  return {
    rewards: page.map((row) => {
      const offset = new Decimal(row.offset_by_debt);
      const paid =
        row.status === 'available'
          ? Decimal.max(0, new Decimal(row.amount).minus(row.cancelled).minus(row.clawed).minus(offset))
          : new Decimal(0);
      const reason = isReason(row.reason) ? row.reason : offset.gt(0) ? 'offset_by_debt' : null;
      const availableAt =
        row.status === 'pending' ? new Date(row.created_at.getTime() + holdMs) : row.status === 'available' ? row.released_at : null;
      return {
        id: row.id,
        typeCode: row.type_code,
        level: row.level,
        status: row.status,
        reason,
        currency: row.currency as Currency,
        amount: plain(row.amount),
        paid: paid.toFixed(),
        cancelled: plain(row.cancelled),
        clawedBack: plain(row.clawed),
        offsetByDebt: offset.toFixed(),
        from: { uid: row.uid, email: maskEmail(row.email) },
        role: row.role,
        rule:
          row.rule_id && row.rule_kind && row.rule_value
            ? { id: row.rule_id, text: ruleText({ amount_kind: row.rule_kind, value: row.rule_value, currency: row.rule_currency }) }
            : null,
        source: {
          kind: row.source_kind,
          amount: row.source_amount === null ? null : plain(row.source_amount),
          currency: row.source_currency,
        },
        createdAt: row.created_at.toISOString(),
        availableAt: availableAt ? availableAt.toISOString() : null,
      };
    }),
    nextCursor: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
  };
}

/**
 * Hands one free ticket to a direct invitee. The invitee's link row is locked so two hand-outs to the
 * same member take turns (the second sees the ticket the first handed); the ticket row is taken with
 * SKIP LOCKED so hand-outs to different members each take a different ticket without waiting.
 */
export async function handTicket(deps: RewardMemberDeps, ownerId: string, uid: string) {
  return deps.db.transaction().execute(async (trx) => {
    if (!(await agencyRoleOf(trx, ownerId))) throw new AppError('AGENCY_ROLE_REQUIRED');
    const invitee = await memberByUid(trx, uid);
    if (!invitee || !(await lockDirectLink(trx, ownerId, invitee.id))) throw new AppError('AGENCY_TICKET_NOT_INVITEE');
    if (await holdsUnusedTicket(trx, invitee.id)) throw new AppError('AGENCY_TICKET_ALREADY_HELD');
    const ticket = await takeFreeTicket(trx, ownerId);
    if (!ticket) throw new AppError('AGENCY_TICKET_NONE_LEFT');
    await handTicketTo(trx, ticket.id, invitee.id, deps.clock.now());
    return { tickets: await ticketCounts(trx, ownerId) };
  });
}
