import { sql } from 'kysely';
import type { Db, Executor } from '../../../platform/db/database';

/**
 * The member's reads of the programme, each bounded by what it shows rather than by the team's size
 * (migration 0032): team sizes per depth, today's cards probed against the closure, reward sums from
 * a covering index, pages of invitees and rewards by keyset.
 */

export const memberByUid = (db: Executor, uid: string) =>
  db.selectFrom('users').select(['id', 'uid', 'email', 'invite_code']).where('uid', '=', uid).executeTakeFirst();

export const memberById = (db: Executor, id: string) =>
  db.selectFrom('users').select(['id', 'uid', 'email', 'invite_code']).where('id', '=', id).executeTakeFirstOrThrow();

/** Team sizes per depth from team_sizes (kept from team_links by a trigger, migration 0032): a few rows, whatever the team's size. */
export async function teamCounts(db: Db, memberId: string) {
  const { rows } = await sql<{
    depth: number;
    members: string;
  }>`select depth, members from team_sizes where ancestor_id = ${memberId}`.execute(db);
  const at = (depth: number) => Number(rows.find((row) => row.depth === depth)?.members ?? 0);
  return { direct: at(1), second: at(2), all: rows.reduce((sum, row) => sum + Number(row.members), 0) };
}

export async function ticketCounts(db: Executor, ownerId: string) {
  const row = await db
    .selectFrom('agency_tickets')
    .select([sql<string>`count(*)`.as('count'), sql<string>`count(*) filter (where holder_id is null)`.as('remaining')])
    .where('owner_id', '=', ownerId)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), remaining: Number(row.remaining) };
}

export const agencyRoleOf = (db: Executor, memberId: string) =>
  db.selectFrom('agency_roles').select('role').where('user_id', '=', memberId).executeTakeFirst();

export interface SummaryRow {
  role: 'promotion_manager' | 'city_partner' | 'agent' | null;
  /** Members per depth: { "1": "12", "2": "40", ... }. */
  sizes: Record<string, string>;
  cards_today: string;
  tickets: string;
  remaining: string;
  /** Per (status, currency): net of cancelled and clawed back, paid (less offset), net since `since`; decimals as strings. */
  sums: Array<{ status: 'pending' | 'available'; currency: string; net: string; paid: string; net_since: string }>;
  debts: Array<{ currency: string; amount: string }>;
}

/**
 * The agency centre's summary in one statement: one round trip and one pooled connection a request,
 * however many parts it has. Each part is bounded by what it shows, not by the team's size:
 * - team sizes per depth from team_sizes (kept from team_links by a trigger, migration 0032);
 * - cards opened since `since`, driven from those cards (cards_status_idx) with one probe of the
 *   closure's unique (ancestor_id, member_id) each; the subquery is kept apart (offset 0) so the
 *   planner does not hash the whole team instead;
 * - reward sums per status and currency from a covering index (rewards_beneficiary_sums_idx).
 * Amounts leave as text: a JSON number would lose decimals.
 */
export async function summaryOf(db: Db, memberId: string, since: Date): Promise<SummaryRow> {
  const { rows } = await sql<SummaryRow>`
    select
      (select role from agency_roles where user_id = ${memberId}) as role,
      (select coalesce(json_object_agg(depth, members::text), '{}') from team_sizes where ancestor_id = ${memberId}) as sizes,
      (select count(*)::text
        from (select user_id from cards where status = 'active' and created_at >= ${since} offset 0) as today
        where exists (select 1 from team_links t where t.ancestor_id = ${memberId} and t.member_id = today.user_id)) as cards_today,
      (select count(*)::text from agency_tickets where owner_id = ${memberId}) as tickets,
      (select count(*)::text from agency_tickets where owner_id = ${memberId} and holder_id is null) as remaining,
      (select coalesce(json_agg(json_build_object('status', status, 'currency', currency, 'net', net::text, 'paid', paid::text,
          'net_since', net_since::text)), '[]')
        from (select status, currency, sum(amount - cancelled - clawed) as net, sum(amount - cancelled - clawed - offset_by_debt) as paid,
            coalesce(sum(amount - cancelled - clawed) filter (where created_at >= ${since}), 0) as net_since
          from rewards where beneficiary_id = ${memberId} and status in ('pending', 'available')
          group by status, currency) as s) as sums,
      (select coalesce(json_agg(json_build_object('currency', currency, 'amount', amount::text)), '[]')
        from reward_debts where user_id = ${memberId} and amount > 0) as debts`.execute(db);
  return rows[0] as SummaryRow;
}

/** Per UTC day and currency from `since`: what the rewards earned, less cancelled and clawed back. */
export const dailyEarnings = (db: Db, beneficiaryId: string, since: Date) =>
  db
    .selectFrom('rewards')
    .select([
      sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD')`.as('day'),
      'currency',
      sql<string>`sum(amount - cancelled - clawed)`.as('amount'),
    ])
    .where('beneficiary_id', '=', beneficiaryId)
    .where('created_at', '>=', since)
    .where('status', 'not in', ['cancelled', 'void', 'not_paid'])
    .groupBy(['day', 'currency'])
    .execute();

