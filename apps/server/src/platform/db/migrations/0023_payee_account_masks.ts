import { type Kysely, sql } from 'kysely';

/**
 * How lists show a payee's account, worked out when it is saved: an Alipay account that is an email
 * reads "ab•••@qq.com" rather than its last 4 characters ("•••• .com"); a phone or bank number still
 * reads by its last 4. Null for payees saved before: their account is sealed, and they keep "•••• 1234".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table payees add column account_masked text`.execute(db);
  await sql`alter table payout_orders add column payee_account_masked text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table payout_orders drop column payee_account_masked`.execute(db);
  await sql`alter table payees drop column account_masked`.execute(db);
}
