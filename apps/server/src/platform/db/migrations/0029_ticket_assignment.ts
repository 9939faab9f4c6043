import { type Kysely, sql } from 'kysely';

/**
 * What the operators' console needs of tickets and pairs (issue 42): a ticket is assigned to the
 * operator who took it ("assign to me"); an operator's reply carries screenshots, so an upload belongs
 * to a member or to an operator, exactly one of them; an exchange pair records when its terms changed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table tickets
    add column assigned_to uuid references operators(id),
    add column assigned_at timestamptz,
    add constraint tickets_assigned check ((assigned_to is null) = (assigned_at is null))`.execute(db);
  await sql`create index tickets_assigned_idx on tickets (assigned_to, created_at desc, id desc) where assigned_to is not null`.execute(db);

  await sql`alter table ticket_attachments
    add column operator_id uuid references operators(id),
    alter column user_id drop not null,
    add constraint ticket_attachments_uploader check ((user_id is null) <> (operator_id is null))`.execute(db);
  await sql`create index ticket_attachments_operator_idx on ticket_attachments (operator_id, created_at) where operator_id is not null`.execute(
    db,
  );

  await sql`alter table exchange_pairs add column updated_at timestamptz not null default now()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table exchange_pairs drop column updated_at`.execute(db);
  await sql`delete from ticket_attachments where operator_id is not null`.execute(db);
  await sql`drop index ticket_attachments_operator_idx`.execute(db);
  await sql`alter table ticket_attachments
    drop constraint ticket_attachments_uploader,
    drop column operator_id,
    alter column user_id set not null`.execute(db);
  await sql`drop index tickets_assigned_idx`.execute(db);
  await sql`alter table tickets drop constraint tickets_assigned, drop column assigned_at, drop column assigned_to`.execute(db);
}
