import { type Kysely, sql } from 'kysely';

/**
 * The member's app lock: how long the app may sit unused before it asks for the payment
 * password or a passkey again. Null is off; 0 locks whenever the app is opened or brought back.
 * Kept on the member rather than in the browser, so it follows them to every device they sign in on.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column app_lock_idle_seconds integer
    check (app_lock_idle_seconds in (0, 60, 300, 900))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users drop column app_lock_idle_seconds`.execute(db);
}
