import { type Kysely, sql } from 'kysely';

/**
 * The "it was not me" link of a security email (account_lock_tokens) also comes with the emails about
 * the second factor: a factor added or removed, recovery codes renewed. A thief with a stolen session
 * who puts their own authenticator on the account must be one click away from being locked out.
 */
const OLD = `'address_saved', 'password_changed', 'password_reset', 'address_changed'`;
const NEW = `${OLD}, 'second_factor_changed'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table account_lock_tokens drop constraint account_lock_tokens_event_check`.execute(db);
  await sql`alter table account_lock_tokens add constraint account_lock_tokens_event_check check (event in (${sql.raw(NEW)}))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from account_lock_tokens where event = 'second_factor_changed'`.execute(db);
  await sql`alter table account_lock_tokens drop constraint account_lock_tokens_event_check`.execute(db);
  await sql`alter table account_lock_tokens add constraint account_lock_tokens_event_check check (event in (${sql.raw(OLD)}))`.execute(db);
}