/** Direct invitees, newest first; the cursor is (created_at in microseconds since the epoch, uid). */
export function directInvitees(db: Db, inviterId: string, limit: number, after: { micros: string; uid: string } | null) {
  let query = db
    .selectFrom('team_links')
    .innerJoin('users', 'users.id', 'team_links.member_id')
    .select([
      'users.id',
      'users.uid',
      'users.email',
      'users.created_at',
      sql<string>`(extract(epoch from users.created_at) * 1000000)::bigint::text`.as('micros'),
    ])
    .where('team_links.ancestor_id', '=', inviterId)
    .where('team_links.depth', '=', 1);
  if (after) {
    query = query.where(
      sql<boolean>`(users.created_at, users.uid) < (timestamptz 'epoch' + ${after.micros}::bigint * interval '1 microsecond', ${after.uid})`,
    );
  }
  return query
    .orderBy('users.created_at', 'desc')
    .orderBy('users.uid', 'desc')
    .limit(limit + 1)
    .execute();
}

/** The steps of many members at once: KYC passed, a card active, a settled card purchase. */
export async function stepsOf(db: Db, memberIds: string[]) {
  if (memberIds.length === 0) return { kyc: new Set<string>(), card: new Set<string>(), spend: new Set<string>() };
  const [kyc, card, spend] = await Promise.all([
    db.selectFrom('cardholders').select('user_id').where('user_id', 'in', memberIds).where('kyc_status', '=', 'passed').execute(),
    db.selectFrom('cards').select('user_id').distinct().where('user_id', 'in', memberIds).where('status', '=', 'active').execute(),
    db
      .selectFrom('cards')
      .select('cards.user_id')
      .distinct()
      .where('cards.user_id', 'in', memberIds)
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('card_transactions')
            .select(sql`1`.as('one'))
            .whereRef('card_transactions.card_id', '=', 'cards.id')
            .where('card_transactions.type', '=', 'authorization')
            .where('card_transactions.settled', '=', true),
        ),
      )
      .execute(),
  ]);
  return {
    kyc: new Set(kyc.map((r) => r.user_id)),
    card: new Set(card.map((r) => r.user_id)),
    spend: new Set(spend.map((r) => r.user_id)),
  };
}

/** Of these members, the ones holding an unused ticket handed by `ownerId`. */
export async function holdingTicketFrom(db: Executor, ownerId: string, memberIds: string[]): Promise<Set<string>> {
  if (memberIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('agency_tickets')
    .select('holder_id')
    .where('owner_id', '=', ownerId)
    .where('holder_id', 'in', memberIds)
    .where('card_id', 'is', null)
    .execute();
  return new Set(rows.map((r) => r.holder_id as string));
}

export interface RewardFilter {
  status?: string | undefined;
  type?: number | undefined;
  currency?: string | undefined;
}

/** The reward log, newest first (rewards_beneficiary_idx), with the invitee, the rule and the source event. */
export function rewardLog(db: Db, beneficiaryId: string, filter: RewardFilter, limit: number, afterId: string | null) {
  let query = db
    .selectFrom('rewards')
    .innerJoin('users', 'users.id', 'rewards.member_id')
    .innerJoin('reward_events', 'reward_events.id', 'rewards.event_id')
    .leftJoin('reward_rules', 'reward_rules.id', 'rewards.rule_id')
    .select([
      'rewards.id',
      'rewards.type_code',
      'rewards.level',
      'rewards.status',
      'rewards.reason',
      'rewards.currency',
      'rewards.amount',
      'rewards.cancelled',
      'rewards.clawed',
      'rewards.offset_by_debt',
      'rewards.role',
      'rewards.rule_id',
      'rewards.released_at',
      'rewards.created_at',
      'users.uid',
      'users.email',
      'reward_rules.amount_kind as rule_kind',
      'reward_rules.value as rule_value',
      'reward_rules.currency as rule_currency',
      'reward_events.kind as source_kind',
      'reward_events.amount as source_amount',
      'reward_events.currency as source_currency',
    ])
    .where('rewards.beneficiary_id', '=', beneficiaryId);
  if (filter.status) query = query.where('rewards.status', '=', filter.status as never);
  if (filter.type !== undefined) query = query.where('rewards.type_code', '=', filter.type);
  if (filter.currency) query = query.where('rewards.currency', '=', filter.currency);
  if (afterId) {
    query = query.where(
      sql<boolean>`(rewards.created_at, rewards.id) < (select r.created_at, r.id from rewards r where r.id = ${afterId} and r.beneficiary_id = ${beneficiaryId})`,
    );
  }
  return query
    .orderBy('rewards.created_at', 'desc')
    .orderBy('rewards.id', 'desc')
    .limit(limit + 1)
    .execute();
}

/** The invitee's link to its inviter, locked: hand-outs to one invitee take turns. */
export const lockDirectLink = (trx: Executor, inviterId: string, memberId: string) =>
  trx
    .selectFrom('team_links')
    .select('member_id')
    .where('member_id', '=', memberId)
    .where('depth', '=', 1)
    .where('ancestor_id', '=', inviterId)
    .forUpdate()
    .executeTakeFirst();

export const holdsUnusedTicket = (trx: Executor, memberId: string) =>
  trx.selectFrom('agency_tickets').select('id').where('holder_id', '=', memberId).where('card_id', 'is', null).limit(1).executeTakeFirst();

/** One free ticket of the owner, skipping those another hand-out has just locked. */
export const takeFreeTicket = (trx: Executor, ownerId: string) =>
  trx
    .selectFrom('agency_tickets')
    .select('id')
    .where('owner_id', '=', ownerId)
    .where('holder_id', 'is', null)
    .orderBy('id')
    .limit(1)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();

export const handTicketTo = (trx: Executor, ticketId: string, holderId: string, now: Date) =>
  trx
    .updateTable('agency_tickets')
    .set({ holder_id: holderId, handed_at: now })
    .where('id', '=', ticketId)
    .where('holder_id', 'is', null)
    .execute();
