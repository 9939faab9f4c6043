import {
  type ConsoleDashboard,
  type ConsoleMemberDetail,
  type ConsoleSeries,
  CURRENCIES,
  type Currency,
  Decimal,
  type DepositStatus,
  isCurrency,
  type Language,
  type WITHDRAWAL_STATUSES,
} from '@wallet/contract';
import type { DailyCount, DailySum, DayRange } from '../../platform/db/day-buckets';
import { AppError } from '../../platform/errors';
import { dayIn, startOfDay } from '../../platform/time-zone';
import { pendingApprovalCount } from '../approvals/service';
import { lockAccountByOperator, lockState } from '../auth/account-security';
import { findUserByUid, memberProfile, memberSearch, memberSessions, memberUids, newMembersDaily } from '../auth/service';
import { openBreakCount, proofFailureCount } from '../books/recon/counts';
import type { CardDeps } from '../cards/deps';
import { kycStatus } from '../cards/kyc/service';
import { cardDailySums, cardPage, listCards, memberIdsByCardLast4, setFrozenByOperator } from '../cards/service';
import { depositDailySums, depositPage, unattributedDepositCount } from '../chain/service';
import { memberBalances } from '../ledger';
import { recordOperatorAudit } from '../operators/audit-chain';
import type { OperatorContext } from '../operators/context';
import { payoutDailySums, payoutOrdersWaiting } from '../payout/orders';
import { listTickets, processingTicketCount } from '../tickets/service';
import { midRate, ratesForOperators, usdPrices } from '../wallet/rates';
import { listRecords } from '../wallet/records';
import { withdrawalDailySums, withdrawalPage, withdrawalsToReview } from '../wallet/withdrawals';
import * as q from './queries';

/*
 * What the operators' console reads (issue 42): the dashboard and its series, members, every
 * withdrawal, deposit and card, and the member and card actions. Each figure comes from the module
 * that owns its table, through that module's service; this module keeps only the operators' notes.
 */

export interface ConsoleDeps {
  /** The cards module's dependencies, which carry the member side's (database, clock, mail, security). */
  cards: CardDeps;
  /** The platform's day, a UTC offset (TOPUP_TIME_ZONE): "today" on the dashboard is this zone's day. */
  timeZone: string;
}

export interface Page {
  page: number;
  pageSize: number;
}

const DAY_MS = 86_400_000;
const UID = /^[1-9]\d{7}$/;
const LAST4 = /^\d{4}$/;
const window = (page: Page) => ({ offset: (page.page - 1) * page.pageSize, limit: page.pageSize });

/** Today and the days before it, in the platform's zone. */
function daysUpToToday(deps: ConsoleDeps, days: number): DayRange & { labels: string[] } {
  const today = dayIn(deps.cards.clock.now(), deps.timeZone);
  // The zone is a fixed offset: every day is 24 hours, so the first day starts whole days before today.
  const from = new Date(startOfDay(today, deps.timeZone).getTime() - (days - 1) * DAY_MS);
  const labels = Array.from({ length: days }, (_, i) => dayIn(new Date(from.getTime() + i * DAY_MS), deps.timeZone));
  return { from, days, labels };
}

async function dailyFigures(deps: ConsoleDeps, range: DayRange) {
  const db = deps.cards.db;
  const [deposits, withdrawals, cardSpend, flashExchange, newMembers] = await Promise.all([
    depositDailySums(db, range),
    withdrawalDailySums(db, range),
    cardDailySums(db, range),
    payoutDailySums(db, range),
    newMembersDaily(db, range),
  ]);
  return { deposits, withdrawals, cardSpend, flashExchange, newMembers };
}

const byCurrency = (sums: DailySum[]) => {
  const out: Record<string, Decimal> = {};
  for (const sum of sums) out[sum.currency] = (out[sum.currency] ?? new Decimal(0)).plus(sum.amount);
  return Object.fromEntries(Object.entries(out).map(([currency, amount]) => [currency, amount.toFixed()]));
};

const countOf = (counts: DailyCount[]) => counts.reduce((total, c) => total + c.count, 0);

