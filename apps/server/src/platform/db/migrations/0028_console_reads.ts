import { type Kysely, sql } from 'kysely';

/**
 * What the operators' console reads by time or by a member's handle (issue 42): the dashboard's
 * figures of a day range (users, credited deposits, card spend, flash exchange orders), the lists of
 * every withdrawal and deposit newest first, and the member search by email prefix and by a card's
 * last four digits. Without these each console load would read those tables whole.
 */
const INDEXES: Array<[string, string]> = [
  ['users_email_prefix_idx', 'users (email text_pattern_ops)'],
  ['users_created_idx', 'users (created_at)'],
  ['chain_deposits_credited_idx', "chain_deposits (credited_at) where status = 'credited'"],
  ['chain_deposits_detected_idx', 'chain_deposits (detected_at desc, id desc)'],
  ['withdrawals_created_idx', 'withdrawals (created_at desc, id desc)'],
  ['card_transactions_spend_idx', "card_transactions (created_at) where type = 'authorization' and approved"],
  ['payout_orders_created_idx', "payout_orders (created_at) where stage <> 'rejected'"],
  ['cards_last4_idx', 'cards (last4)'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, definition] of INDEXES) await sql.raw(`create index ${name} on ${definition}`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of INDEXES) await sql.raw(`drop index ${name}`).execute(db);
}
