import { type Currency, isLedgerTypeCode, type Language, LEDGER_TYPES, type LedgerRecord } from '@wallet/contract';
import Decimal from 'decimal.js';
import type { Db } from '../../platform/db/database';
import { keysetPage } from '../../platform/db/paging';
import { AppError } from '../../platform/errors';
import { USER_WALLET } from './ledger';

function baseQuery(db: Db, userId: string) {
  return db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    .innerJoin('ledger_journal as j', 'j.id', 'e.journal_id')
    .select(['e.id', 'j.type_code', 'e.currency', 'e.amount', 'e.balance_after', 'j.reference', 'e.created_at'])
    .where('a.user_id', '=', userId)
    .where('a.purpose', '=', USER_WALLET);
}

type Row = {
  id: string;
  type_code: number;
  currency: string;
  amount: string;
  balance_after: string;
  reference: string | null;
  created_at: Date;
};

function toRecord(row: Row, language: Language): LedgerRecord {
  return {
    id: row.id,
    typeCode: row.type_code,
    label: isLedgerTypeCode(row.type_code) ? LEDGER_TYPES[row.type_code].label[language] : String(row.type_code),
    currency: row.currency as Currency,
    amount: new Decimal(row.amount).toFixed(),
    balanceAfter: new Decimal(row.balance_after).toFixed(),
    reference: row.reference,
    createdAt: row.created_at.toISOString(),
  };
}

/** Every movement of the user's wallet, newest first, paged by entry id (stable under new inserts). */
export async function listRecords(
  db: Db,
  userId: string,
  query: { cursor?: string | undefined; limit: number; currency?: Currency | undefined; type?: number | undefined },
  language: Language,
) {
  let q = baseQuery(db, userId)
    .orderBy('e.id', 'desc')
    .limit(query.limit + 1);
  if (query.cursor) q = q.where('e.id', '<', query.cursor);
  if (query.currency) q = q.where('e.currency', '=', query.currency);
  if (query.type !== undefined) q = q.where('j.type_code', '=', query.type);
  const { page, nextCursor } = keysetPage(await q.execute(), query.limit, (r) => r.id);
  return { records: page.map((r) => toRecord(r, language)), nextCursor };
}

export async function getRecord(db: Db, userId: string, id: string, language: Language) {
  const row = await baseQuery(db, userId).where('e.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('RECORD_NOT_FOUND');
  return toRecord(row, language);
}
