import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';

/**
 * The ledger's invariants (DESIGN.md section 3), checked by SQL over the whole ledger. Returns one
 * line per violation; an empty list means the books are sound.
 */
export async function ledgerViolations(db: Db): Promise<string[]> {
  const problems: string[] = [];
  const unbalancedCurrencies = await sql<{ currency: string; total: string }>`
    select currency, sum(balance)::text as total from ledger_accounts group by currency having sum(balance) <> 0`.execute(db);
  for (const r of unbalancedCurrencies.rows) problems.push(`balances in ${r.currency} sum to ${r.total}, not 0`);

  const drifted = await sql<{ id: string; balance: string; entries: string }>`
    select a.id, a.balance::text, coalesce(sum(e.amount), 0)::text as entries
    from ledger_accounts a left join ledger_entries e on e.account_id = a.id
    group by a.id having a.balance <> coalesce(sum(e.amount), 0)`.execute(db);
  for (const r of drifted.rows) problems.push(`account ${r.id} holds ${r.balance} but its entries sum to ${r.entries}`);

  const negative = await sql<{ id: string; balance: string }>`
    select id, balance::text from ledger_accounts where user_id is not null and balance < 0`.execute(db);
  for (const r of negative.rows) problems.push(`user account ${r.id} is negative: ${r.balance}`);

  const openJournals = await sql<{ journal_id: string; currency: string }>`
    select journal_id, currency from ledger_entries group by journal_id, currency having sum(amount) <> 0`.execute(db);
  for (const r of openJournals.rows) problems.push(`journal ${r.journal_id} does not balance in ${r.currency}`);
  return problems;
}
