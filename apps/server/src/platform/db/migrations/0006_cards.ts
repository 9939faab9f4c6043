import { type Kysely, sql } from 'kysely';

const money = sql`numeric(38, 18)`;

/**
 * Cards (ADR 0006): products, cardholders with KYC, cards, card transactions, and the issuer's events
 * and webhook deliveries seen (for exactly-once processing and replay refusal). Card numbers and CVV
 * are not here: they stay at the issuer, only the last four digits are kept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('card_products')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('virtual', 'physical')`))
    .addColumn('currency', 'text', (c) => c.notNull().check(sql`currency in ('USD', 'HKD')`))
    .addColumn('opening_fee', money, (c) => c.notNull().check(sql`opening_fee >= 0`))
    .addColumn('monthly_fee', money, (c) => c.notNull().check(sql`monthly_fee >= 0`))
    .addColumn('recharge_fee_rate', sql`numeric(10, 6)`, (c) => c.notNull().check(sql`recharge_fee_rate >= 0 and recharge_fee_rate < 1`))
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Demo products; operators manage real ones through the admin API. Opening fees are in USDT.
  await sql`insert into card_products (name, level, type, currency, opening_fee, monthly_fee, recharge_fee_rate) values
    ('Virtual USD Classic', 1, 'virtual', 'USD', 10, 1, 0.015),
    ('Virtual HKD Classic', 1, 'virtual', 'HKD', 10, 8, 0.015),
    ('Virtual USD Gold', 2, 'virtual', 'USD', 30, 0, 0.01),
    ('Physical USD Platinum', 3, 'physical', 'USD', 100, 2, 0.01)`.execute(db);

  await db.schema
    .createTable('cardholders')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id'))
    .addColumn('issuer_cardholder_id', 'text', (c) => c.unique())
    .addColumn('kyc_status', 'text', (c) => c.notNull().defaultTo('none'))
    .addColumn('kyc_reason', 'text')
    .addColumn('kyc_data', 'jsonb')
    .addColumn('kyc_submitted_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('kyc_documents')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('side', 'text', (c) => c.notNull().check(sql`side in ('front', 'back', 'passport')`))
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('bytes', 'bytea', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('kyc_documents_pk', ['user_id', 'side'])
    .execute();

  await db.schema
    .createTable('cards')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('product_id', 'uuid', (c) => c.notNull().references('card_products.id'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('holder_first_name', 'text', (c) => c.notNull())
    .addColumn('holder_last_name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('opening', 'failed', 'awaiting_kyc', 'active')`))
    .addColumn('issuer_card_id', 'text', (c) => c.unique())
    .addColumn('last4', 'text')
    .addColumn('exp_month', 'integer')
    .addColumn('exp_year', 'integer')
    .addColumn('frozen', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('freeze_reason', 'text')
    .addColumn('failure_reason', 'text')
    .addColumn('opening_fee', money, (c) => c.notNull())
    .addColumn('opening_key', 'text', (c) => c.notNull())
    .addColumn('shipping', 'jsonb')
    .addColumn('shipping_status', 'text', (c) => c.notNull().defaultTo('none'))
    .addColumn('tracking_number', 'text')
    .addColumn('pin_set', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('consecutive_funds_failures', 'integer', (c) => c.notNull().defaultTo(0))
    // The failure-rate rule only counts this card's authorizations with a larger id (moved on when unfrozen).
    .addColumn('rule_window_after_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('cards_opening_key', ['user_id', 'opening_key'])
    .execute();
  await db.schema.createIndex('cards_user_idx').on('cards').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('cards_status_idx').on('cards').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('card_transactions')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('card_id', 'uuid', (c) => c.notNull().references('cards.id'))
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('authorization', 'reversal', 'refund')`))
    // The issuer's authorization id for authorizations, the issuer's event id for reversals and refunds.
    .addColumn('issuer_ref', 'text', (c) => c.notNull())
    .addColumn('authorization_id', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('amount', money, (c) => c.notNull())
    .addColumn('merchant', 'jsonb', (c) => c.notNull())
    .addColumn('approved', 'boolean', (c) => c.notNull())
    .addColumn('decline_reason', 'text')
    // What the authorization still holds on the card balance (released by reversal or clearing).
    .addColumn('held', money, (c) => c.notNull().defaultTo(0).check(sql`held >= 0`))
    .addColumn('settled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('settled_amount', money)
    .addColumn('balance_change', money, (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('card_transactions_issuer_ref', ['type', 'issuer_ref'])
    .execute();
  await db.schema.createIndex('card_transactions_card_idx').on('card_transactions').columns(['card_id', 'id']).execute();

  await db.schema
    .createTable('card_issuer_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('card_webhook_deliveries')
    .addColumn('signature', 'text', (c) => c.primaryKey())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('card_webhook_deliveries_time_idx').on('card_webhook_deliveries').column('received_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'card_webhook_deliveries',
    'card_issuer_events',
    'card_transactions',
    'cards',
    'kyc_documents',
    'cardholders',
    'card_products',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
