import type { Insertable } from 'kysely';
import type { Executor } from '../../platform/db/database';
import type { ExchangeQuotesTable, TransfersTable } from '../../platform/db/schema';

// Transfers, exchange quotes, pairs and rates. Withdrawals are in withdrawal-queries.ts.

export function findTransferByKey(db: Executor, fromUserId: string, key: string) {
  return db
    .selectFrom('transfers')
    .selectAll()
    .where('from_user_id', '=', fromUserId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/** Nothing when a transfer with the same idempotency key already exists. */
export function insertTransfer(db: Executor, row: Insertable<TransfersTable>) {
  return db
    .insertInto('transfers')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .returningAll()
    .executeTakeFirst();
}

/**
 * The members `fromUserId` paid most recently, each once (their latest transfer), newest first.
 * DISTINCT ON keeps one row per recipient; the outer order then sorts those by when they were paid.
 * Served by transfers_sender_recipient_idx.
 */
export function recentRecipients(db: Executor, fromUserId: string, limit: number) {
  const latest = db
    .selectFrom('transfers')
    .distinctOn('to_user_id')
    .select(['to_user_id', 'created_at'])
    .where('from_user_id', '=', fromUserId)
    .orderBy('to_user_id')
    .orderBy('created_at', 'desc')
    .as('latest');
  return db
    .selectFrom(latest)
    .innerJoin('users', 'users.id', 'latest.to_user_id')
    .select(['users.uid', 'users.email', 'users.nickname'])
    .orderBy('latest.created_at', 'desc')
    .limit(limit)
    .execute();
}

export function usdPriceRows(db: Executor) {
  return db.selectFrom('exchange_rates').select(['currency', 'usd_price']).execute();
}

export function listEnabledPairs(db: Executor) {
  return db
    .selectFrom('exchange_pairs')
    .select(['from_currency', 'to_currency', 'type_code'])
    .where('enabled', '=', true)
    .orderBy('from_currency')
    .orderBy('to_currency')
    .execute();
}

export function findEnabledPair(db: Executor, from: string, to: string) {
  return db
    .selectFrom('exchange_pairs')
    .selectAll()
    .where('from_currency', '=', from)
    .where('to_currency', '=', to)
    .where('enabled', '=', true)
    .executeTakeFirst();
}

export function insertQuote(db: Executor, row: Insertable<ExchangeQuotesTable>) {
  return db.insertInto('exchange_quotes').values(row).returningAll().executeTakeFirstOrThrow();
}

export function findQuote(db: Executor, id: string, userId: string) {
  return db.selectFrom('exchange_quotes').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

/** The quote's journal, its row locked to the end of the caller's transaction. */
export function lockQuoteJournal(db: Executor, id: string) {
  return db.selectFrom('exchange_quotes').select(['journal_id']).where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
}

export async function setQuoteJournal(db: Executor, id: string, journalId: string): Promise<void> {
  await db.updateTable('exchange_quotes').set({ journal_id: journalId }).where('id', '=', id).execute();
}
