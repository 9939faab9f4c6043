import { sql } from 'kysely';
import type { Executor } from '../../platform/db/database';

/**
 * One member's accounts and their entries over a period, as a statement reads them (entriesOf pages
 * newest first by id and has no time range). Read-only, always scoped to the member.
 */

export interface StatementAccount {
  id: string;
  currency: string;
  /** The account's balance when the period begins: every entry before it, summed. */
  opening: string;
}

export interface StatementEntry {
  id: string;
  accountId: string;
  typeCode: number;
  currency: string;
  amount: string;
  balanceAfter: string;
  reference: string | null;
  /** Card-side journals name the merchant in their memo. */
  merchant: string | null;
  createdAt: Date;
}

/**
 * Periods are cut by the entries' times, and opening balances are sums of the entries before the
 * cut, not the balance_after of the last of them: two postings to one account can commit in the
 * opposite order of their times, and this way opening + in - out = closing holds whatever the order.
 */
export async function statementAccounts(
  db: Executor,
  filter: { userId: string; purpose: string; currency?: string | undefined },
  start: Date,
): Promise<StatementAccount[]> {
  let q = db
    .selectFrom('ledger_accounts as a')
    .select([
      'a.id',
      'a.currency',
      (eb) =>
        eb
          .selectFrom('ledger_entries as e')
          .select(sql<string>`coalesce(sum(e.amount), 0)::text`.as('sum'))
          .whereRef('e.account_id', '=', 'a.id')
          .where('e.created_at', '<', start)
          .as('opening'),
    ])
    .where('a.user_id', '=', filter.userId)
    .where('a.purpose', '=', filter.purpose)
    .orderBy('a.currency');
  if (filter.currency) q = q.where('a.currency', '=', filter.currency);
  const rows = await q.execute();
  return rows.map((r) => ({ id: r.id, currency: r.currency, opening: r.opening ?? '0' }));
}

/** Entries of these accounts in [start, end), oldest first; at most `limit`. */
export async function statementEntries(
  db: Executor,
  accountIds: string[],
  start: Date,
  end: Date,
  limit: number,
): Promise<StatementEntry[]> {
  if (accountIds.length === 0) return [];
  return db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_journal as j', 'j.id', 'e.journal_id')
    .select([
      'e.id',
      'e.account_id as accountId',
      sql<number>`coalesce(e.type_code, j.type_code)`.as('typeCode'),
      'e.currency',
      sql<string>`e.amount::text`.as('amount'),
      sql<string>`e.balance_after::text`.as('balanceAfter'),
      'j.reference',
      sql<string | null>`j.memo->>'merchant'`.as('merchant'),
      'e.created_at as createdAt',
    ])
    .where('e.account_id', 'in', accountIds)
    .where('e.created_at', '>=', start)
    .where('e.created_at', '<', end)
    .orderBy('e.created_at')
    .orderBy('e.id')
    .limit(limit)
    .execute();
}
