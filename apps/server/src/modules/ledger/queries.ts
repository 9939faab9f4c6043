import { type Currency, Decimal, isCurrency } from '@wallet/contract';
import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../../platform/db/database';
import { USER_WALLET } from './accounts';
import { HELD } from './holds';

/** What other modules read of the ledger: balances and entries, never its tables directly. */

export interface Balance {
  currency: Currency;
  balance: string;
}

/** A user's wallet balances, one per currency they have ever held. */
export async function walletBalances(db: Executor, userId: string): Promise<Balance[]> {
  return (await walletBalancesOfMany(db, [userId])).get(userId) ?? [];
}

/** Many users' wallet balances in one query, by user (a user who never held anything is left out). */
export async function walletBalancesOfMany(db: Executor, userIds: readonly string[]): Promise<Map<string, Balance[]>> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['user_id', 'currency', 'balance'])
    .where('user_id', '=', sql<string>`any(${userIds}::uuid[])`)
    .where('purpose', '=', USER_WALLET)
    .execute();
  const byUser = new Map<string, Balance[]>();
  for (const row of rows) {
    if (row.user_id === null || !isCurrency(row.currency)) continue;
    let balances = byUser.get(row.user_id);
    if (!balances) {
      balances = [];
      byUser.set(row.user_id, balances);
    }
    balances.push({ currency: row.currency, balance: new Decimal(row.balance).toFixed() });
  }
  return byUser;
}

/**
 * A member's money per currency as operators read it: available (the wallet) and held (set aside for a
 * withdrawal, a flash exchange or a card in flight, the held account of holds.ts).
 */
export async function memberBalances(
  db: Executor,
  userId: string,
): Promise<Array<{ currency: Currency; available: string; held: string }>> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['currency', 'purpose', 'balance'])
    .where('user_id', '=', userId)
    .where('purpose', 'in', [USER_WALLET, HELD])
    .execute();
  const byCurrency = new Map<Currency, { currency: Currency; available: string; held: string }>();
  for (const row of rows) {
    if (!isCurrency(row.currency)) continue;
    const entry = byCurrency.get(row.currency) ?? { currency: row.currency, available: '0', held: '0' };
    const amount = new Decimal(row.balance).toFixed();
    if (row.purpose === USER_WALLET) entry.available = amount;
    else entry.held = amount;
    byCurrency.set(row.currency, entry);
  }
  return [...byCurrency.values()];
}

/** Balances of accounts by purpose (any owner), for modules that keep one account per object (cards). */
export async function balancesByPurpose(db: Executor, purposes: string[]): Promise<Map<string, string>> {
  if (purposes.length === 0) return new Map();
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['purpose', 'balance'])
    .where('purpose', '=', sql<string>`any(${purposes}::text[])`)
    .execute();
  return new Map(rows.map((r) => [r.purpose, r.balance]));
}

/** A house account's balance: the sum of its shards (accounts.ts), as of one snapshot. */
export async function houseBalance(db: Executor, currency: string, purpose: string): Promise<string> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select(sql<string>`coalesce(sum(balance), 0)::text`.as('balance'))
    .where('user_id', 'is', null)
    .where('currency', '=', currency)
    .where('purpose', '=', purpose)
    .executeTakeFirstOrThrow();
  return new Decimal(row.balance).toFixed();
}

/** The balance of one account. */
export async function balanceOf(db: Executor, accountId: string): Promise<string> {
  const row = await db.selectFrom('ledger_accounts').select('balance').where('id', '=', accountId).executeTakeFirstOrThrow();
  return row.balance;
}

export interface EntryRow {
  id: string;
  journalId: string;
  /** This side's record code: the entry's own, else its journal's. */
  typeCode: number;
  currency: string;
  amount: string;
  balanceAfter: string;
  reference: string | null;
  createdAt: Date;
}

export interface EntryFilter {
  /** The accounts' purpose (e.g. `wallet`, `card:<id>`), and their owner when given. */
  purpose: string;
  userId?: string;
  /** Entries older than this entry id (keyset paging, newest first). */
  before?: string | undefined;
  limit: number;
  currency?: string | undefined;
  typeCodes?: number[] | undefined;
  /** One entry by id. */
  id?: string;
  /** The entries one posting wrote. */
  journalId?: string;
}