export async function dashboard(deps: ConsoleDeps): Promise<ConsoleDashboard> {
  const db = deps.cards.db;
  const range = daysUpToToday(deps, 1);
  const [today, withdrawals, unattributedDeposits, payoutOrders, tickets, approvals, reconBreaks, proofFailures] = await Promise.all([
    dailyFigures(deps, range),
    withdrawalsToReview(db),
    unattributedDepositCount(db),
    payoutOrdersWaiting(db),
    processingTicketCount(db),
    pendingApprovalCount(db, deps.cards.clock.now()),
    openBreakCount(db),
    proofFailureCount(db),
  ]);
  return {
    day: range.labels[0] ?? '',
    timeZone: deps.timeZone,
    today: {
      deposits: byCurrency(today.deposits),
      withdrawals: byCurrency(today.withdrawals),
      cardSpend: byCurrency(today.cardSpend),
      flashExchange: byCurrency(today.flashExchange),
      newMembers: countOf(today.newMembers),
    },
    queues: { withdrawals, unattributedDeposits, payoutOrders, tickets, approvals, reconBreaks, proofFailures },
  };
}

/**
 * The last `days` days, each figure valued in USDT at today's prices: one line per figure on a chart
 * needs one unit, and the prices of past days are not kept. A currency without a price is left out.
 */
export async function series(deps: ConsoleDeps, days: number): Promise<ConsoleSeries> {
  const range = daysUpToToday(deps, days);
  const [figures, prices] = await Promise.all([dailyFigures(deps, range), usdPrices(deps.cards.db)]);
  const inUsdt = (sums: DailySum[]) => {
    const perDay = Array.from({ length: days }, () => new Decimal(0));
    for (const sum of sums) {
      const rate = isCurrency(sum.currency) ? midRate(prices, sum.currency, 'USDT') : null;
      if (rate && perDay[sum.day]) perDay[sum.day] = (perDay[sum.day] as Decimal).plus(new Decimal(sum.amount).mul(rate));
    }
    return perDay.map((v) => v.toDecimalPlaces(CURRENCIES.USDT.precision, Decimal.ROUND_DOWN).toFixed());
  };
  const members = Array.from({ length: days }, () => 0);
  for (const c of figures.newMembers) if (c.day >= 0 && c.day < days) members[c.day] = c.count;
  const deposits = inUsdt(figures.deposits);
  const withdrawals = inUsdt(figures.withdrawals);
  const cardSpend = inUsdt(figures.cardSpend);
  const flashExchange = inUsdt(figures.flashExchange);
  return {
    timeZone: deps.timeZone,
    valuedIn: 'USDT',
    days: range.labels.map((day, i) => ({
      day,
      deposits: deposits[i] ?? '0',
      withdrawals: withdrawals[i] ?? '0',
      cardSpend: cardSpend[i] ?? '0',
      flashExchange: flashExchange[i] ?? '0',
      newMembers: members[i] ?? 0,
    })),
  };
}

export async function members(deps: ConsoleDeps, query: string | undefined, page: Page) {
  const text = query?.trim() || undefined;
  const ids = text && LAST4.test(text) ? await memberIdsByCardLast4(deps.cards.db, text) : undefined;
  return memberSearch(deps.cards.db, { text, ids }, window(page));
}

async function memberId(deps: ConsoleDeps, uid: string): Promise<string> {
  const member = await findUserByUid(deps.cards.db, uid);
  if (!member) throw new AppError('MEMBER_NOT_FOUND');
  return member.id;
}

export async function memberDetail(deps: ConsoleDeps, uid: string, language: Language): Promise<ConsoleMemberDetail> {
  const { id, profile } = await memberProfile(deps.cards.db, uid);
  const ticketDeps = { db: deps.cards.db, clock: deps.cards.clock, timeZone: deps.timeZone };
  const [locked, balances, cards, sessions, kyc, tickets, notes] = await Promise.all([
    lockState(deps.cards.db, id),
    memberBalances(deps.cards.db, id),
    listCards(deps.cards, id, language),
    memberSessions(deps.cards, id),
    kycStatus(deps.cards, id),
    listTickets(ticketDeps, id, undefined, 20),
    q.notesOf(deps.cards.db, id),
  ]);
  return {
    profile,
    locked,
    balances: balances.sort((a, b) => currencyOrder(a.currency) - currencyOrder(b.currency)),
    cards,
    sessions,
    kyc,
    tickets: tickets.tickets,
    notes: notes.map((n) => ({
      id: n.id,
      body: n.body,
      operator: { id: n.operator_id, email: n.operator_email },
      createdAt: n.created_at.toISOString(),
    })),
  };
}

