import type { Kysely } from 'kysely';

/**
 * The transfer screen's recent recipients: one sender's transfers grouped by recipient,
 * newest first within each, so DISTINCT ON (to_user_id) reads them from the index in order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('transfers_sender_recipient_idx')
    .on('transfers')
    .columns(['from_user_id', 'to_user_id', 'created_at desc'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('transfers_sender_recipient_idx').execute();
}
