import { type Kysely, sql } from 'kysely';

/**
 * Flash exchange (payout module): saved payees, quotes, orders on ledger holds and their timeline,
 * the operator's settings, and the partner's webhook deliveries (replay protection).
 * Sensitive payee numbers live only in `secret` (AES-256-GCM, key named by `key_id`); the plain
 * columns hold what lists show (names, bank, last 4 characters).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table payout_settings (
    id integer primary key default 1 check (id = 1),
    enabled boolean not null,
    minimum numeric(38, 18) not null check (minimum > 0),
    maximum numeric(38, 18) not null check (maximum >= minimum),
    daily_limit numeric(38, 18) not null check (daily_limit >= maximum),
    spread numeric(10, 6) not null check (spread >= 0 and spread < 1),
    fee_rate numeric(10, 6) not null check (fee_rate >= 0 and fee_rate < 1),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`insert into payout_settings (enabled, minimum, maximum, daily_limit, spread, fee_rate)
    values (true, 10, 5000, 20000, 0.005, 0.003)`.execute(db);

  await sql`create table payees (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references users(id),
    kind text not null check (kind in ('alipay', 'bank')),
    is_default boolean not null default false,
    name text not null,
    last_name text,
    first_name text,
    birth_date text,
    city text,
    address text,
    bank_name text,
    account_last4 text not null,
    id_number_last4 text not null,
    phone_last4 text,
    key_id text not null,
    secret bytea not null,
    created_at timestamptz not null,
    updated_at timestamptz not null,
    deleted_at timestamptz
  )`.execute(db);
  await sql`create index payees_user_idx on payees (user_id, created_at) where deleted_at is null`.execute(db);
  await sql`create unique index payees_one_default on payees (user_id, kind) where is_default and deleted_at is null`.execute(db);

  await sql`create table payout_quotes (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references users(id),
    kind text not null check (kind in ('alipay', 'bank')),
    amount numeric(38, 18) not null check (amount > 0),
    fee numeric(38, 18) not null check (fee >= 0),
    rate numeric(38, 18) not null check (rate > 0),
    amount_out numeric(38, 18) not null check (amount_out > 0),
    created_at timestamptz not null,
    expires_at timestamptz not null
  )`.execute(db);

  await sql`create table payout_orders (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references users(id),
    request_key text not null,
    quote_id uuid not null unique references payout_quotes(id),
    kind text not null check (kind in ('alipay', 'bank')),
    payee_id uuid not null references payees(id),
    payee_name text not null,
    payee_account_last4 text not null,
    payee_bank_name text,
    key_id text not null,
    payee_secret bytea not null,
    amount numeric(38, 18) not null check (amount > 0),
    fee numeric(38, 18) not null check (fee >= 0),
    rate numeric(38, 18) not null check (rate > 0),
    amount_out numeric(38, 18) not null check (amount_out > 0),
    day date not null,
    stage text not null check (stage in ('held', 'sending', 'submitted', 'waiting_operator', 'arrived', 'rejected')),
    partner_reference text,
    reason text,
    attempts integer not null default 0,
    next_attempt_at timestamptz not null,
    last_error text,
    created_at timestamptz not null,
    updated_at timestamptz not null,
    finished_at timestamptz,
    constraint payout_orders_request_key unique (user_id, request_key),
    constraint payout_orders_finished check ((stage in ('arrived', 'rejected')) = (finished_at is not null))
  )`.execute(db);
  await sql`create index payout_orders_user_idx on payout_orders (user_id, created_at desc, id desc)`.execute(db);
  await sql`create index payout_orders_day_idx on payout_orders (user_id, day) where stage <> 'rejected'`.execute(db);
  await sql`create index payout_orders_due_idx on payout_orders (next_attempt_at) where stage in ('held', 'sending', 'submitted')`.execute(
    db,
  );
  await sql`create index payout_orders_open_idx on payout_orders (created_at) where stage not in ('arrived', 'rejected')`.execute(db);

  await sql`create table payout_order_events (
    id bigint generated always as identity primary key,
    order_id uuid not null references payout_orders(id),
    step text not null check (step in ('submitted', 'sent', 'arrived', 'rejected')),
    note text,
    actor text not null,
    created_at timestamptz not null
  )`.execute(db);
  await sql`create index payout_order_events_order_idx on payout_order_events (order_id, id)`.execute(db);

  await sql`create table payout_webhook_deliveries (
    signature text primary key,
    received_at timestamptz not null default now()
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['payout_webhook_deliveries', 'payout_order_events', 'payout_orders', 'payout_quotes', 'payees', 'payout_settings'])
    await sql`drop table ${sql.table(table)}`.execute(db);
}
