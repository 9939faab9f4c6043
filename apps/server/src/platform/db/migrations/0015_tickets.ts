import { type Kysely, sql } from 'kysely';

/**
 * Support tickets (tickets module): the ticket, its thread of replies, and screenshots. Screenshots
 * live in the database (bytea) so every server process reads the same ones and none is ever in a
 * public folder; an upload belongs to its member and is unattached (ticket_id null) until a ticket or
 * reply names it, in the order the member put them (position). Numbers come from a sequence, prefixed with the day: unique and readable.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create sequence ticket_number_seq`.execute(db);

  await sql`create table tickets (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references users(id),
    number text not null unique,
    request_key text not null,
    type text not null check (type in ('deposit', 'withdrawal', 'transfer', 'exchange', 'card', 'flash_exchange', 'account', 'other')),
    description text not null check (char_length(description) between 10 and 2000),
    reference text check (char_length(reference) between 1 and 64),
    status text not null check (status in ('processing', 'completed')),
    rating smallint check (rating between 1 and 5),
    rating_comment text check (char_length(rating_comment) <= 500),
    rated_at timestamptz,
    created_at timestamptz not null,
    updated_at timestamptz not null,
    completed_at timestamptz,
    completed_by uuid references users(id),
    constraint tickets_request_key unique (user_id, request_key),
    constraint tickets_completed check ((status = 'completed') = (completed_at is not null)),
    constraint tickets_rated check ((rating is null) = (rated_at is null) and (rating is null or status = 'completed'))
  )`.execute(db);
  await sql`create index tickets_user_idx on tickets (user_id, created_at desc, id desc)`.execute(db);
  await sql`create index tickets_status_idx on tickets (status, created_at desc, id desc)`.execute(db);
  await sql`create index tickets_open_idx on tickets (user_id) where status = 'processing'`.execute(db);

  await sql`create table ticket_messages (
    id bigint generated always as identity primary key,
    ticket_id uuid not null references tickets(id),
    author text not null check (author in ('member', 'operator')),
    author_id uuid not null references users(id),
    body text not null check (char_length(body) between 1 and 2000),
    created_at timestamptz not null
  )`.execute(db);
  await sql`create index ticket_messages_ticket_idx on ticket_messages (ticket_id, id)`.execute(db);

  await sql`create table ticket_attachments (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references users(id),
    ticket_id uuid references tickets(id),
    message_id bigint references ticket_messages(id),
    position smallint,
    content_type text not null check (content_type in ('image/jpeg', 'image/png', 'image/webp')),
    size integer not null check (size > 0 and size <= 2097152),
    sha256 text not null,
    bytes bytea not null,
    created_at timestamptz not null,
    attached_at timestamptz,
    check ((ticket_id is null) = (attached_at is null)),
    check (message_id is null or ticket_id is not null)
  )`.execute(db);
  await sql`create index ticket_attachments_ticket_idx on ticket_attachments (ticket_id, created_at) where ticket_id is not null`.execute(
    db,
  );
  await sql`create index ticket_attachments_unattached_idx on ticket_attachments (created_at) where ticket_id is null`.execute(db);
  await sql`create index ticket_attachments_user_idx on ticket_attachments (user_id, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['ticket_attachments', 'ticket_messages', 'tickets']) await sql`drop table ${sql.table(table)}`.execute(db);
  await sql`drop sequence ticket_number_seq`.execute(db);
}