/**
 * Entries of a user's (or an object's) accounts with their record code, newest first. A page of one
 * owner's entries reads each of their accounts' newest entries by its (account_id, id) index and
 * merges them, instead of gathering all of an account's entries and sorting them for every page: a
 * member with 10,000 records costs one page, not 10,000 rows.
 */
export async function entriesOf(db: Executor, filter: EntryFilter): Promise<EntryRow[]> {
  if (filter.id || filter.journalId) return entriesWhere(db, filter);
  const { userId, ...page } = filter;
  return entryPages(db, page, userId === undefined ? undefined : [userId]);
}

/** A page of entries, as entriesOf reads it, without the owner. */
export type EntryPage = Omit<EntryFilter, 'userId' | 'id' | 'journalId'>;

/**
 * The same page of entries for each of these owners in one query (the newest `limit` of each), or of
 * every account of the purpose when no owners are given. Each row names its owner.
 */
export async function entryPages(
  db: Executor,
  filter: EntryPage,
  owners?: readonly string[],
): Promise<Array<EntryRow & { owner: string | null }>> {
  const pages = db
    .selectFrom('ledger_accounts as a')
    .innerJoinLateral(
      (eb) => {
        const code = sql<number>`coalesce(e.type_code, j.type_code)`;
        let page = eb
          .selectFrom('ledger_entries as e')
          .innerJoin('ledger_journal as j', 'j.id', 'e.journal_id')
          .select(entryColumns(code))
          .whereRef('e.account_id', '=', 'a.id')
          .orderBy('e.id', 'desc')
          .limit(filter.limit);
        if (filter.before) page = page.where('e.id', '<', filter.before);
        if (filter.currency) page = page.where('e.currency', '=', filter.currency);
        if (filter.typeCodes) page = page.where(code, 'in', filter.typeCodes);
        return page.as('p');
      },
      (join) => join.onTrue(),
    )
    .selectAll('p')
    .select((eb) => [
      'a.user_id as owner',
      // Each owner's newest first: the rank cuts every owner's page to the limit.
      eb.fn
        .agg<string>('row_number')
        .over((over) => (owners ? over.partitionBy('a.user_id') : over).orderBy('p.id', 'desc'))
        .as('rank'),
    ])
    .where('a.purpose', '=', filter.purpose)
    .$if(owners !== undefined, (q) => q.where('a.user_id', '=', sql<string>`any(${owners}::uuid[])`));
  const rows = await db
    .selectFrom(pages.as('r'))
    .selectAll('r')
    .where('r.rank', '<=', String(filter.limit))
    .$if(owners !== undefined, (q) => q.orderBy('r.owner'))
    .orderBy('r.id', 'desc')
    .execute();
  return rows.map(({ rank: _rank, ...row }) => row);
}

/** An entry's record columns, from `ledger_entries as e` joined to `ledger_journal as j`. */
const entryColumns = (code: RawBuilder<number>) =>
  [
    'e.id',
    'j.id as journalId',
    code.as('typeCode'),
    'e.currency',
    'e.amount',
    'e.balance_after as balanceAfter',
    'j.reference',
    'e.created_at as createdAt',
  ] as const;

/** One entry by id, or the entries one posting wrote, of the filter's accounts. */
async function entriesWhere(db: Executor, filter: EntryFilter): Promise<EntryRow[]> {
  const code = sql<number>`coalesce(e.type_code, j.type_code)`;
  let q = db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    .innerJoin('ledger_journal as j', 'j.id', 'e.journal_id')
    .select(entryColumns(code))
    .where('a.purpose', '=', filter.purpose)
    .orderBy('e.id', 'desc')
    .limit(filter.limit);
  if (filter.userId) q = q.where('a.user_id', '=', filter.userId);
  if (filter.id) q = q.where('e.id', '=', filter.id);
  if (filter.journalId) q = q.where('e.journal_id', '=', filter.journalId);
  if (filter.before) q = q.where('e.id', '<', filter.before);
  if (filter.currency) q = q.where('e.currency', '=', filter.currency);
  if (filter.typeCodes) q = q.where(code, 'in', filter.typeCodes);
  return q.execute();
}

