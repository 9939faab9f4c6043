import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { Executor } from '../../platform/db/database';
import { type DayRange, dayIndex, rangeEnd } from '../../platform/db/day-buckets';
import type { PayoutOrdersTable, PayoutQuotesTable, PayoutStage } from '../../platform/db/schema-payout';

/** SQL of quotes, orders and their timeline (orders.ts, sending.ts, finish.ts). */

export type OrderRow = Selectable<PayoutOrdersTable>;
export type QuoteRow = Selectable<PayoutQuotesTable>;
export type OrderEvent = { order_id: string; step: 'submitted' | 'sent' | 'arrived' | 'rejected'; note: string | null; created_at: Date };

export const settings = (db: Executor, lock = false) => {
  const query = db.selectFrom('payout_settings').selectAll().where('id', '=', 1);
  return (lock ? query.forUpdate() : query).executeTakeFirstOrThrow();
};

export const updateSettings = (
  db: Executor,
  values: { enabled: boolean; minimum: string; maximum: string; daily_limit: string; spread: string; fee_rate: string },
  now: Date,
) =>
  db
    .updateTable('payout_settings')
    .set({ ...values, updated_at: now })
    .where('id', '=', 1)
    .execute();

/** USDT the member has sold on a day, rejected orders (returned) not counted. */
export async function soldOn(db: Executor, userId: string, day: string): Promise<string> {
  const row = await db
    .selectFrom('payout_orders')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount'), sql<string>`0`).as('total'))
    .where('user_id', '=', userId)
    .where('day', '=', day)
    .where('stage', '<>', 'rejected')
    .executeTakeFirstOrThrow();
  return String(row.total);
}

/** Serialises one member's orders for the daily limit, without locking any row money paths lock. */
export const lockMemberOrders = (db: Executor, userId: string) =>
  sql`select pg_advisory_xact_lock(hashtextextended(${`payout:${userId}`}, 0))`.execute(db);

export const insertQuote = (db: Executor, row: Insertable<PayoutQuotesTable>) =>
  db.insertInto('payout_quotes').values(row).returningAll().executeTakeFirstOrThrow();

export const findQuote = (db: Executor, id: string, userId: string) =>
  db.selectFrom('payout_quotes').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();

export const lockQuote = (db: Executor, id: string) =>
  db.selectFrom('payout_quotes').select('id').where('id', '=', id).forUpdate().execute();

export const insertOrder = (db: Executor, row: Insertable<PayoutOrdersTable>) =>
  db.insertInto('payout_orders').values(row).returningAll().executeTakeFirstOrThrow();

export const findByKey = (db: Executor, userId: string, key: string) =>
  db.selectFrom('payout_orders').selectAll().where('user_id', '=', userId).where('request_key', '=', key).executeTakeFirst();

export const findByQuote = (db: Executor, quoteId: string) =>
  db.selectFrom('payout_orders').selectAll().where('quote_id', '=', quoteId).executeTakeFirst();

export const findOrder = (db: Executor, id: string, userId?: string) => {
  let query = db.selectFrom('payout_orders').selectAll().where('id', '=', id);
  if (userId) query = query.where('user_id', '=', userId);
  return query.executeTakeFirst();
};

export const lockOrder = (db: Executor, id: string) =>
  db.selectFrom('payout_orders').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

export const updateOrder = (db: Executor, id: string, changes: Updateable<PayoutOrdersTable>) =>
  db.updateTable('payout_orders').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();

export const insertEvent = (db: Executor, event: OrderEvent & { actor: string }) =>
  db.insertInto('payout_order_events').values(event).execute();

export const eventsOf = (db: Executor, orderIds: readonly string[]): Promise<OrderEvent[]> =>
  orderIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('payout_order_events')
        .select(['order_id', 'step', 'note', 'created_at'])
        .where('order_id', 'in', orderIds)
        .orderBy('order_id')
        .orderBy('id')
        .execute();

/** What a list row shows: not the sealed payee, nor the driving state. */
export const SUMMARY_COLUMNS = [
  'id',
  'kind',
  'stage',
  'payee_name',
  'payee_account_last4',
  'payee_account_masked',
  'payee_bank_name',
  'partner_reference',
  'reason',
  'created_at',
  'finished_at',
] as const;
/** Amounts as members read them: numeric(38, 18) without its trailing zeros, CNY to the fen. */
export type SummaryRow = Pick<OrderRow, (typeof SUMMARY_COLUMNS)[number] | 'amount' | 'fee' | 'rate' | 'amount_out'>;

