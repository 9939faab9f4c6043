import { type Insertable, type RawBuilder, type Selectable, sql, type Transaction, type Updateable } from 'kysely';
import type { Executor } from '../../platform/db/database';
import { type DayRange, dayIndex, rangeEnd } from '../../platform/db/day-buckets';
import type { CardProductsTable, CardsTable, CardTransactionsTable, Database } from '../../platform/db/schema';

export type CardRow = Selectable<CardsTable>;
export type ProductRow = Selectable<CardProductsTable>;
export type CardTxRow = Selectable<CardTransactionsTable>;

export const listProducts = (db: Executor, { enabledOnly }: { enabledOnly: boolean }) => {
  let query = db.selectFrom('card_products').selectAll().orderBy('level').orderBy('name');
  if (enabledOnly) query = query.where('enabled', '=', true);
  return query.execute();
};

export const findProduct = (db: Executor, id: string) => db.selectFrom('card_products').selectAll().where('id', '=', id).executeTakeFirst();

export const findCard = (db: Executor, id: string) => db.selectFrom('cards').selectAll().where('id', '=', id).executeTakeFirst();

export const findUserCard = (db: Executor, userId: string, id: string) =>
  db.selectFrom('cards').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();

/**
 * Locks the card row: every change of a card's balance or state queues here, card by card.
 * Authorization decisions need not (they check the card's version when they write; see authorizations/service.ts).
 */
export const lockCard = (trx: Transaction<Database>, id: string) =>
  trx.selectFrom('cards').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

/** Every card in id order, `limit` of them after the id `after` (keyset: one index range a page); the books reconcile them. */
export function cardsAfter(db: Executor, after: string | null, limit: number) {
  let query = db.selectFrom('cards').select(['id', 'currency', 'status', 'issuer_card_id']).orderBy('id').limit(limit);
  if (after !== null) query = query.where('id', '>', after);
  return query.execute();
}

/** Members' cards in one query, each member's newest first. */
export const listUsersCards = (db: Executor, userIds: readonly string[]) =>
  db
    .selectFrom('cards')
    .selectAll()
    .where('user_id', '=', sql<string>`any(${userIds}::uuid[])`)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();

export const findCardholders = (db: Executor, userIds: readonly string[]) =>
  db.selectFrom('cardholders').selectAll().where('user_id', '=', sql<string>`any(${userIds}::uuid[])`).execute();

export const listUserCards = (db: Executor, userId: string) => listUsersCards(db, [userId]);

export const findCardholder = async (db: Executor, userId: string) => (await findCardholders(db, [userId]))[0];

