import { type Kysely, sql } from 'kysely';

/**
 * Withdrawal address book and account lock.
 * - `withdrawal_addresses`: a member's saved destinations; `usable_from` is when withdrawals to one
 *   start to be accepted. Deleting keeps the row (deleted_at), so the audit trail and a re-added
 *   address (which waits again) stay explained. One live row per member, network and address.
 * - `account_security`: per member, the hold on every withdrawal after a password or bound-address
 *   change, and the lock the member sets from an email link (only support lifts it).
 * - `account_lock_tokens`: the single-use links of those emails, stored as SHA-256 only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table withdrawal_addresses (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references users(id),
    network text not null check (network in ('TRON', 'BSC')),
    address text not null check (length(address) between 1 and 100),
    label text check (length(label) between 1 and 40),
    created_at timestamptz not null,
    usable_from timestamptz not null check (usable_from >= created_at),
    deleted_at timestamptz
  )`.execute(db);
  await sql`create unique index withdrawal_addresses_live_key
    on withdrawal_addresses (user_id, network, address) where deleted_at is null`.execute(db);
  await sql`create index withdrawal_addresses_user_idx on withdrawal_addresses (user_id, created_at) where deleted_at is null`.execute(db);

  await sql`create table account_security (
    user_id uuid primary key references users(id),
    withdrawals_held_until timestamptz,
    withdrawals_held_reason text check (withdrawals_held_reason in ('password_changed', 'password_reset', 'address_changed')),
    locked_at timestamptz,
    lock_reason text check (length(lock_reason) <= 200),
    updated_at timestamptz not null,
    check ((withdrawals_held_until is null) = (withdrawals_held_reason is null)),
    check ((locked_at is null) = (lock_reason is null))
  )`.execute(db);

  await sql`create table account_lock_tokens (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references users(id),
    token_hash bytea not null unique,
    event text not null check (event in ('address_saved', 'password_changed', 'password_reset', 'address_changed')),
    created_at timestamptz not null,
    expires_at timestamptz not null,
    used_at timestamptz
  )`.execute(db);
  await sql`create index account_lock_tokens_user_idx on account_lock_tokens (user_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table account_lock_tokens`.execute(db);
  await sql`drop table account_security`.execute(db);
  await sql`drop table withdrawal_addresses`.execute(db);
}
