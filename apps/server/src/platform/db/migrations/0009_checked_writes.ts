import { type Kysely, sql } from 'kysely';

/**
 * What a write that was planned on rows read without locks needs to check, in the same statement,
 * that nothing changed meanwhile (card authorizations decide this way; see cards/authorizations/service.ts):
 * - `cards.version`, bumped by every update of a card, whoever makes it;
 * - `write_guard(ok)`, which fails the whole statement with serialization_failure (40001, "retry")
 *   when a check does not hold, so none of its writes stays.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('cards')
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`create function cards_bump_version() returns trigger language plpgsql as $$
    begin new.version := old.version + 1; return new; end $$`.execute(db);
  await sql`create trigger cards_bump_version before update on cards for each row execute function cards_bump_version()`.execute(db);
  await sql`create function write_guard(ok boolean) returns boolean language plpgsql as $$
    begin
      if ok is not true then raise exception 'a row changed after it was read' using errcode = 'serialization_failure'; end if;
      return true;
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function write_guard(boolean)`.execute(db);
  await sql`drop trigger cards_bump_version on cards`.execute(db);
  await sql`drop function cards_bump_version()`.execute(db);
  await db.schema.alterTable('cards').dropColumn('version').execute();
}