const CURRENCY_ORDER = Object.keys(CURRENCIES);
const currencyOrder = (currency: Currency) => CURRENCY_ORDER.indexOf(currency);

export async function memberRecords(deps: ConsoleDeps, uid: string, query: Parameters<typeof listRecords>[2], language: Language) {
  return listRecords(deps.cards.db, await memberId(deps, uid), query, language);
}

/** An operator's note on a member, kept with its author; audited with it. */
export async function addNote(deps: ConsoleDeps, operator: OperatorContext, uid: string, body: string) {
  const userId = await memberId(deps, uid);
  return deps.cards.db.transaction().execute(async (trx) => {
    const note = await q.insertNote(trx, { userId, operatorId: operator.operatorId, body });
    await recordOperatorAudit(trx, operator, {
      action: 'member.note',
      object: `member_note:${note.id}`,
      memberUid: uid,
      after: { body },
    });
    return { id: note.id, body, operator: { id: operator.operatorId, email: operator.email }, createdAt: note.created_at.toISOString() };
  });
}

export async function lockMember(deps: ConsoleDeps, operator: OperatorContext, uid: string, reason: string) {
  return lockAccountByOperator(deps.cards, operator, await memberId(deps, uid), reason);
}

/** Members' UIDs for rows that name them by id. */
async function withUids<T extends { userId: string | null }>(deps: ConsoleDeps, rows: T[]) {
  const uids = await memberUids(
    deps.cards.db,
    rows.flatMap((r) => (r.userId ? [r.userId] : [])),
  );
  return rows.map(({ userId, ...row }) => ({ ...row, memberUid: userId ? (uids.get(userId) ?? null) : null }));
}

/** A search term that is a UID names that member (none: nothing matches); other text is for the list's own columns. */
async function uidFilter(deps: ConsoleDeps, text: string | undefined): Promise<{ userId?: string; none?: true }> {
  if (!text || !UID.test(text)) return {};
  const member = await findUserByUid(deps.cards.db, text);
  return member ? { userId: member.id } : { none: true };
}

export async function withdrawals(
  deps: ConsoleDeps,
  filter: { status?: (typeof WITHDRAWAL_STATUSES)[number] | undefined; q?: string | undefined },
  page: Page,
) {
  const text = filter.q?.trim() || undefined;
  const byUid = await uidFilter(deps, text);
  if (byUid.none) return { items: [], total: 0 };
  const { items, total } = await withdrawalPage(
    deps.cards.db,
    { status: filter.status, userId: byUid.userId, text: byUid.userId ? undefined : text },
    window(page),
  );
  const named = await withUids(deps, items);
  return { total, items: named.map((row) => ({ ...row, memberUid: row.memberUid ?? '' })) };
}

export async function deposits(deps: ConsoleDeps, status: DepositStatus | undefined, page: Page) {
  const { items, total } = await depositPage(deps.cards.db, status, window(page));
  return { total, items: await withUids(deps, items) };
}

export async function cards(deps: ConsoleDeps, query: string | undefined, page: Page) {
  const text = query?.trim() || undefined;
  const byUid = await uidFilter(deps, text);
  if (byUid.none) return { items: [], total: 0 };
  const last4 = text && LAST4.test(text) ? text : undefined;
  if (text && !last4 && !byUid.userId) return { items: [], total: 0 };
  const { items, total } = await cardPage(deps.cards.db, { userId: byUid.userId, last4 }, window(page));
  const named = await withUids(deps, items);
  return { total, items: named.map((row) => ({ ...row, memberUid: row.memberUid ?? '' })) };
}

export function freezeCard(deps: ConsoleDeps, operator: OperatorContext, cardId: string, frozen: boolean, reason: string | null) {
  return setFrozenByOperator(deps.cards, operator, cardId, frozen, reason);
}

export function rates(deps: ConsoleDeps) {
  return ratesForOperators(deps.cards.db);
}