/** One page, newest first, after the (created_at, id) of the cursor. */
export function pageOf(db: Executor, userId: string, limit: number, after?: { created_at: Date; id: string }): Promise<SummaryRow[]> {
  // Formatted by the database: a page of 20 then needs no decimal arithmetic in the request.
  let query = db
    .selectFrom('payout_orders')
    .select(SUMMARY_COLUMNS)
    .select([
      sql<string>`trim_scale(amount)::text`.as('amount'),
      sql<string>`trim_scale(fee)::text`.as('fee'),
      sql<string>`trim_scale(rate)::text`.as('rate'),
      sql<string>`round(amount_out, 2)::text`.as('amount_out'),
    ])
    .where('user_id', '=', userId);
  if (after) query = query.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(after.created_at, after.id)));
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/**
 * Takes the next step of a due order for one driver: 'sending' until `leaseUntil`, one attempt more.
 * Only one driver gets the row back; the others see nothing due.
 */
export const claim = (db: Executor, id: string, now: Date, leaseUntil: Date) =>
  db
    .updateTable('payout_orders')
    .set((eb) => ({ stage: 'sending' as PayoutStage, attempts: eb('attempts', '+', 1), next_attempt_at: leaseUntil, updated_at: now }))
    .where('id', '=', id)
    .where('stage', 'in', ['held', 'sending'])
    .where('next_attempt_at', '<=', now)
    .returningAll()
    .executeTakeFirst();

/** Orders whose next step (send, or look the payout up) is due. */
export const dueIds = (db: Executor, now: Date, limit: number) =>
  db
    .selectFrom('payout_orders')
    .select('id')
    .where('stage', 'in', ['held', 'sending', 'submitted'])
    .where('next_attempt_at', '<=', now)
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();

export const openOrders = (db: Executor, limit: number) =>
  db
    .selectFrom('payout_orders')
    .innerJoin('users', 'users.id', 'payout_orders.user_id')
    .selectAll('payout_orders')
    .select('users.uid')
    .where('payout_orders.stage', 'not in', ['arrived', 'rejected'])
    .orderBy('payout_orders.created_at')
    .limit(limit)
    .execute();

export const deliveryFirstSeen = async (db: Executor, signature: string) =>
  Boolean(
    await db
      .insertInto('payout_webhook_deliveries')
      .values({ signature })
      .onConflict((oc) => oc.column('signature').doNothing())
      .returning('signature')
      .executeTakeFirst(),
  );

export const forgetDelivery = (db: Executor, signature: string) =>
  db.deleteFrom('payout_webhook_deliveries').where('signature', '=', signature).execute();

export const pruneDeliveries = (db: Executor, before: Date) =>
  db.deleteFrom('payout_webhook_deliveries').where('received_at', '<', before).execute();

/** Flash exchange volume: USDT of the orders placed each day, less those rejected (their money went back). */
export function dailyVolumeSums(db: Executor, range: DayRange) {
  return db
    .selectFrom('payout_orders')
    .select([dayIndex('created_at', range).as('day'), sql<string>`sum(amount)::text`.as('amount')])
    .where('stage', '<>', 'rejected')
    .where('created_at', '>=', range.from)
    .where('created_at', '<', rangeEnd(range))
    .groupBy(sql`1`)
    .execute();
}

export async function countInStage(db: Executor, stage: PayoutStage): Promise<number> {
  const row = await db
    .selectFrom('payout_orders')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('stage', '=', stage)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Orders arrived on the partner's word (its webhook or our lookup): what the books match with the partner's payments. */
export function arrivedThroughPartner(db: Executor) {
  return db
    .selectFrom('payout_orders as o')
    .select(['o.id', 'o.stage', 'o.amount_out', 'o.finished_at'])
    .where('o.stage', '=', 'arrived')
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('payout_order_events as e')
          .select(sql`1`.as('one'))
          .whereRef('e.order_id', '=', 'o.id')
          .where('e.step', '=', 'arrived')
          .where('e.actor', '=', 'partner'),
      ),
    )
    .execute();
}

/** The stage of each order of `ids` there is (ids must be UUIDs). */
export function orderStages(db: Executor, ids: readonly string[]) {
  return db.selectFrom('payout_orders').select(['id', 'stage']).where('id', 'in', ids).execute();
}
