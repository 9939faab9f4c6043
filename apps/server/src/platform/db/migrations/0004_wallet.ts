import { type Kysely, sql } from 'kysely';

const money = sql`numeric(38, 18)`;

/** Idempotent requests, exchange rates, pairs and quotes, transfers and withdrawals. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('idempotency_requests')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('route', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('response', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('completed_at', 'timestamptz')
    .addPrimaryKeyConstraint('idempotency_requests_pk', ['user_id', 'key'])
    .execute();

  await db.schema
    .createTable('exchange_rates')
    .addColumn('currency', 'text', (c) => c.primaryKey())
    .addColumn('usd_price', money, (c) => c.notNull().check(sql`usd_price > 0`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by', 'text')
    .execute();
  // Demo prices in USD; operators set real ones through the admin API.
  await sql`insert into exchange_rates (currency, usd_price, updated_by) values
    ('USD', 1, 'seed'), ('USDT', 0.9998, 'seed'), ('HKD', 0.1284, 'seed'), ('CNY', 0.1381, 'seed'),
    ('JPY', 0.00652, 'seed'), ('KRW', 0.000712, 'seed'), ('EUR', 1.0712, 'seed'), ('SBC', 0.25, 'seed'),
    ('ABI', 0.05, 'seed'), ('BTC', 91250, 'seed'), ('ETH', 3120, 'seed')`.execute(db);

  await db.schema
    .createTable('exchange_pairs')
    .addColumn('from_currency', 'text', (c) => c.notNull())
    .addColumn('to_currency', 'text', (c) => c.notNull())
    .addColumn('type_code', 'integer', (c) => c.notNull())
    .addColumn('spread', sql`numeric(10, 6)`, (c) => c.notNull().check(sql`spread >= 0 and spread < 1`))
    .addColumn('fee_rate', sql`numeric(10, 6)`, (c) => c.notNull().check(sql`fee_rate >= 0 and fee_rate < 1`))
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addPrimaryKeyConstraint('exchange_pairs_pk', ['from_currency', 'to_currency'])
    .execute();

  // The pairs of PRODUCT_SPEC.md section 4 with a demo 0.5% spread and 0.1% fee.
  await sql`insert into exchange_pairs (from_currency, to_currency, type_code, spread, fee_rate) values
    ('USDT', 'USD', 41, 0.005, 0.001),
    ('USD', 'USDT', 42, 0.005, 0.001),
    ('USDT', 'HKD', 43, 0.005, 0.001),
    ('HKD', 'USDT', 44, 0.005, 0.001),
    ('USDT', 'CNY', 45, 0.005, 0.001),
    ('CNY', 'USDT', 46, 0.005, 0.001),
    ('USDT', 'JPY', 47, 0.005, 0.001),
    ('JPY', 'USDT', 48, 0.005, 0.001),
    ('HKD', 'USD', 49, 0.005, 0.001),
    ('CNY', 'USD', 410, 0.005, 0.001),
    ('JPY', 'USD', 411, 0.005, 0.001),
    ('KRW', 'USD', 412, 0.005, 0.001),
    ('EUR', 'USD', 413, 0.005, 0.001),
    ('ABI', 'USD', 414, 0.005, 0.001),
    ('USDT', 'KRW', 415, 0.005, 0.001),
    ('KRW', 'USDT', 416, 0.005, 0.001),
    ('USDT', 'EUR', 417, 0.005, 0.001),
    ('EUR', 'USDT', 418, 0.005, 0.001)`.execute(db);

  await db.schema
    .createTable('exchange_quotes')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('from_currency', 'text', (c) => c.notNull())
    .addColumn('to_currency', 'text', (c) => c.notNull())
    .addColumn('type_code', 'integer', (c) => c.notNull())
    .addColumn('amount_in', money, (c) => c.notNull())
    .addColumn('fee', money, (c) => c.notNull())
    .addColumn('rate', money, (c) => c.notNull())
    .addColumn('amount_out', money, (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('journal_id', 'bigint', (c) => c.references('ledger_journal.id'))
    .execute();

  await db.schema
    .createTable('transfers')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('from_user_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('to_user_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('amount', money, (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint('transfers_not_to_self', sql`from_user_id <> to_user_id`)
    .addUniqueConstraint('transfers_idempotency_key', ['from_user_id', 'idempotency_key'])
    .execute();

  await db.schema
    .createTable('withdrawals')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('network', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('amount', money, (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('fee', money, (c) => c.notNull().check(sql`fee >= 0`))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('tx_hash', 'text')
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('withdrawals_idempotency_key', ['user_id', 'idempotency_key'])
    .execute();
  await db.schema.createIndex('withdrawals_user_idx').on('withdrawals').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('withdrawals_status_idx').on('withdrawals').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('withdrawal_events')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('withdrawal_id', 'uuid', (c) => c.notNull().references('withdrawals.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('withdrawal_events_withdrawal_idx').on('withdrawal_events').columns(['withdrawal_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'withdrawal_events',
    'withdrawals',
    'transfers',
    'exchange_quotes',
    'exchange_pairs',
    'exchange_rates',
    'idempotency_requests',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
