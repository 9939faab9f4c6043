import { type RawBuilder, sql } from 'kysely';

/**
 * Every member's total per currency across all their accounts (wallet, cards, card holds, placement,
 * held): what the platform owes them, for proof of reserves (issue 45). A member with an account in a
 * currency is listed even at zero, so each of them gets a proof. An SQL builder, not a read, so the
 * caller can stream it through a cursor inside its own REPEATABLE READ transaction.
 */
export function memberTotalsSql(): RawBuilder<{ user_id: string; currency: string; total: string }> {
  return sql`select user_id, currency, sum(balance)::text as total
    from ledger_accounts where user_id is not null group by user_id, currency`;
}
