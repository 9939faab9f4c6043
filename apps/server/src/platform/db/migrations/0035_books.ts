import { type Kysely, sql } from 'kysely';

/**
 * Books that can be proven (issue 45, ADR 0037).
 * - recon_runs: one reconciliation at a cut-off, with each source's point in time (block, issuer's
 *   as-of time); a source that could not be read fails the run, it never reads as "matched".
 * - recon_breaks / recon_break_events: every difference found, under one stable identity, and its
 *   append-only history (opened, seen again, resolved, reopened, fixed by a booking, accepted).
 * - recon_chain_epochs: where a network's books start (a wallet's opening balance at a block): the
 *   local chain starts a new one each time it starts afresh.
 * - reserves_snapshots / reserves_leaves / reserves_levels: proof of reserves. One Merkle sum tree per
 *   currency; each member's salted leaf; the tree's levels packed (hash and sum per node), from which
 *   any member's proof is read without recomputing.
 * - reserves_proof_checks: what members' apps report after checking their proof.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table recon_runs (
    id uuid primary key default gen_random_uuid(),
    cutoff_at timestamptz not null,
    trigger text not null check (trigger in ('schedule', 'operator', 'test')),
    operator_id uuid references operators(id),
    status text not null default 'running' check (status in ('running', 'completed', 'failed')),
    error_source text,
    error text,
    sources jsonb not null default '[]',
    summary jsonb,
    started_at timestamptz not null default now(),
    finished_at timestamptz
  )`.execute(db);
  // One scheduled run per cut-off, however many job workers wake for it.
  await sql`create unique index recon_runs_scheduled_once on recon_runs (cutoff_at) where trigger = 'schedule'`.execute(db);
  await sql`create index recon_runs_listing_idx on recon_runs (started_at desc, id desc)`.execute(db);

  await sql`create table recon_breaks (
    id uuid primary key default gen_random_uuid(),
    identity text not null unique,
    source text not null check (source in ('chain', 'issuer', 'payout')),
    kind text not null,
    network text,
    currency text not null,
    subject text,
    expected numeric(38, 18),
    observed numeric(38, 18),
    difference numeric(38, 18) not null,
    cause text not null,
    details jsonb not null default '{}',
    status text not null check (status in ('open', 'resolved', 'fixed', 'accepted')),
    first_run_id uuid not null references recon_runs(id),
    last_run_id uuid not null references recon_runs(id),
    journal_id bigint references ledger_journal(id),
    opened_at timestamptz not null default now(),
    closed_at timestamptz,
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index recon_breaks_open_idx on recon_breaks (source, status) where status = 'open'`.execute(db);
  await sql`create index recon_breaks_listing_idx on recon_breaks (updated_at desc, id desc)`.execute(db);

  await sql`create table recon_break_events (
    id bigserial primary key,
    break_id uuid not null references recon_breaks(id),
    run_id uuid references recon_runs(id),
    event text not null check (event in ('opened', 'seen_again', 'resolved', 'reopened', 'fixed', 'accepted')),
    expected numeric(38, 18),
    observed numeric(38, 18),
    difference numeric(38, 18),
    operator_id uuid references operators(id),
    approval_id uuid,
    journal_id bigint references ledger_journal(id),
    note text,
    at timestamptz not null default now()
  )`.execute(db);
  await sql`create index recon_break_events_break_idx on recon_break_events (break_id, id)`.execute(db);
  await sql`create function recon_break_events_append_only() returns trigger language plpgsql as $$
    begin raise exception 'recon_break_events is append-only'; end $$`.execute(db);
  await sql`create trigger recon_break_events_append_only before update or delete on recon_break_events
    for each row execute function recon_break_events_append_only()`.execute(db);

  await sql`create table recon_chain_epochs (
    id uuid primary key default gen_random_uuid(),
    network text not null,
    currency text not null,
    address text not null,
    start_block numeric(78, 0) not null,
    opening numeric(38, 18) not null check (opening >= 0),
    reason text not null,
    started_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index recon_chain_epochs_latest_idx on recon_chain_epochs (network, currency, started_at desc)`.execute(db);

  await sql`create table reserves_snapshots (
    id uuid primary key default gen_random_uuid(),
    cutoff_at timestamptz not null unique,
    status text not null default 'building' check (status in ('building', 'published', 'failed')),
    trees jsonb not null default '{}',
    reserves jsonb not null default '[]',
    open_breaks jsonb not null default '{}',
    error text,
    created_at timestamptz not null default now(),
    published_at timestamptz
  )`.execute(db);
  await sql`create index reserves_snapshots_published_idx on reserves_snapshots (cutoff_at desc) where status = 'published'`.execute(db);

  await sql`create table reserves_leaves (
    snapshot_id uuid not null references reserves_snapshots(id) on delete cascade,
    currency text not null,
    user_id uuid not null references users(id),
    leaf_index integer not null,
    salt bytea not null,
    units numeric(39, 0) not null check (units >= 0),
    primary key (snapshot_id, user_id, currency)
  )`.execute(db);

  await sql`create table reserves_levels (
    snapshot_id uuid not null references reserves_snapshots(id) on delete cascade,
    currency text not null,
    level integer not null,
    node_count integer not null,
    nodes bytea not null,
    primary key (snapshot_id, currency, level)
  )`.execute(db);

  await sql`create table reserves_proof_checks (
    id bigserial primary key,
    snapshot_id uuid not null references reserves_snapshots(id) on delete cascade,
    user_id uuid not null references users(id),
    currency text not null,
    ok boolean not null,
    failure text,
    user_agent text,
    at timestamptz not null default now(),
    unique (snapshot_id, user_id, currency)
  )`.execute(db);
  await sql`create index reserves_proof_failures_idx on reserves_proof_checks (at desc) where not ok`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'reserves_proof_checks',
    'reserves_levels',
    'reserves_leaves',
    'reserves_snapshots',
    'recon_chain_epochs',
    'recon_break_events',
    'recon_breaks',
    'recon_runs',
  ])
    await sql`drop table ${sql.table(table)}`.execute(db);
  await sql`drop function recon_break_events_append_only()`.execute(db);
}
