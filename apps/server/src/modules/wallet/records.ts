import { type Currency, Decimal, isLedgerTypeCode, type Language, LEDGER_TYPES, type LedgerRecord } from '@wallet/contract';
import type { Db } from '../../platform/db/database';
import { keysetPage } from '../../platform/db/paging';
import { AppError } from '../../platform/errors';
import { type EntryRow, entriesOf, USER_WALLET } from '../ledger';

function toRecord(row: EntryRow, language: Language): LedgerRecord {
  return {
    id: row.id,
    typeCode: row.typeCode,
    label: isLedgerTypeCode(row.typeCode) ? LEDGER_TYPES[row.typeCode].label[language] : String(row.typeCode),
    currency: row.currency as Currency,
    amount: new Decimal(row.amount).toFixed(),
    balanceAfter: new Decimal(row.balanceAfter).toFixed(),
    reference: row.reference,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Every movement of the user's wallet, newest first, paged by entry id (stable under new inserts). */
export async function listRecords(
  db: Db,
  userId: string,
  query: { cursor?: string | undefined; limit: number; currency?: Currency | undefined; type?: number | undefined },
  language: Language,
) {
  const rows = await entriesOf(db, {
    purpose: USER_WALLET,
    userId,
    before: query.cursor,
    limit: query.limit + 1,
    currency: query.currency,
    typeCodes: query.type === undefined ? undefined : [query.type],
  });
  const { page, nextCursor } = keysetPage(rows, query.limit, (r) => r.id);
  return { records: page.map((r) => toRecord(r, language)), nextCursor };
}

export async function getRecord(db: Db, userId: string, id: string, language: Language) {
  const [row] = await entriesOf(db, { purpose: USER_WALLET, userId, id, limit: 1 });
  if (!row) throw new AppError('RECORD_NOT_FOUND');
  return toRecord(row, language);
}
