import { type Kysely, sql } from 'kysely';

/**
 * The rewards engine (issue 43): a refund applies the total refunded of its spend so far (every
 * refund event of that spend up to it), so the processor looks refunds up by the spend they refund.
 * Without this index that is a scan of the whole outbox for every batch holding a refund; refunds are
 * a small share of events, so the partial index stays small.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index reward_events_refund_of_idx on reward_events (refund_of, id) where refund_of is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index reward_events_refund_of_idx`.execute(db);
}
