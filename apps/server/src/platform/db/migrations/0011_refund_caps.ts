import { type Kysely, sql } from 'kysely';

/**
 * What has been refunded of each authorization, kept on its row so a refund can be capped at what
 * was settled without summing the card's history, and so the database itself refuses a write that
 * would refund more. Earlier refunds are counted in, but never above what was settled: an
 * authorization refunded beyond it before this cap existed simply has nothing left to refund.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('card_transactions')
    .addColumn('refunded_amount', sql`numeric(38, 18)`, (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update card_transactions a set refunded_amount = least(r.total, coalesce(a.settled_amount, 0))
    from (select card_id, authorization_id, sum(amount) as total from card_transactions where type = 'refund'
      group by card_id, authorization_id) r
    where a.type = 'authorization' and a.card_id = r.card_id and a.issuer_ref = r.authorization_id`.execute(db);
  await db.schema
    .alterTable('card_transactions')
    .addCheckConstraint('card_transactions_refund_cap', sql`refunded_amount >= 0 and refunded_amount <= coalesce(settled_amount, 0)`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('card_transactions').dropConstraint('card_transactions_refund_cap').execute();
  await db.schema.alterTable('card_transactions').dropColumn('refunded_amount').execute();
}
