import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { CardProductsTable, CardsTable, CardTransactionsTable, Database } from '../../platform/db/schema';

type Executor = Kysely<Database> | Transaction<Database>;
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

/** Locks the card row: every decision that reads or moves a card's balance queues here, card by card. */
export const lockCard = (trx: Transaction<Database>, id: string) =>
  trx.selectFrom('cards').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

/** Locks the card (by the issuer's id) and reads its available balance with it; null balance: no account yet. */
export async function lockCardWithBalance(trx: Transaction<Database>, issuerCardId: string) {
  const result = await sql<CardRow & { available_balance: string | null }>`
    select c.*, a.balance as available_balance from cards c
    left join ledger_accounts a on coalesce(a.user_id, '00000000-0000-0000-0000-000000000000'::uuid) = c.user_id
      and a.currency = c.currency and a.purpose = 'card:' || c.id::text
    where c.issuer_card_id = ${issuerCardId}
    for update of c`.execute(trx);
  return result.rows[0];
}

export const listUserCards = (db: Executor, userId: string) =>
  db.selectFrom('cards').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id').execute();

export const findCardholder = (db: Executor, userId: string) =>
  db.selectFrom('cardholders').selectAll().where('user_id', '=', userId).executeTakeFirst();

export const lockAuthorization = (trx: Transaction<Database>, authorizationId: string) =>
  trx
    .selectFrom('card_transactions')
    .selectAll()
    .where('type', '=', 'authorization')
    .where('issuer_ref', '=', authorizationId)
    .forUpdate()
    .executeTakeFirst();

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
