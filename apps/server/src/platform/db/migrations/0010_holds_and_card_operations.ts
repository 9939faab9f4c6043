import { type Kysely, sql } from 'kysely';

/**
 * Holds and card operations (ADR 0007).
 * - ledger_entries.type_code: one journal may carry a different record code per side (a transfer is
 *   one journal: 23 "transfer out" on the sender's entry, 113 "transfer in" on the recipient's).
 * - ledger_holds: money set aside for something that waits on someone else, finished exactly once.
 * - card_operations: a card load or unload as a saved state machine, our id the issuer's idempotency key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('ledger_entries').addColumn('type_code', 'integer').execute();

  await db.schema
    .createTable('ledger_holds')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'uuid', (c) => c.references('users.id'))
    .addColumn('account_id', 'bigint', (c) => c.notNull().references('ledger_accounts.id'))
    .addColumn('held_account_id', 'bigint', (c) => c.notNull().references('ledger_accounts.id'))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('amount', sql`numeric(38, 18)`, (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('held', 'settled', 'released')`))
    .addColumn('hold_journal_id', 'bigint', (c) => c.references('ledger_journal.id'))
    .addColumn('finish_journal_id', 'bigint', (c) => c.references('ledger_journal.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .addCheckConstraint('ledger_holds_finished', sql`(state = 'held') = (finish_journal_id is null)`)
    .execute();
  await sql`create index ledger_holds_open_idx on ledger_holds (user_id) where state = 'held'`.execute(db);

  // Withdrawals still in flight were held on the system in-flight account before holds existed: they
  // become holds on that account as they stand, so settling or releasing them moves the same money.
  await sql`insert into ledger_holds (key, user_id, account_id, held_account_id, currency, amount, state, created_at)
    select 'withdrawal:' || w.id, w.user_id, wallet.id, inflight.id, 'USDT', w.amount + w.fee, 'held', w.created_at
    from withdrawals w
    join ledger_accounts wallet on wallet.user_id = w.user_id and wallet.currency = 'USDT' and wallet.purpose = 'wallet'
    join ledger_accounts inflight on inflight.user_id is null and inflight.currency = 'USDT' and inflight.purpose = 'withdrawals_in_flight'
    where w.status in ('pending_review', 'approved', 'sending', 'confirming')`.execute(db);

  await db.schema
    .createTable('card_operations')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('card_id', 'uuid', (c) => c.notNull().references('cards.id'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('load', 'unload')`))
    .addColumn('request_key', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('held', 'sending', 'succeeded', 'failed')`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('amount', sql`numeric(38, 18)`, (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('terms', 'jsonb', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('failure_code', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('finished_at', 'timestamptz')
    .addUniqueConstraint('card_operations_request_key', ['card_id', 'kind', 'request_key'])
    .execute();
  await sql`create index card_operations_due_idx on card_operations (next_attempt_at) where state in ('held', 'sending')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('card_operations').execute();
  await db.schema.dropTable('ledger_holds').execute();
  await db.schema.alterTable('ledger_entries').dropColumn('type_code').execute();
}
