import { type Kysely, sql } from 'kysely';

/**
 * Wrong guesses of secrets (platform/secret-limits.ts) when no Redis is configured: one row per kind
 * and subject ('a:' an account, 'ip:' a client address). Kept in the database, not in memory, so every
 * server process counts the same guesses. pending: guesses being checked right now (secret-attempts.ts). expires_at is when the row stops mattering (window over and
 * no lock running); null while wrong guesses in a row must be remembered. The old per-table counters
 * (users.password_failures, users.payment_failures, cards.bind_failures, verification_codes.attempts)
 * are no longer read or written; they stay until a later migration drops them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table secret_attempts (
    kind text not null,
    subject text not null,
    failures integer not null check (failures >= 0),
    pending integer not null check (pending >= 0),
    pending_at timestamptz not null,
    window_started_at timestamptz not null,
    locked_until timestamptz,
    expires_at timestamptz,
    primary key (kind, subject)
  )`.execute(db);
  await sql`create index secret_attempts_expires_at_idx on secret_attempts (expires_at) where expires_at is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table secret_attempts`.execute(db);
}
