import { type Kysely, sql } from 'kysely';

const money = sql`numeric(38, 18)`;

/**
 * On-chain top-ups and withdrawal sending: a scan checkpoint per network, every observed deposit
 * (unique per network, transaction and log or output index, so a transfer is credited at most once
 * whatever scans overlap), and what the withdrawal sender must persist before each side effect.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('chain_checkpoints')
    .addColumn('network', 'text', (c) => c.primaryKey())
    // Every block below this one is final (deeper than the confirmations) and has been scanned.
    .addColumn('next_block', 'bigint', (c) => c.notNull())
    // The chain head the last scan saw: deposits show "n of N confirmations" without asking the node.
    .addColumn('head_block', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('chain_deposits')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('network', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('tx_hash', 'text', (c) => c.notNull())
    .addColumn('log_index', 'integer', (c) => c.notNull())
    .addColumn('from_address', 'text', (c) => c.notNull())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('amount', money, (c) => c.notNull().check(sql`amount > 0`))
    // The exact on-chain amount in base units, kept because the ledger may hold fewer decimals.
    .addColumn('raw_amount', 'text', (c) => c.notNull())
    .addColumn('block_number', 'bigint', (c) => c.notNull())
    .addColumn('block_hash', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('user_id', 'uuid', (c) => c.references('users.id'))
    .addColumn('attributed_by', 'text')
    .addColumn('note', 'text')
    // The calendar day (platform time zone) whose top-up allowance this credit used.
    .addColumn('credit_day', 'date')
    .addColumn('journal_id', 'bigint', (c) => c.references('ledger_journal.id'))
    .addColumn('detected_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('credited_at', 'timestamptz')
    .addUniqueConstraint('chain_deposits_transfer', ['network', 'tx_hash', 'log_index'])
    .addCheckConstraint('chain_deposits_status', sql`status in ('confirming', 'credited', 'queued', 'unattributed', 'dropped')`)
    .execute();
  await db.schema.createIndex('chain_deposits_user_idx').on('chain_deposits').columns(['user_id', 'detected_at']).execute();
  await db.schema.createIndex('chain_deposits_status_idx').on('chain_deposits').columns(['network', 'status', 'block_number']).execute();
  await db.schema.createIndex('chain_deposits_day_idx').on('chain_deposits').columns(['user_id', 'credit_day']).execute();
  // Attribution looks a sender up by its bound address on every detected transfer.
  await db.schema.createIndex('users_bound_address_idx').on('users').columns(['bound_network', 'bound_address']).execute();

  // Withdrawal sending: the signed transaction and its nonce are stored before it is broadcast, so a
  // restart re-broadcasts the very same transaction instead of signing a second one.
  await db.schema
    .alterTable('withdrawals')
    .addColumn('nonce', 'bigint')
    .addColumn('raw_tx', 'text')
    .addColumn('broadcast_at', 'timestamptz')
    .addColumn('confirmed_block', 'bigint')
    .execute();
  // Two transactions in flight never share a nonce (one would replace the other). Settled ones are
  // left out: a local development chain starts again from nonce 0 at every start.
  await sql`create unique index withdrawals_network_nonce on withdrawals (network, nonce)
    where status in ('sending', 'confirming')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('withdrawals_network_nonce').execute();
  await db.schema
    .alterTable('withdrawals')
    .dropColumn('nonce')
    .dropColumn('raw_tx')
    .dropColumn('broadcast_at')
    .dropColumn('confirmed_block')
    .execute();
  await db.schema.dropIndex('users_bound_address_idx').execute();
  await db.schema.dropTable('chain_deposits').execute();
  await db.schema.dropTable('chain_checkpoints').execute();
}
