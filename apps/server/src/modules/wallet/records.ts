import {
  type Currency,
  Decimal,
  isLedgerTypeCode,
  type Language,
  LEDGER_FAMILIES,
  LEDGER_TYPES,
  type LedgerFamily,
  type LedgerRecord,
  type LedgerRecordDetail,
  maskEmail,
  type RecordListReply,
  type RecordSubject,
} from '@wallet/contract';
import { batchedRead } from '../../platform/batched-read';
import type { Db } from '../../platform/db/database';
import { keysetPage } from '../../platform/db/paging';
import { AppError } from '../../platform/errors';
import { readCaches } from '../../platform/read-caches';
import { type EntryPage, type EntryRow, entriesOf, entryPages, USER_WALLET } from '../ledger';
import { figuresOf } from './record-figures';
import { parseReference, subjectsOf } from './record-subjects';

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

interface RecordsQuery {
  cursor?: string | undefined;
  limit: number;
  currency?: Currency | undefined;
  type?: number | undefined;
  family?: LedgerFamily | undefined;
}

/**
 * Every movement of the user's wallet, newest first, paged by entry id (stable under new inserts).
 * The first page, which every opening of the records screen reads, is kept in memory until the
 * member's ledger moves (ADR 0004); later pages are read from the database.
 */
export function listRecords(db: Db, userId: string, query: RecordsQuery, language: Language): RecordListReply | Promise<RecordListReply> {
  const cache = readCaches(db)?.records;
  if (!cache || query.cursor !== undefined) return readRecords(db, userId, query, language);
  const variant = `${language}:${query.limit}:${query.currency ?? ''}:${query.type ?? ''}:${query.family ?? ''}`;
  return cache.get(userId, variant, () => readRecords(db, userId, query, language));
}

async function readRecords(db: Db, userId: string, query: RecordsQuery, language: Language): Promise<RecordListReply> {
  const rows = await walletPage(db, {
    userId,
    page: { purpose: USER_WALLET, before: query.cursor, limit: query.limit + 1, currency: query.currency, typeCodes: typeCodesOf(query) },
  });
  const { page, nextCursor } = keysetPage(rows, query.limit, (r) => r.id);
  return { records: page.map((r) => toRecord(r, language)), nextCursor };
}

/**
 * A member's page of wallet entries, read with the other members' pages of this turn (batched-read.ts):
 * one query for all the members asking for the same page (the first, unfiltered, as the records screen
 * opens), one per other page.
 */
const walletPage = batchedRead(async (db, asked: readonly { userId: string; page: EntryPage }[]) => {
  const groups = new Map<string, { page: EntryPage; owners: Set<string> }>();
  const groupOf = asked.map(({ userId, page }) => {
    const key = JSON.stringify(page);
    let group = groups.get(key);
    if (!group) {
      group = { page, owners: new Set() };
      groups.set(key, group);
    }
    group.owners.add(userId);
    return key;
  });
  const read = new Map<string, Map<string | null, EntryRow[]>>();
  await Promise.all(
    [...groups].map(async ([key, { page, owners }]) => {
      const byOwner = new Map<string | null, EntryRow[]>();
      for (const { owner, ...row } of await entryPages(db, page, [...owners])) {
        const rows = byOwner.get(owner);
        if (rows) rows.push(row);
        else byOwner.set(owner, [row]);
      }
      read.set(key, byOwner);
    }),
  );
  return asked.map(({ userId }, i) => read.get(groupOf[i] as string)?.get(userId) ?? []);
});

/** One type when asked for one (API clients), else the family's types, else every type. */
function typeCodesOf(query: { type?: number | undefined; family?: LedgerFamily | undefined }): number[] | undefined {
  if (query.type !== undefined) return [query.type];
  return query.family === undefined ? undefined : [...LEDGER_FAMILIES[query.family].codes];
}

export async function getRecord(db: Db, userId: string, id: string, language: Language): Promise<LedgerRecordDetail> {
  const [row] = await entriesOf(db, { purpose: USER_WALLET, userId, id, limit: 1 });
  if (!row) throw new AppError('RECORD_NOT_FOUND');
  const [subject, figures] = await Promise.all([subjectOf(db, userId, row.reference), figuresOf(db, userId, row)]);
  return { ...toRecord(row, language), subject, figures };
}

/**
 * Turns a ledger reference ("transfer:<id>", "withdrawal:<id>"...) into what a member can read: the
 * other member of a transfer, the last digits of a card. A withdrawal or flash exchange is linked by
 * its id, which its own page reads.
 */
async function subjectOf(db: Db, userId: string, reference: string | null): Promise<RecordSubject | null> {
  const { kind, id } = parseReference(reference);
  if (kind === null) return null;
  if (kind === 'withdrawals') return { kind: 'withdrawal', id };
  if (kind === 'payouts') return { kind: 'payout', id };
  const subjects = await subjectsOf(db, userId, [reference]);
  if (kind === 'cards') {
    const card = subjects.cards.get(id);
    return card ? { kind: 'card', id, last4: card.last4 } : null;
  }
  if (kind === 'deposits') {
    const deposit = subjects.deposits.get(id);
    return deposit ? { kind: 'deposit', network: deposit.network, txHash: deposit.txHash } : null;
  }
  const transfer = subjects.transfers.get(id);
  return transfer
    ? { kind: 'transfer', direction: transfer.out ? 'out' : 'in', uid: transfer.uid, email: maskEmail(transfer.email) }
    : null;
}
