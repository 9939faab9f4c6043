import { type Kysely, sql } from 'kysely';

/**
 * Binding a delivered physical card by the number printed on it. The number itself is never stored:
 * the issuer compares it. Wrong numbers are counted so the last digits cannot be guessed by trying.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('cards')
    .addColumn('bound_at', 'timestamptz')
    .addColumn('bind_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bind_locked_until', 'timestamptz')
    .execute();
  await sql`comment on column cards.bound_at is 'physical card: when the printed number was confirmed by the issuer'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('cards').dropColumn('bound_at').dropColumn('bind_failures').dropColumn('bind_locked_until').execute();
}
