import { type Kysely, sql } from 'kysely';

/**
 * The second factor (second-factor module): TOTP secrets sealed at rest, passkeys, hashed single-use
 * recovery codes, and the short-lived rows two server processes must share: WebAuthn challenges and
 * the tickets between a sign-in's password step and its second-factor step, and the devices sessions
 * were made on.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One authenticator app per member. A row with confirmed_at null is a setup waiting for its first
  // code; last_time_step is the newest 30-second step a code was accepted for, so a code is used once.
  await sql`create table totp_factors (
    user_id uuid primary key references users(id),
    secret_key_id text not null,
    secret_sealed bytea not null,
    created_at timestamptz not null,
    confirmed_at timestamptz,
    last_time_step bigint
  )`.execute(db);
  await sql`create table passkeys (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references users(id),
    credential_id text not null unique check (length(credential_id) <= 1024),
    public_key bytea not null,
    counter bigint not null default 0 check (counter >= 0),
    transports text[] not null default '{}',
    label text not null check (length(label) between 1 and 40),
    created_at timestamptz not null,
    last_used_at timestamptz
  )`.execute(db);
  await sql`create index passkeys_user_idx on passkeys (user_id)`.execute(db);
  await sql`create table recovery_codes (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references users(id),
    code_hash bytea not null,
    created_at timestamptz not null,
    used_at timestamptz,
    unique (user_id, code_hash)
  )`.execute(db);
  // The challenge itself is the key: verifying deletes the row, so a challenge answers once.
  await sql`create table webauthn_challenges (
    challenge text primary key,
    user_id uuid not null references users(id),
    purpose text not null check (purpose in ('register', 'authenticate')),
    rp_id text not null,
    origin text not null,
    expires_at timestamptz not null
  )`.execute(db);
  await sql`create index webauthn_challenges_expiry_idx on webauthn_challenges (expires_at)`.execute(db);
  await sql`create table login_tickets (
    token_hash bytea primary key,
    user_id uuid not null references users(id),
    expires_at timestamptz not null,
    used_at timestamptz
  )`.execute(db);
  await sql`create index login_tickets_expiry_idx on login_tickets (expires_at)`.execute(db);
  // The device a session was made on, by the hash of the random key its browser keeps in an HttpOnly
  // cookie: a sign-in is on a known device only when one of the member's live sessions has that key,
  // which the user-agent, sent by anyone, could never prove.
  await sql`create table trusted_devices (
    session_id uuid primary key references sessions(id),
    user_id uuid not null references users(id),
    key_hash bytea not null,
    created_at timestamptz not null
  )`.execute(db);
  await sql`create index trusted_devices_user_key_idx on trusted_devices (user_id, key_hash)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table trusted_devices`.execute(db);
  await sql`drop table login_tickets`.execute(db);
  await sql`drop table webauthn_challenges`.execute(db);
  await sql`drop table recovery_codes`.execute(db);
  await sql`drop table passkeys`.execute(db);
  await sql`drop table totp_factors`.execute(db);
}
