import { type RawBuilder, type Selectable, sql, type Transaction } from 'kysely';
import type { Executor } from '../../platform/db/database';
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
