import { type Insertable, type RawBuilder, sql, type Transaction, type Updateable } from 'kysely';
import type { Executor } from '../../../platform/db/database';
import type { CardTransactionsTable, Database } from '../../../platform/db/schema';
import { accountLateral } from '../../ledger';
import { insertNotificationsSql, type NotificationInput } from '../../notifications/notify';
import { type CardRow, monthSpendSql } from '../queries';
import { NOT_COUNTED, RATE_WINDOW_SIZE } from './freeze-rules';
import type { BatchRead } from './plan';

/**
 * SQL of authorizations: the decisions' one read and one write (service.ts), the failure-rate windows,
 * and the issuer's later events about an authorization (events.ts). The ledger's and the notifications'
 * parts of a decision's statement are their modules' own SQL builders, run as CTEs of it.
 */

/**
 * One statement: the cards (locked in id order when `db` is a transaction) with their versions and
 * their two accounts' balances and versions; which deliveries were seen before; and which of the
 * authorizations were answered before.
 */
export async function readBatch(
  db: Executor,
  {
    deliveries,
    issuerIds,
    authorizationIds,
    monthStart,
  }: { deliveries: string[]; issuerIds: string[]; authorizationIds: string[]; monthStart: Date },
): Promise<BatchRead> {
  const row = (
    await sql<BatchRead>`
      with card_rows as (
        select c.id, c.user_id, c.currency, c.status, c.frozen, c.consecutive_funds_failures,
          c.rule_window_after_id::text as rule_window_after_id, c.issuer_card_id, c.last4, c.version::text as version,
          a.id::text as available_id, a.balance::text as available_balance, a.version::text as available_version,
          h.id::text as hold_id, h.balance::text as hold_balance, h.version::text as hold_version,
          k.per_purchase_limit::text as per_purchase_limit, k.monthly_limit::text as monthly_limit,
          coalesce(k.online_enabled, true) as online_enabled, coalesce(k.atm_enabled, true) as atm_enabled,
          coalesce(k.blocked_categories, '{}') as blocked_categories,
          -- Summed only for a card with a monthly limit: the others (most) cost nothing more.
          case when k.monthly_limit is null then '0' else ${monthSpendSql(sql`c.id`, monthStart)} end as month_spent
        from cards c
        left join card_controls k on k.card_id = c.id
        left join lateral ${accountLateral(sql`c.user_id`, sql`c.currency`, sql`'card:' || c.id::text`)} a on true
        left join lateral ${accountLateral(sql`c.user_id`, sql`c.currency`, sql`'card_hold:' || c.id::text`)} h on true
        where c.issuer_card_id = any(${issuerIds}::text[])
        order by c.id
        ${db.isTransaction ? sql`for update of c` : sql``}
      )
      select (select coalesce(json_agg(signature), '[]') from card_webhook_deliveries where signature = any(${deliveries}::text[])) as seen,
        (select coalesce(json_agg(card_rows), '[]') from card_rows) as cards,
        (select coalesce(json_agg(json_build_object('ref', t.issuer_ref, 'approved', t.approved, 'reason', t.decline_reason)), '[]')
          from unnest(${authorizationIds}::text[]) as r(ref)
          -- One probe of the (type, issuer_ref) index per id ("limit 1" keeps it a lateral probe): with "= any(...)"
          -- the planner, its statistics behind a growing table, scanned every authorization.
          cross join lateral (select issuer_ref, approved, decline_reason from card_transactions
            where type = 'authorization' and issuer_ref = r.ref limit 1) t) as earlier`.execute(db)
  ).rows[0];
  return row as BatchRead;
}

/**
 * The failure-rate windows of many cards in one query: per card its last RATE_WINDOW_SIZE counted
 * authorizations after its window start, oldest first (the same rows ruleFreeze reads for one card).
 */
export async function ruleWindows(
  db: Executor,
  cards: ReadonlyArray<Pick<CardRow, 'id' | 'rule_window_after_id'>>,
): Promise<Map<string, boolean[]>> {
  const windows = new Map<string, boolean[]>(cards.map((c) => [c.id, []]));
  if (cards.length === 0) return windows;
  const rows = await sql<{ card_id: string; approved: boolean }>`
    select w.card_id, w.approved from unnest(${cards.map((c) => c.id)}::uuid[], ${cards.map((c) => c.rule_window_after_id)}::bigint[]) as c(id, after)
    cross join lateral (
      select card_id, approved, id from card_transactions
      where card_id = c.id and type = 'authorization' and id > c.after
        and (decline_reason is null or decline_reason not in (${sql.join(NOT_COUNTED)}))
      order by id desc limit ${RATE_WINDOW_SIZE}
    ) w
    order by w.card_id, w.id`.execute(db);
  for (const row of rows.rows) windows.get(row.card_id)?.push(row.approved);
  return windows;
}

/** One decided authorization as its row is written. */
export interface DecisionRow {
  cardId: string;
  authorizationId: string;
  currency: string;
  amount: string;
  /** The merchant, as JSON. */
  merchant: string;
  approved: boolean;
  reason: string | null;
  held: string;
  balanceChange: string;
}

/** A decided card as the batch leaves it, written only if it is still at the version read. */
export interface DecidedCardRow {
  id: string;
  version: string;
  consecutive: number;
  froze: boolean;
  freezeReason: string | null;
  /** Whether its failure count or freeze changed (then its updated_at moves). */
  changed: boolean;
}

