import { type Kysely, sql } from 'kysely';

/** Accounts, sessions, emailed codes, bound-address history and the development mail outbox. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('uid', 'text', (c) => c.notNull().unique().check(sql`uid ~ '^[1-9][0-9]{7}$'`))
    .addColumn('email', 'text', (c) => c.notNull().unique().check(sql`email = lower(email)`))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('payment_password_hash', 'text')
    .addColumn('nickname', 'text')
    .addColumn('phone_area_code', 'text')
    .addColumn('phone', 'text')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('display_currency', 'text', (c) => c.notNull().defaultTo('USD'))
    .addColumn('bound_network', 'text', (c) => c.notNull().check(sql`bound_network in ('TRON', 'BSC')`))
    .addColumn('bound_address', 'text', (c) => c.notNull())
    .addColumn('invite_code', 'text', (c) => c.notNull().unique())
    .addColumn('invited_by', 'uuid', (c) => c.references('users.id'))
    .addColumn('password_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('password_first_failure_at', 'timestamptz')
    .addColumn('password_locked_until', 'timestamptz')
    .addColumn('payment_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('payment_locked_until', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('users_invited_by_idx').on('users').column('invited_by').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'bytea', (c) => c.notNull().unique())
    .addColumn('device', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_used_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').columns(['user_id', 'last_used_at']).execute();

  await db.schema
    .createTable('email_codes')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'bytea', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('consumed_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('email_codes_lookup_idx').on('email_codes').columns(['email', 'purpose', 'created_at']).execute();

  await db.schema
    .createTable('address_changes')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('old_network', 'text', (c) => c.notNull())
    .addColumn('old_address', 'text', (c) => c.notNull())
    .addColumn('new_network', 'text', (c) => c.notNull())
    .addColumn('new_address', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('address_changes_user_idx').on('address_changes').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['mail_outbox', 'address_changes', 'email_codes', 'sessions', 'users']) {
    await db.schema.dropTable(table).execute();
  }
}
