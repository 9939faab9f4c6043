import { type Kysely, sql } from 'kysely';

/** Who did what and when, for operator and security review; rows are only ever appended. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('actor_kind', 'text', (col) => col.notNull().check(sql`actor_kind in ('user', 'admin', 'system')`))
    .addColumn('actor_id', 'text')
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('subject', 'text')
    .addColumn('details', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('ip', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('audit_log_subject_idx').on('audit_log').columns(['subject', 'created_at']).execute();
  await sql`
    create function audit_log_append_only() returns trigger language plpgsql as $$
    begin raise exception 'audit_log is append-only'; end $$`.execute(db);
  await sql`
    create trigger audit_log_no_change before update or delete on audit_log
    for each row execute function audit_log_append_only()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
  await sql`drop function audit_log_append_only()`.execute(db);
}