export interface DecisionWrite {
  now: Date;
  deliveries: string[];
  decisions: DecisionRow[];
  /** In id order, as every writer of cards locks them. */
  cards: DecidedCardRow[];
  /** The members' notices of declines. */
  notices: ReadonlyArray<NotificationInput & { userId: string }>;
  /** The ledger's part: its CTEs (the holds) and its conditions that they were all placed and that `unchanged` accounts did not move. */
  ledger: { ctes: RawBuilder<unknown> | null; complete: RawBuilder<boolean>; unchanged: RawBuilder<boolean> };
}

/**
 * A batch's decisions in one statement that commits all or nothing: the deliveries, the authorization
 * rows (in decision order: their ids order the failure-rate window), the notices, each card's failure
 * count and rule freeze, and the ledger's holds. write_guard fails it unless every card is still at
 * the version read and the ledger's conditions hold. Returns each card's new version.
 */
export async function insertDecisions(db: Executor, write: DecisionWrite): Promise<Record<string, string>> {
  const { now, deliveries, decisions, cards, notices, ledger } = write;
  // Arrays rather than a row of parameters per decision: the statement stays the same size however big the batch.
  const column = <T>(pick: (d: DecisionRow) => T) => decisions.map(pick);
  const cardColumn = <T>(pick: (c: DecidedCardRow) => T) => cards.map(pick);
  const written = await sql<{ versions: Record<string, string> }>`
    with new_deliveries as (
      insert into card_webhook_deliveries (signature) select unnest(${deliveries}::text[]) returning 1
    )${notices.length > 0 ? sql`, new_notifications as (${insertNotificationsSql(notices)})` : sql``}, new_authorizations as (
      insert into card_transactions (card_id, type, issuer_ref, authorization_id, currency, amount, merchant, approved,
        decline_reason, held, balance_change, created_at, updated_at)
      select card_id, 'authorization', ref, ref, currency, amount, merchant, approved, reason, held, change, ${now}, ${now}
      from unnest(${column((d) => d.cardId)}::uuid[], ${column((d) => d.authorizationId)}::text[],
        ${column((d) => d.currency)}::text[], ${column((d) => d.amount)}::numeric[],
        ${column((d) => d.merchant)}::jsonb[], ${column((d) => d.approved)}::boolean[],
        ${column((d) => d.reason)}::text[], ${column((d) => d.held)}::numeric[],
        ${column((d) => d.balanceChange)}::numeric[])
        with ordinality as v(card_id, ref, currency, amount, merchant, approved, reason, held, change, n)
      order by n
      returning 1
    ), checked_cards as (
      update cards as c set consecutive_funds_failures = v.consecutive, frozen = c.frozen or v.froze,
        freeze_reason = case when v.froze then v.reason else c.freeze_reason end,
        updated_at = case when v.changed then ${now} else c.updated_at end
      from unnest(${cardColumn((c) => c.id)}::uuid[], ${cardColumn((c) => c.version)}::bigint[],
        ${cardColumn((c) => c.consecutive)}::integer[], ${cardColumn((c) => c.froze)}::boolean[],
        ${cardColumn((c) => c.freezeReason)}::text[], ${cardColumn((c) => c.changed)}::boolean[])
        as v(id, version, consecutive, froze, reason, changed)
      where c.id = v.id and c.version = v.version
      returning c.id, c.version
    )${ledger.ctes ? sql`, ${ledger.ctes}` : sql``}
    select write_guard((select count(*) from checked_cards) = ${cards.length} and ${ledger.complete} and ${ledger.unchanged}) as ok,
      (select coalesce(json_object_agg(id, version::text), '{}') from checked_cards) as versions`.execute(db);
  return (written.rows[0] as { versions: Record<string, string> }).versions;
}

// The issuer's later events about an authorization (events.ts), each in its transaction with the card locked.

export const findCardByIssuerId = (trx: Transaction<Database>, issuerCardId: string) =>
  trx.selectFrom('cards').select('id').where('issuer_card_id', '=', issuerCardId).executeTakeFirst();

export const lockAuthorization = (trx: Transaction<Database>, authorizationId: string) =>
  trx
    .selectFrom('card_transactions')
    .selectAll()
    .where('type', '=', 'authorization')
    .where('issuer_ref', '=', authorizationId)
    .forUpdate()
    .executeTakeFirst();

export const updateAuthorization = (trx: Transaction<Database>, id: string, changes: Updateable<CardTransactionsTable>) =>
  trx.updateTable('card_transactions').set(changes).where('id', '=', id).execute();

/** A reversal or refund row of the card's history. */
export const insertTransaction = (trx: Transaction<Database>, row: Insertable<CardTransactionsTable>) =>
  trx.insertInto('card_transactions').values(row).execute();

/** The authorization the issuer decided alone, unless ours is recorded already; its id when it is new. */
export const insertTombstone = (trx: Transaction<Database>, row: Insertable<CardTransactionsTable>) =>
  trx
    .insertInto('card_transactions')
    .values(row)
    .onConflict((oc) => oc.columns(['type', 'issuer_ref']).doNothing())
    .returning('id')
    .executeTakeFirst();

/** Moves the card's version (its trigger bumps it on any update). */
export const touchCard = (trx: Transaction<Database>, cardId: string, now: Date) =>
  trx.updateTable('cards').set({ updated_at: now }).where('id', '=', cardId).execute();