/** What a journal was posted with (its memo: e.g. the quote a card top-up's hold was placed under), {} when none. */
export async function journalMemo(db: Executor, journalId: string): Promise<Record<string, unknown>> {
  const row = await db.selectFrom('ledger_journal').select('memo').where('id', '=', journalId).executeTakeFirst();
  return row?.memo ?? {};
}

/** Whether a journal with this idempotency key exists (a keyed job asks before it works out a posting). */
export async function journalExists(db: Executor, idempotencyKey: string): Promise<boolean> {
  return (
    (await db.selectFrom('ledger_journal').select('id').where('idempotency_key', '=', idempotencyKey).executeTakeFirst()) !== undefined
  );
}

/** The ids of an owner's accounts of these purposes in one currency that exist already, by purpose. */
export async function existingAccounts(db: Executor, userId: string, currency: string, purposes: string[]): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['id', 'purpose'])
    .where('user_id', '=', userId)
    .where('currency', '=', currency)
    .where('purpose', 'in', purposes)
    .execute();
  return new Map(rows.map((r) => [r.purpose, r.id]));
}

/**
 * For a caller's own statement that must read an account in the same round trip (card decisions): a
 * lateral subquery of the account of this owner, currency and purpose (SQL expressions of the
 * caller's row), as `id, balance, version`. "limit 1", which the planner does not flatten into a
 * join, keeps it one probe of the owner index per row, whatever the table's size or statistics.
 */
export function accountLateral(userId: RawBuilder<unknown>, currency: RawBuilder<unknown>, purpose: RawBuilder<unknown>) {
  return sql`(select id, balance, version from ledger_accounts
    where coalesce(user_id, '00000000-0000-0000-0000-000000000000'::uuid) = ${userId}
      and currency = ${currency} and purpose = ${purpose} limit 1)`;
}

/** A member's wallet in one currency, as a column of a caller's one read (accountLateral's probe): null until they first hold it. */
export function walletColumn(userId: RawBuilder<unknown>, currency: string): RawBuilder<{ id: string; balance: string } | null> {
  return sql`(select json_build_object('id', a.id::text, 'balance', a.balance::text)
    from ${accountLateral(userId, sql`${currency}`, sql`${USER_WALLET}`)} a)`;
}

/**
 * For a caller's statement that decided something from balances it read without locks and writes none
 * of them (a card purchase declined for its balance): true while every account is still at the version
 * read, to be checked in that same statement (write_guard). Any posting bumps an account's version, so
 * money that arrived after the read (a recharge settling, a hold released) fails the check. Seen at the
 * statement's snapshot: what commits later comes after the decision, as it would after a lock.
 */
export function accountsAtVersions(accounts: ReadonlyArray<{ id: string; version: string }>): RawBuilder<boolean> {
  const unique = [...new Map(accounts.map((a) => [a.id, a])).values()];
  if (unique.length === 0) return sql<boolean>`true`;
  return sql<boolean>`((select count(*) from ledger_accounts a
    join unnest(${unique.map((a) => a.id)}::bigint[], ${unique.map((a) => a.version)}::bigint[]) as v(id, version)
      on a.id = v.id and a.version = v.version) = ${unique.length})`;
}

/**
 * The sum of every entry since a moment on the system accounts of these purposes (all shards of a
 * house account): how much they moved, which the books compare with a chain wallet (issue 45).
 */
export async function systemMovementSince(
  db: Executor,
  input: { currency: string; purposes: readonly string[]; since: Date },
): Promise<string> {
  const row = await db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    .select(sql<string>`coalesce(sum(e.amount), 0)::text`.as('sum'))
    .where('a.user_id', 'is', null)
    .where('a.currency', '=', input.currency)
    .where('a.purpose', 'in', [...input.purposes])
    .where('e.created_at', '>=', input.since)
    .executeTakeFirstOrThrow();
  return new Decimal(row.sum).toFixed();
}
