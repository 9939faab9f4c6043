import { type Kysely, sql } from 'kysely';

/**
 * Notifications (notifications module): a code and parameters per event, worded in the member's
 * language when read. The id orders them and is the live stream's event id; the partial index keeps
 * the unread count a short index scan however long the history grows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table notifications (
    id bigint generated always as identity primary key,
    user_id uuid not null references users(id),
    code text not null,
    params jsonb not null default '{}',
    ref_kind text,
    ref_id text,
    created_at timestamptz not null default now(),
    read_at timestamptz,
    check ((ref_kind is null) = (ref_id is null))
  )`.execute(db);
  await sql`create index notifications_user_idx on notifications (user_id, id desc)`.execute(db);
  await sql`create index notifications_unread_idx on notifications (user_id) where read_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table notifications`.execute(db);
}
