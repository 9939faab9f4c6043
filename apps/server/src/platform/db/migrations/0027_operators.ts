import { type Kysely, sql } from 'kysely';

/**
 * The operator console (ADR 0034): operators are their own accounts, never members; their sessions,
 * second factors and API keys; four-eyes approval requests; console settings; and the operators'
 * audit log, append-only and hash-chained.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table operators (
      id uuid primary key default gen_random_uuid(),
      email text not null unique check (email = lower(email)),
      password_hash text,
      roles text[] not null check (cardinality(roles) > 0 and roles <@ array['support','finance','compliance','admin','auditor']::text[]),
      status text not null default 'active' check (status in ('active', 'disabled')),
      totp_key_id text,
      totp_sealed bytea,
      totp_confirmed_at timestamptz,
      totp_last_step bigint,
      enrol_token_hash bytea unique,
      enrol_expires_at timestamptz,
      created_by uuid references operators(id),
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table operator_sessions (
      id uuid primary key default gen_random_uuid(),
      operator_id uuid not null references operators(id),
      token_hash bytea not null unique,
      -- 'password': the password was right, a second factor is still owed; 'full': signed in.
      stage text not null check (stage in ('password', 'full')),
      device text not null,
      ip text,
      created_at timestamptz not null default now(),
      last_used_at timestamptz not null default now(),
      revoked_at timestamptz
    )`.execute(db);
  await sql`create index operator_sessions_operator_idx on operator_sessions (operator_id, created_at desc)`.execute(db);
  await sql`
    create table operator_recovery_codes (
      id uuid primary key default gen_random_uuid(),
      operator_id uuid not null references operators(id),
      code_hash bytea not null unique,
      created_at timestamptz not null default now(),
      used_at timestamptz
    )`.execute(db);
  await sql`
    create table operator_passkeys (
      id uuid primary key default gen_random_uuid(),
      operator_id uuid not null references operators(id),
      credential_id text not null unique,
      public_key bytea not null,
      counter bigint not null default 0,
      transports text[] not null default '{}',
      label text not null,
      created_at timestamptz not null default now(),
      last_used_at timestamptz
    )`.execute(db);
  await sql`
    create table operator_challenges (
      challenge text primary key,
      operator_id uuid not null references operators(id),
      purpose text not null check (purpose in ('register', 'authenticate')),
      expires_at timestamptz not null
    )`.execute(db);
  await sql`
    create table operator_api_keys (
      id uuid primary key default gen_random_uuid(),
      name text not null,
      key_hash bytea not null unique,
      prefix text not null,
      roles text[] not null check (cardinality(roles) > 0 and roles <@ array['support','finance','compliance','admin','auditor']::text[]),
      created_by uuid not null references operators(id),
      created_at timestamptz not null default now(),
      last_used_at timestamptz,
      revoked_at timestamptz
    )`.execute(db);
  await sql`
    create table console_settings (
      key text primary key,
      value text not null,
      updated_by uuid references operators(id),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table approval_requests (
      id uuid primary key default gen_random_uuid(),
      kind text not null,
      -- The exact canonical action and its SHA-256: approving runs this payload and nothing else.
      payload jsonb not null,
      payload_hash text not null,
      summary text not null,
      maker_id uuid not null references operators(id),
      checker_id uuid references operators(id),
      status text not null default 'pending' check (status in ('pending', 'approved', 'rejected', 'expired', 'failed')),
      reason text,
      result jsonb,
      error_code text,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      decided_at timestamptz,
      -- Four eyes, held by the database: nobody approves (or rejects) their own request.
      constraint approval_requests_four_eyes check (checker_id is null or checker_id <> maker_id),
      constraint approval_requests_decided check ((status = 'pending') = (decided_at is null))
    )`.execute(db);
  await sql`create index approval_requests_pending_idx on approval_requests (status, created_at desc)`.execute(db);
  await sql`
    create function approval_requests_frozen() returns trigger language plpgsql as $$
    begin
      if new.kind <> old.kind or new.payload <> old.payload or new.payload_hash <> old.payload_hash
         or new.maker_id <> old.maker_id or new.created_at <> old.created_at or new.expires_at <> old.expires_at then
        raise exception 'an approval request''s action never changes: make a new request';
      end if;
      if old.status <> 'pending' then
        raise exception 'approval request % is already %', old.id, old.status;
      end if;
      return new;
    end $$`.execute(db);
  await sql`
    create trigger approval_requests_frozen before update on approval_requests
    for each row execute function approval_requests_frozen()`.execute(db);
  await sql`
    create table operator_audit (
      seq bigint primary key,
      at timestamptz not null,
      operator_id uuid references operators(id),
      operator_email text,
      api_key_id uuid references operator_api_keys(id),
      roles text[] not null default '{}',
      action text not null,
      object text,
      member_uid text,
      before jsonb,
      after jsonb,
      reason text,
      request_id text,
      ip text,
      prev_hash text not null,
      hash text not null
    )`.execute(db);
  await sql`create index operator_audit_operator_idx on operator_audit (operator_id, seq desc)`.execute(db);
  await sql`create index operator_audit_action_idx on operator_audit (action, seq desc)`.execute(db);
  await sql`create index operator_audit_object_idx on operator_audit (object, seq desc)`.execute(db);
  await sql`create index operator_audit_member_idx on operator_audit (member_uid, seq desc)`.execute(db);
  await sql`
    create function operator_audit_append_only() returns trigger language plpgsql as $$
    begin raise exception 'operator_audit is append-only'; end $$`.execute(db);
  await sql`
    create trigger operator_audit_no_change before update or delete on operator_audit
    for each row execute function operator_audit_append_only()`.execute(db);
  await sql`
    create trigger operator_audit_no_truncate before truncate on operator_audit
    for each statement execute function operator_audit_append_only()`.execute(db);
  await sql`
    create table member_notes (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users(id),
      operator_id uuid not null references operators(id),
      body text not null check (length(body) between 1 and 2000),
      created_at timestamptz not null default now()
    )`.execute(db);
  // Operator replies, ticket closings and releases were made by members listed in ADMIN_EMAILS; from
  // now on by operators. Rows written before keep their member ids, so these columns name either.
  await sql`alter table ticket_messages drop constraint if exists ticket_messages_author_id_fkey`.execute(db);
  await sql`alter table tickets drop constraint if exists tickets_completed_by_fkey`.execute(db);
  await sql`alter table app_releases drop constraint if exists app_releases_published_by_fkey`.execute(db);
  await sql`create index member_notes_user_idx on member_notes (user_id, created_at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'member_notes',
    'operator_audit',
    'approval_requests',
    'console_settings',
    'operator_api_keys',
    'operator_challenges',
    'operator_passkeys',
    'operator_recovery_codes',
    'operator_sessions',
    'operators',
  ])
    await sql`drop table ${sql.table(table)}`.execute(db);
  await sql`drop function operator_audit_append_only()`.execute(db);
  await sql`drop function approval_requests_frozen()`.execute(db);
}