/** Records an issuer event id; false when it was seen before (the caller then changes nothing). */
export async function claimEvent(trx: Transaction<Database>, id: string, type: string): Promise<boolean> {
  const row = await trx
    .insertInto('card_issuer_events')
    .values({ id, type })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * A card's approved spend since `monthStart`: what its approvals still hold plus what their clearings
 * took, so a reversal gives the limit back. The one definition, used by the decision's read and by the
 * controls' page. The month is the calendar month in UTC: the decision runs for every member at once,
 * the card network's days and the issuer's statements are in UTC, and a member's travel across time
 * zones cannot move the boundary (or open a second allowance) in the middle of a month.
 */
export const monthSpendSql = (cardId: RawBuilder<unknown>, monthStart: Date) => sql<string>`(
  select coalesce(sum(t.held + coalesce(t.settled_amount, 0)), 0)::text from card_transactions t
  where t.card_id = ${cardId} and t.type = 'authorization' and t.approved and t.created_at >= ${monthStart})`;

export const findTransaction = (db: Executor, cardId: string, id: string) =>
  db.selectFrom('card_transactions').selectAll().where('card_id', '=', cardId).where('id', '=', id).executeTakeFirst();

/** The id of the card's latest transaction: a new failure-rate window starts after it. */
export async function lastTransactionId(db: Executor, cardId: string): Promise<string | null> {
  const last = await db
    .selectFrom('card_transactions')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('card_id', '=', cardId)
    .executeTakeFirst();
  return last?.id ?? null;
}

export const updateCard = (db: Executor, cardId: string, changes: Updateable<CardsTable>) =>
  db.updateTable('cards').set(changes).where('id', '=', cardId).execute();

/** A physical card bound to its printed number; binding again keeps the first time. */
/** Bound by its printed number: when (the first time) and the number's fingerprint (number-fingerprint.ts). */
export const markBound = (db: Executor, cardId: string, fingerprint: Buffer, now: Date) =>
  db
    .updateTable('cards')
    .set((eb) => ({ bound_at: eb.fn.coalesce('bound_at', eb.val(now)), number_fingerprint: fingerprint, updated_at: now }))
    .where('id', '=', cardId)
    .execute();

export const insertProduct = (db: Executor, row: Insertable<CardProductsTable>) =>
  db.insertInto('card_products').values(row).returningAll().executeTakeFirstOrThrow();

/** A product row, locked until the transaction ends: its change is audited against what it was. */
export const lockProduct = (trx: Executor, id: string) =>
  trx.selectFrom('card_products').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

export const updateProduct = (db: Executor, id: string, changes: Updateable<CardProductsTable>) =>
  db.updateTable('card_products').set(changes).where('id', '=', id).returningAll().executeTakeFirst();

export interface PageOf {
  userId: string;
  cardId: string;
  /** The id the page starts below (the cursor), or null for the newest. */
  before: string | null;
  limit: number;
}

/**
 * Pages of members' cards' transactions, newest first, in one query: each asked-for card (by its
 * ordinality `i`, from 1) with its page, a card with no transactions as one row of nulls, a card not
 * the member's as none.
 */
export async function transactionPages(db: Executor, pages: readonly PageOf[]) {
  const { rows } = await sql<CardTxRow & { i: string; card_currency: CardRow['currency'] }>`
    select k.i, c.currency as card_currency, t.*
    from unnest(
      ${pages.map((p) => p.cardId)}::uuid[], ${pages.map((p) => p.userId)}::uuid[],
      ${pages.map((p) => p.before)}::bigint[], ${pages.map((p) => p.limit)}::int[]
    ) with ordinality as k(card_id, user_id, before, lim, i)
    join cards c on c.id = k.card_id and c.user_id = k.user_id
    left join lateral (
      select ct.* from card_transactions ct
      -- A bound, not "before is null or", so the index on (card_id, id) starts the scan at the cursor.
      where ct.card_id = c.id and ct.id < coalesce(k.before, ${MAX_ID}::bigint)
      order by ct.id desc
      limit k.lim
    ) t on true
    order by k.i, t.id desc`.execute(db);
  return rows;
}

/** The largest bigint: the bound of a first page. */
const MAX_ID = '9223372036854775807';

/**
 * What the ledger's "card:<id>" references point to, for a record's detail and a statement's rows
 * (wallet/record-subjects.ts): only cards of this member.
 */
export function cardSubjects(db: Executor, userId: string, ids: string[]) {
  return db.selectFrom('cards').select(['id', 'last4']).where('id', 'in', ids).where('user_id', '=', userId).execute();
}

/** Card spend: approved authorizations per day and card currency (reversals and refunds are the member's, not the day's spend). */
export const dailySpendSums = (db: Executor, range: DayRange) =>
  db
    .selectFrom('card_transactions')
    .select([dayIndex('created_at', range).as('day'), 'currency', sql<string>`sum(amount)::text`.as('amount')])
    .where('type', '=', 'authorization')
    .where('approved', '=', true)
    .where('created_at', '>=', range.from)
    .where('created_at', '<', rangeEnd(range))
    .groupBy([sql`1`, 'currency'])
    .execute();

export interface CardFilter {
  userId?: string | undefined;
  last4?: string | undefined;
}

/** Every member's cards, newest first, with the product's name: one page of them and how many match. */
export async function pageCards(db: Executor, filter: CardFilter, page: { offset: number; limit: number }) {
  let query = db.selectFrom('cards').innerJoin('card_products', 'card_products.id', 'cards.product_id');
  if (filter.userId) query = query.where('cards.user_id', '=', filter.userId);
  if (filter.last4) query = query.where('cards.last4', '=', filter.last4);
  const [rows, total] = await Promise.all([
    query
      .selectAll('cards')
      .select('card_products.name as product_name')
      .orderBy('cards.created_at', 'desc')
      .orderBy('cards.id')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export const userIdsByCardLast4 = (db: Executor, last4: string) =>
  db.selectFrom('cards').select('user_id').distinct().where('last4', '=', last4).execute();
