import { type Insertable, type RawBuilder, type Selectable, sql } from 'kysely';
import type { Executor } from '../../platform/db/database';
import type { ExchangeQuotesTable, TransfersTable } from '../../platform/db/schema';
import type { KeyRecord } from '../../platform/idempotency';
import {
  type LiveCodeRow,
  liveCodeColumn,
  type MemberByUid,
  memberByUidColumn,
  type PayerRow,
  payerColumn,
  spendCodeSql,
} from '../auth/service';
import { walletColumn } from '../ledger';

// Transfers, exchange quotes, pairs and rates. Withdrawals are in withdrawal-queries.ts.

/** A transfer as the money request reads and writes it: amounts as text, never a JSON number. */
export type TransferRow = { id: string; currency: string; amount: string; created_at: Date };
const transferJson = (t: string) =>
  sql.raw(`json_build_object('id', ${t}.id::text, 'currency', ${t}.currency, 'amount', ${t}.amount::text, 'created_at', ${t}.created_at)`);
type Json<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] };

/**
 * Everything a transfer checks before its transaction, in one read: the key's record, the payer, the
 * live transfer code, the sender's wallet, the recipient with their wallet, and a transfer already
 * made with this key.
 */
export async function readTransfer(
  db: Executor,
  ask: { userId: string; toUid: string; currency: string; key: string; record: RawBuilder<KeyRecord | null> },
) {
  const row = await sql<{
    record: Json<KeyRecord> | null;
    payer: PayerRow | null;
    code: LiveCodeRow | null;
    wallet: { id: string; balance: string } | null;
    recipient: MemberByUid | null;
    recipient_wallet: { id: string; balance: string } | null;
    existing: Json<TransferRow> | null;
  }>`select ${ask.record} as record, ${payerColumn(ask.userId)} as payer, ${liveCodeColumn(ask.userId, 'transfer')} as code,
      ${walletColumn(sql`${ask.userId}::uuid`, ask.currency)} as wallet, r.recipient,
      ${walletColumn(sql`(r.recipient->>'id')::uuid`, ask.currency)} as recipient_wallet,
      (select ${transferJson('t')} from transfers t where t.from_user_id = ${ask.userId} and t.idempotency_key = ${ask.key}) as existing
    from (select ${memberByUidColumn(ask.toUid)} as recipient) r`.execute(db);
  const read = row.rows[0];
  if (!read) throw new Error('readTransfer: no row');
  return { ...read, existing: read.existing && { ...read.existing, created_at: new Date(read.existing.created_at) } };
}

/**
 * The transfer's row and the spending of its code, in one statement of the money transaction. Null
 * when a transfer with the same key exists (committed by a request running alongside); `spent` false
 * when the code was spent meanwhile.
 */
export async function insertTransferSpendingCode(
  db: Executor,
  row: Insertable<TransfersTable>,
  code: { id: string; now: Date },
): Promise<{ transfer: TransferRow; spent: boolean } | null> {
  const result = await sql<TransferRow & { spent: boolean }>`with t as (
      insert into transfers (from_user_id, to_user_id, currency, amount, idempotency_key, created_at)
      values (${row.from_user_id}, ${row.to_user_id}, ${row.currency}, ${row.amount}, ${row.idempotency_key}, ${row.created_at})
      on conflict do nothing returning *
    ), spent as (${spendCodeSql(code.id, code.now, sql<boolean>`exists (select 1 from t)`)})
    select t.id::text, t.currency, t.amount::text, t.created_at, exists (select 1 from spent) as spent from t`.execute(db);
  const made = result.rows[0];
  if (!made) return null;
  const { spent, ...transfer } = made;
  return { transfer, spent };
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

export async function upsertRate(db: Executor, rate: { currency: string; usdPrice: string; updatedBy: string; now: Date }) {
  await db
    .insertInto('exchange_rates')
    .values({ currency: rate.currency, usd_price: rate.usdPrice, updated_by: rate.updatedBy })
    .onConflict((oc) => oc.column('currency').doUpdateSet({ usd_price: rate.usdPrice, updated_at: rate.now, updated_by: rate.updatedBy }))
    .execute();
}

/** False when the pair does not exist (pairs are seeded, never created here). */
export async function updatePair(
  db: Executor,
  pair: { from: string; to: string; spread: string; feeRate: string; enabled: boolean; now: Date },
): Promise<boolean> {
  const result = await db
    .updateTable('exchange_pairs')
    .set({ spread: pair.spread, fee_rate: pair.feeRate, enabled: pair.enabled, updated_at: pair.now })
    .where('from_currency', '=', pair.from)
    .where('to_currency', '=', pair.to)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
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

/** Everything an exchange checks before its transaction, in one read: the quote, the key's record and the payer. */
export async function readExchange(db: Executor, ask: { userId: string; quoteId: string; record: RawBuilder<KeyRecord | null> }) {
  const row = await sql<{ record: Json<KeyRecord> | null; payer: PayerRow | null; quote: Json<Selectable<ExchangeQuotesTable>> | null }>`
    select ${ask.record} as record, ${payerColumn(ask.userId)} as payer,
      (select json_build_object('id', id::text, 'from_currency', from_currency, 'to_currency', to_currency, 'type_code', type_code,
        'amount_in', amount_in::text, 'fee', fee::text, 'rate', rate::text, 'amount_out', amount_out::text,
        'created_at', created_at, 'expires_at', expires_at, 'journal_id', journal_id::text, 'user_id', user_id)
        from exchange_quotes where id = ${ask.quoteId} and user_id = ${ask.userId}) as quote`.execute(db);
  const read = row.rows[0];
  if (!read) throw new Error('readExchange: no row');
  const quote = read.quote && { ...read.quote, created_at: new Date(read.quote.created_at), expires_at: new Date(read.quote.expires_at) };
  return { ...read, quote };
}

/** The quote's journal, its row locked to the end of the caller's transaction. */
export function lockQuoteJournal(db: Executor, id: string) {
  return db.selectFrom('exchange_quotes').select(['journal_id']).where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
}

/** Marks the quote executed by its journal: a statement for the caller to run, alone or with others. */
export function markQuoteExecuted(id: string, journalId: string): RawBuilder<unknown> {
  return sql`update exchange_quotes set journal_id = ${journalId} where id = ${id}`;
}

/** Every price and pair with their terms, for the operators' console. */
export function ratesAndPairs(db: Executor) {
  return Promise.all([
    db.selectFrom('exchange_rates').selectAll().orderBy('currency').execute(),
    db.selectFrom('exchange_pairs').selectAll().orderBy('from_currency').orderBy('to_currency').execute(),
  ]);
}
