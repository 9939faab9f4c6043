import { type Kysely, sql } from 'kysely';

/**
 * Double-entry ledger (DESIGN.md section 3): accounts hold balances, journals are business events,
 * entries move amounts between accounts and sum to zero per currency within a journal.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ledger_accounts')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'uuid', (c) => c.references('users.id'))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('balance', sql`numeric(38, 18)`, (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // The last line of defence: whatever the code does, a user's balance never goes below zero.
    .addCheckConstraint('ledger_accounts_user_not_negative', sql`user_id is null or balance >= 0`)
    .execute();
  await sql`create unique index ledger_accounts_owner_key on ledger_accounts
    (coalesce(user_id, '00000000-0000-0000-0000-000000000000'::uuid), currency, purpose)`.execute(db);

  await db.schema
    .createTable('ledger_journal')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('type_code', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'uuid', (c) => c.references('users.id'))
    .addColumn('reference', 'text')
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('memo', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('ledger_journal_user_idx').on('ledger_journal').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('ledger_entries')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('journal_id', 'bigint', (c) => c.notNull().references('ledger_journal.id'))
    .addColumn('account_id', 'bigint', (c) => c.notNull().references('ledger_accounts.id'))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('amount', sql`numeric(38, 18)`, (c) => c.notNull().check(sql`amount <> 0`))
    .addColumn('balance_before', sql`numeric(38, 18)`, (c) => c.notNull())
    .addColumn('balance_after', sql`numeric(38, 18)`, (c) => c.notNull())
    .addColumn('account_version', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('ledger_entries_balance_moves_by_amount', sql`balance_after = balance_before + amount`)
    .execute();
  await db.schema.createIndex('ledger_entries_account_idx').on('ledger_entries').columns(['account_id', 'id']).execute();
  await db.schema.createIndex('ledger_entries_journal_idx').on('ledger_entries').column('journal_id').execute();

  // Entries and journals are history: never rewritten.
  await sql`create function ledger_append_only() returns trigger language plpgsql as $$
    begin raise exception '% is append-only', tg_table_name; end $$`.execute(db);
  for (const table of ['ledger_entries', 'ledger_journal']) {
    await sql`create trigger ${sql.raw(`${table}_append_only`)} before update or delete on ${sql.table(table)}
      for each row execute function ledger_append_only()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ledger_entries').execute();
  await db.schema.dropTable('ledger_journal').execute();
  await db.schema.dropTable('ledger_accounts').execute();
  await sql`drop function ledger_append_only()`.execute(db);
}
