import { sql } from 'kysely';
import type { Executor } from '../../../platform/db/database';

// Webhook deliveries (their signatures, each accepted once) and the issuer events already applied.
// A decision's delivery is recorded in the decision's own statement (../authorizations/queries.ts).

/**
 * Records a delivery; false when its signature was seen before (a replay). Not money: this record may
 * skip waiting for the disk (a crash could forget the last few, and a replay of one of those would
 * still meet the event-id check), which saves a flush per webhook. One statement: set_config(..., true)
 * lasts to the end of this statement's own transaction.
 */
export async function recordDelivery(db: Executor, signature: string): Promise<boolean> {
  const fresh = (
    await sql<{ signature: string }>`
      with relaxed as (select set_config('synchronous_commit', 'off', true))
      insert into card_webhook_deliveries (signature) select ${signature} from relaxed
      on conflict (signature) do nothing returning signature`.execute(db)
  ).rows[0];
  return fresh !== undefined;
}

export const forgetDelivery = (db: Executor, signature: string) =>
  db.deleteFrom('card_webhook_deliveries').where('signature', '=', signature).execute();

export const pruneDeliveries = (db: Executor, before: Date) =>
  db.deleteFrom('card_webhook_deliveries').where('received_at', '<', before).execute();

export const eventSeen = (db: Executor, id: string) =>
  db.selectFrom('card_issuer_events').select('id').where('id', '=', id).executeTakeFirst();
