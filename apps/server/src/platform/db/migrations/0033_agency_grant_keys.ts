import { type Kysely, sql } from 'kysely';

/**
 * A grant of card tickets keeps the operator's Idempotency-Key (issue 43): a double click or a retry
 * of the same grant finds the grant it made instead of granting again. Keys are the operator's own,
 * as a member's keys are the member's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table agency_ticket_grants add column request_key text`.execute(db);
  await sql`create unique index agency_ticket_grants_key_idx on agency_ticket_grants (operator_id, request_key)
    where request_key is not null`.execute(db);
  await sql`create index agency_ticket_grants_owner_idx on agency_ticket_grants (owner_id, id desc)`.execute(db);
  await sql`create index agency_tickets_grant_idx on agency_tickets (grant_id) where holder_id is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index agency_tickets_grant_idx`.execute(db);
  await sql`drop index agency_ticket_grants_owner_idx`.execute(db);
  await sql`drop index agency_ticket_grants_key_idx`.execute(db);
  await sql`alter table agency_ticket_grants drop column request_key`.execute(db);
}
