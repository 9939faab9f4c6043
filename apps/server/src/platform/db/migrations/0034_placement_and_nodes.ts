import { type Kysely, sql } from 'kysely';

/**
 * Private placement of SBC and global nodes (issue 44, ADR 0036).
 * - placement_rounds: an operator's round, its price tiers and what is sold; `sold` can never pass
 *   `total_quantity` (check), and every purchase raises it under the round's row lock.
 * - placement_purchases / placement_round_members / placement_positions: what each member bought,
 *   per round (the per-member limits) and in all (acquired, distributed; awaiting is the difference,
 *   and equals the member's SBC `placement` ledger account).
 * - placement_distributions: acquired SBC handed to another member by email.
 * - node_holdings / node_changes: small and large nodes held, with every change, append-only.
 * - node_purchases, node_upgrades, node_allocations, large_node_applications: the acts behind them.
 * - dpool_periods / dpool_snapshot_lines / node_rewards / node_reward_carries: the 1% D-pool reward,
 *   its snapshot, each holder's line with its Merkle proof, and the remainder each holder carries.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table placement_rounds (
    id uuid primary key default gen_random_uuid(),
    name jsonb not null,
    rules jsonb not null,
    tiers jsonb not null,
    total_quantity numeric(38, 18) not null check (total_quantity > 0),
    sold numeric(38, 18) not null default 0,
    min_per_member numeric(38, 18) not null check (min_per_member > 0),
    max_per_member numeric(38, 18) not null,
    starts_at timestamptz not null,
    ends_at timestamptz not null,
    kyc_required boolean not null default false,
    closed_at timestamptz,
    closed_reason text,
    created_by uuid references operators(id),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint placement_rounds_never_oversold check (sold >= 0 and sold <= total_quantity),
    constraint placement_rounds_limits check (max_per_member >= min_per_member),
    constraint placement_rounds_window check (ends_at > starts_at)
  )`.execute(db);
  await sql`create index placement_rounds_listing_idx on placement_rounds (starts_at desc)`.execute(db);

  await sql`create table placement_purchases (
    id uuid primary key default gen_random_uuid(),
    round_id uuid not null references placement_rounds(id),
    user_id uuid not null references users(id),
    quantity numeric(38, 18) not null check (quantity > 0),
    amount numeric(38, 18) not null check (amount > 0),
    sold_before numeric(38, 18) not null,
    lines jsonb not null,
    journal_id bigint references ledger_journal(id),
    idempotency_key text not null,
    created_at timestamptz not null default now(),
    unique (user_id, idempotency_key)
  )`.execute(db);
  await sql`create index placement_purchases_user_idx on placement_purchases (user_id, created_at desc, id desc)`.execute(db);
  await sql`create index placement_purchases_round_idx on placement_purchases (round_id, created_at desc)`.execute(db);

  await sql`create table placement_round_members (
    round_id uuid not null references placement_rounds(id),
    user_id uuid not null references users(id),
    quantity numeric(38, 18) not null check (quantity >= 0),
    primary key (round_id, user_id)
  )`.execute(db);

  await sql`create table placement_positions (
    user_id uuid primary key references users(id),
    purchase_amount numeric(38, 18) not null default 0 check (purchase_amount >= 0),
    acquired numeric(38, 18) not null default 0 check (acquired >= 0),
    distributed numeric(38, 18) not null default 0 check (distributed >= 0),
    updated_at timestamptz not null default now(),
    constraint placement_positions_awaiting check (distributed <= acquired)
  )`.execute(db);

  await sql`create table placement_distributions (
    id uuid primary key default gen_random_uuid(),
    from_user_id uuid not null references users(id),
    to_user_id uuid not null references users(id),
    quantity numeric(38, 18) not null check (quantity > 0),
    journal_id bigint references ledger_journal(id),
    idempotency_key text not null,
    created_at timestamptz not null default now(),
    unique (from_user_id, idempotency_key),
    constraint placement_distributions_not_self check (from_user_id <> to_user_id)
  )`.execute(db);
  await sql`create index placement_distributions_from_idx on placement_distributions (from_user_id, created_at desc, id desc)`.execute(db);
  await sql`create index placement_distributions_to_idx on placement_distributions (to_user_id, created_at desc, id desc)`.execute(db);

  await sql`create table node_holdings (
    user_id uuid primary key references users(id),
    small integer not null default 0 check (small >= 0),
    large integer not null default 0 check (large >= 0),
    small_bought integer not null default 0 check (small_bought >= 0),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index node_holdings_large_idx on node_holdings (user_id) include (large) where large > 0`.execute(db);

  await sql`create table node_changes (
    id bigint primary key generated always as identity,
    user_id uuid not null references users(id),
    kind text not null check (kind in ('purchase', 'upgrade', 'allocation_out', 'allocation_in', 'application_granted')),
    type_code integer not null,
    small_delta integer not null,
    large_delta integer not null,
    small_after integer not null check (small_after >= 0),
    large_after integer not null check (large_after >= 0),
    reference text not null,
    counterpart_user_id uuid references users(id),
    journal_id bigint references ledger_journal(id),
    created_at timestamptz not null default now(),
    check (small_delta <> 0 or large_delta <> 0)
  )`.execute(db);
  await sql`create index node_changes_user_idx on node_changes (user_id, id desc)`.execute(db);
  await sql`
    create function node_changes_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'node_changes is append-only';
    end $$`.execute(db);
  await sql`create trigger node_changes_append_only before update or delete on node_changes
    for each row execute function node_changes_append_only()`.execute(db);

  await sql`create table node_purchases (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references users(id),
    quantity integer not null check (quantity > 0),
    price numeric(38, 18) not null check (price > 0),
    amount numeric(38, 18) not null check (amount > 0),
    remark text,
    journal_id bigint references ledger_journal(id),
    idempotency_key text not null,
    created_at timestamptz not null default now(),
    unique (user_id, idempotency_key)
  )`.execute(db);
  await sql`create index node_purchases_user_idx on node_purchases (user_id, created_at desc, id desc)`.execute(db);

  await sql`create table node_upgrades (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references users(id),
    small_used integer not null check (small_used > 0),
    large_gained integer not null check (large_gained > 0),
    idempotency_key text not null,
    created_at timestamptz not null default now(),
    unique (user_id, idempotency_key)
  )`.execute(db);

  await sql`create table node_allocations (
    id uuid primary key default gen_random_uuid(),
    from_user_id uuid not null references users(id),
    to_user_id uuid not null references users(id),
    tier text not null check (tier in ('small', 'large')),
    quantity integer not null check (quantity > 0),
    idempotency_key text not null,
    created_at timestamptz not null default now(),
    unique (from_user_id, idempotency_key),
    constraint node_allocations_not_self check (from_user_id <> to_user_id)
  )`.execute(db);
  await sql`create index node_allocations_from_idx on node_allocations (from_user_id, created_at desc, id desc)`.execute(db);
  await sql`create index node_allocations_to_idx on node_allocations (to_user_id, created_at desc, id desc)`.execute(db);

  await sql`create table large_node_applications (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references users(id),
    email text not null,
    city text not null,
    name text not null,
    contact text not null,
    invite_code text,
    team_size integer not null check (team_size > 0),
    venue_sqm integer not null check (venue_sqm > 0),
    amount numeric(38, 18) not null check (amount > 0),
    hold_id bigint references ledger_holds(id),
    status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
    reason text,
    decided_by uuid references operators(id),
    approval_id uuid,
    decided_at timestamptz,
    idempotency_key text not null,
    created_at timestamptz not null default now(),
    unique (user_id, idempotency_key),
    constraint large_node_applications_decided check ((status = 'pending') = (decided_at is null)),
    constraint large_node_applications_reason check (status <> 'rejected' or reason is not null)
  )`.execute(db);
  await sql`create unique index large_node_applications_one_pending on large_node_applications (user_id)
    where status = 'pending'`.execute(db);
  await sql`create index large_node_applications_user_idx on large_node_applications (user_id, created_at desc)`.execute(db);
  await sql`create index large_node_applications_status_idx on large_node_applications (status, created_at)`.execute(db);

  await sql`create table dpool_periods (
    id uuid primary key default gen_random_uuid(),
    period text not null unique,
    dpool_total numeric(38, 18) not null check (dpool_total > 0),
    share_percent numeric(9, 6) not null check (share_percent > 0 and share_percent <= 100),
    pool_amount numeric(38, 18) not null check (pool_amount >= 0),
    status text not null default 'recorded' check (status in ('recorded', 'paid')),
    note text not null,
    recorded_by uuid references operators(id),
    approval_id uuid,
    snapshot_at timestamptz not null,
    snapshot_hash text not null,
    holders integer not null,
    large_nodes_total integer not null,
    paid_total numeric(38, 18),
    carried_total numeric,
    unallocated numeric,
    merkle_root text,
    journal_id bigint references ledger_journal(id),
    paid_at timestamptz,
    created_at timestamptz not null default now(),
    constraint dpool_periods_paid check ((status = 'paid') = (paid_at is not null))
  )`.execute(db);
  await sql`create index dpool_periods_status_idx on dpool_periods (status, created_at)`.execute(db);

  await sql`create table dpool_snapshot_lines (
    period_id uuid not null references dpool_periods(id),
    user_id uuid not null references users(id),
    large_nodes integer not null check (large_nodes > 0),
    primary key (period_id, user_id)
  )`.execute(db);

  await sql`create table node_rewards (
    period_id uuid not null references dpool_periods(id),
    user_id uuid not null references users(id),
    large_nodes integer not null,
    exact_share numeric not null,
    carry_before numeric not null,
    amount numeric(38, 18) not null check (amount >= 0),
    carry_after numeric not null check (carry_after >= 0),
    leaf_index integer not null,
    proof jsonb not null,
    created_at timestamptz not null default now(),
    primary key (period_id, user_id)
  )`.execute(db);
  await sql`create index node_rewards_user_idx on node_rewards (user_id, created_at desc)`.execute(db);

  await sql`create table node_reward_carries (
    user_id uuid primary key references users(id),
    carry numeric not null check (carry >= 0),
    updated_at timestamptz not null default now()
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'node_reward_carries',
    'node_rewards',
    'dpool_snapshot_lines',
    'dpool_periods',
    'large_node_applications',
    'node_allocations',
    'node_upgrades',
    'node_purchases',
    'node_changes',
    'node_holdings',
    'placement_distributions',
    'placement_positions',
    'placement_round_members',
    'placement_purchases',
    'placement_rounds',
  ])
    await sql`drop table ${sql.table(table)}`.execute(db);
  await sql`drop function node_changes_append_only()`.execute(db);
}
