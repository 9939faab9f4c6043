import type { Insertable, Selectable } from 'kysely';
import type { Executor } from '../../../platform/db/database';
import type { CardOperationsTable } from '../../../platform/db/schema';

/** SQL of card funding: card operations (operations.ts; nothing else writes card_operations) and the monthly fee. */

export type CardOperationRow = Selectable<CardOperationsTable>;

export function insertOperation(db: Executor, row: Insertable<CardOperationsTable>) {
  return db
    .insertInto('card_operations')
    .values(row)
    .onConflict((oc) => oc.constraint('card_operations_request_key').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export function findByRequest(db: Executor, cardId: string, kind: 'load' | 'unload', requestKey: string) {
  return db
    .selectFrom('card_operations')
    .selectAll()
    .where('card_id', '=', cardId)
    .where('kind', '=', kind)
    .where('request_key', '=', requestKey)
    .executeTakeFirst();
}

export function findById(db: Executor, id: string) {
  return db.selectFrom('card_operations').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findForCard(db: Executor, cardId: string, id: string) {
  return db.selectFrom('card_operations').selectAll().where('id', '=', id).where('card_id', '=', cardId).executeTakeFirst();
}

/**
 * Takes the next step of a due operation for one driver: 'sending' until `leaseUntil`, one attempt
 * more. Only one driver at a time gets the row back; the others see nothing due.
 */
export function claim(db: Executor, id: string, now: Date, leaseUntil: Date) {
  return db
    .updateTable('card_operations')
    .set((eb) => ({ state: 'sending', attempts: eb('attempts', '+', 1), next_attempt_at: leaseUntil, updated_at: now }))
    .where('id', '=', id)
    .where('state', 'in', ['held', 'sending'])
    .where('next_attempt_at', '<=', now)
    .returningAll()
    .executeTakeFirst();
}

export function retryLater(db: Executor, id: string, at: Date, error: string, now: Date) {
  return db
    .updateTable('card_operations')
    .set({ next_attempt_at: at, last_error: error.slice(0, 500), updated_at: now })
    .where('id', '=', id)
    .where('state', '=', 'sending')
    .returningAll()
    .executeTakeFirst();
}

export function lockOperation(db: Executor, id: string) {
  return db.selectFrom('card_operations').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function markFinished(db: Executor, id: string, state: 'succeeded' | 'failed', failureCode: string | null, now: Date) {
  return db
    .updateTable('card_operations')
    .set({ state, failure_code: failureCode, finished_at: now, updated_at: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function dueIds(db: Executor, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('card_operations')
    .select('id')
    .where('state', 'in', ['held', 'sending'])
    .where('next_attempt_at', '<=', now)
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

export async function issuerCardIdOf(db: Executor, cardId: string): Promise<string | null> {
  const row = await db.selectFrom('cards').select('issuer_card_id').where('id', '=', cardId).executeTakeFirst();
  return row?.issuer_card_id ?? null;
}

/** Active cards whose product charges a monthly fee, with the fee. */
export function cardsDueMonthlyFee(db: Executor) {
  return db
    .selectFrom('cards')
    .innerJoin('card_products', 'card_products.id', 'cards.product_id')
    .select(['cards.id', 'card_products.monthly_fee'])
    .where('cards.status', '=', 'active')
    .where('card_products.monthly_fee', '>', '0')
    .execute();
}
