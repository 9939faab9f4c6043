import { type Selectable, sql } from 'kysely';
import type { Db, Executor } from '../../platform/db/database';
import type { PlacementRoundsTable, PurchaseLineColumn } from '../../platform/db/schema-placement';

/** Private placement's tables (migration 0034): rounds, purchases, positions, distributions. */

export type RoundRow = Selectable<PlacementRoundsTable>;

/** A round's status at `now` in SQL, as roundStatus() computes it in the contract. */
export const statusSql = (now: Date) => sql<string>`case
  when r.closed_at is not null or r.ends_at <= ${now} then 'closed'
  when r.sold >= r.total_quantity then 'sold_out'
  when r.starts_at > ${now} then 'upcoming'
  else 'open' end`;

export function roundById(db: Executor, id: string) {
  return db.selectFrom('placement_rounds').selectAll().where('id', '=', id).executeTakeFirst();
}

export function lockRound(db: Executor, id: string) {
  return db.selectFrom('placement_rounds').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** What the member sees listed: rounds not closed, and those closed in the last 30 days (open first). */
export async function memberRounds(db: Db, userId: string, now: Date) {
  const { rows } = await sql<RoundRow & { my_quantity: string | null; status: string }>`
    select r.*, m.quantity as my_quantity, ${statusSql(now)} as status
    from placement_rounds r
    left join placement_round_members m on m.round_id = r.id and m.user_id = ${userId}
    where least(coalesce(r.closed_at, r.ends_at), r.ends_at) > ${now}::timestamptz - interval '30 days'
    order by case ${statusSql(now)} when 'open' then 0 when 'upcoming' then 1 when 'sold_out' then 2 else 3 end,
      r.starts_at, r.id`.execute(db);
  return rows;
}

export async function memberRound(db: Db, userId: string, roundId: string) {
  const { rows } = await sql<RoundRow & { my_quantity: string | null }>`
    select r.*, m.quantity as my_quantity from placement_rounds r
    left join placement_round_members m on m.round_id = r.id and m.user_id = ${userId}
    where r.id = ${roundId}`.execute(db);
  return rows[0];
}

/** What a purchase reads before its payment password: the round, my share of it, and an earlier purchase by this key. */
export async function purchaseRead(db: Db, userId: string, roundId: string, key: string) {
  const [round, mine, existing] = await Promise.all([
    roundById(db, roundId),
    db
      .selectFrom('placement_round_members')
      .select('quantity')
      .where('round_id', '=', roundId)
      .where('user_id', '=', userId)
      .executeTakeFirst(),
    purchaseByKey(db, userId, key),
  ]);
  return { round, myQuantity: mine?.quantity ?? '0', existing };
}

/**
 * Takes `quantity` units of an open round: the round's row lock queues every buyer of the round, and
 * PostgreSQL checks the WHERE again on the row as the buyer before committed it, so `sold` never
 * passes `total_quantity`. Undefined when the round refuses (closed, not yet open, not enough left).
 */
export async function takeUnits(trx: Executor, roundId: string, quantity: string, now: Date) {
  const { rows } = await sql<{
    sold: string;
    tiers: RoundRow['tiers'];
    name: RoundRow['name'];
    min_per_member: string;
    max_per_member: string;
  }>`
    update placement_rounds set sold = sold + ${quantity}::numeric, updated_at = ${now}
    where id = ${roundId} and closed_at is null and starts_at <= ${now} and ends_at > ${now}
      and sold + ${quantity}::numeric <= total_quantity
    returning sold, tiers, name, min_per_member, max_per_member`.execute(trx);
  return rows[0];
}

/** Adds to the member's total in the round (the row lock queues one member's purchases); returns the new total. */
export async function addMemberUnits(trx: Executor, roundId: string, userId: string, quantity: string): Promise<string> {
  const row = await trx
    .insertInto('placement_round_members')
    .values({ round_id: roundId, user_id: userId, quantity })
    .onConflict((oc) =>
      oc.columns(['round_id', 'user_id']).doUpdateSet({ quantity: sql`placement_round_members.quantity + excluded.quantity` }),
    )
    .returning('quantity')
    .executeTakeFirstOrThrow();
  return row.quantity;
}

export type PurchaseRow = {
  id: string;
  round_id: string;
  quantity: string;
  amount: string;
  lines: PurchaseLineColumn[];
  created_at: Date;
  round_name: RoundRow['name'];
};

const purchaseColumns = ['p.id', 'p.round_id', 'p.quantity', 'p.amount', 'p.lines', 'p.created_at', 'r.name as round_name'] as const;

export function purchaseByKey(db: Executor, userId: string, key: string): Promise<PurchaseRow | undefined> {
  return db
    .selectFrom('placement_purchases as p')
    .innerJoin('placement_rounds as r', 'r.id', 'p.round_id')
    .select(purchaseColumns)
    .where('p.user_id', '=', userId)
    .where('p.idempotency_key', '=', key)
    .executeTakeFirst();
}

/** The purchase row, or undefined when one with this key committed first (the request then answers as a repeat). */
export async function insertPurchase(
  trx: Executor,
  row: {
    round_id: string;
    user_id: string;
    quantity: string;
    amount: string;
    sold_before: string;
    lines: PurchaseLineColumn[];
    idempotency_key: string;
    created_at: Date;
  },
) {
  return trx
    .insertInto('placement_purchases')
    .values({ ...row, lines: JSON.stringify(row.lines) })
    .onConflict((oc) => oc.columns(['user_id', 'idempotency_key']).doNothing())
    .returning(['id'])
    .executeTakeFirst();
}

export async function setPurchaseJournal(trx: Executor, id: string, journalId: string) {
  await trx.updateTable('placement_purchases').set({ journal_id: journalId }).where('id', '=', id).execute();
}

export async function addAcquired(trx: Executor, userId: string, quantity: string, amount: string, now: Date) {
  await trx
    .insertInto('placement_positions')
    .values({ user_id: userId, acquired: quantity, purchase_amount: amount, updated_at: now })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        acquired: sql`placement_positions.acquired + excluded.acquired`,
        purchase_amount: sql`placement_positions.purchase_amount + excluded.purchase_amount`,
        updated_at: now,
      }),
    )
    .execute();
}

/** Newest first; the cursor is (created_at in microseconds, id). */
export function purchasesOf(db: Db, userId: string, limit: number, after: Cursor | null) {
  let query = db
    .selectFrom('placement_purchases as p')
    .innerJoin('placement_rounds as r', 'r.id', 'p.round_id')
    .select(purchaseColumns)
    .select(micros('p.created_at').as('micros'))
    .where('p.user_id', '=', userId);
  if (after) query = query.where(sql<boolean>`(p.created_at, p.id) < (${fromMicros(after.micros)}, ${after.id}::uuid)`);
  return query
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(limit + 1)
    .execute();
}

export interface Cursor {
  micros: string;
  id: string;
}

const micros = (column: string) => sql<string>`(extract(epoch from ${sql.ref(column)}) * 1000000)::bigint::text`;
const fromMicros = (value: string) => sql`timestamptz 'epoch' + ${value}::bigint * interval '1 microsecond'`;

export function positionOf(db: Executor, userId: string) {
  return db.selectFrom('placement_positions').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export function userByEmail(db: Executor, email: string) {
  return (
    db
      .selectFrom('users')
      .select(['id', 'uid', 'email'])
      // Stored in lower case (a check on users): the unique index finds it.
      .where('email', '=', email.toLowerCase())
      .executeTakeFirst()
  );
}

export type DistributionRow = {
  id: string;
  from_user_id: string;
  to_user_id: string;
  quantity: string;
  created_at: Date;
  from_email: string;
  to_email: string;
};

const distributionSelect = (db: Executor) =>
  db
    .selectFrom('placement_distributions as d')
    .innerJoin('users as f', 'f.id', 'd.from_user_id')
    .innerJoin('users as t', 't.id', 'd.to_user_id')
    .select(['d.id', 'd.from_user_id', 'd.to_user_id', 'd.quantity', 'd.created_at', 'f.email as from_email', 't.email as to_email']);

export function distributionByKey(db: Executor, userId: string, key: string): Promise<DistributionRow | undefined> {
  return distributionSelect(db).where('d.from_user_id', '=', userId).where('d.idempotency_key', '=', key).executeTakeFirst();
}

export function insertDistribution(
  trx: Executor,
  row: { from_user_id: string; to_user_id: string; quantity: string; idempotency_key: string; created_at: Date },
) {
  return trx
    .insertInto('placement_distributions')
    .values(row)
    .onConflict((oc) => oc.columns(['from_user_id', 'idempotency_key']).doNothing())
    .returning(['id'])
    .executeTakeFirst();
}

export async function setDistributionJournal(trx: Executor, id: string, journalId: string) {
  await trx.updateTable('placement_distributions').set({ journal_id: journalId }).where('id', '=', id).execute();
}

/** Raises `distributed`; undefined when it would pass `acquired` (the row's check holds it too). */
export function addDistributed(trx: Executor, userId: string, quantity: string, now: Date) {
  return trx
    .updateTable('placement_positions')
    .set({ distributed: sql`distributed + ${quantity}::numeric`, updated_at: now })
    .where('user_id', '=', userId)
    .where(sql<boolean>`distributed + ${quantity}::numeric <= acquired`)
    .returning(['acquired', 'distributed'])
    .executeTakeFirst();
}

export function distributionsOf(db: Db, userId: string, direction: 'out' | 'in', limit: number, after: Cursor | null) {
  const side = direction === 'out' ? 'd.from_user_id' : 'd.to_user_id';
  let query = distributionSelect(db).select(micros('d.created_at').as('micros')).where(side, '=', userId);
  if (after) query = query.where(sql<boolean>`(d.created_at, d.id) < (${fromMicros(after.micros)}, ${after.id}::uuid)`);
  return query
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id', 'desc')
    .limit(limit + 1)
    .execute();
}

export async function distributionCount(db: Db, userId: string, direction: 'out' | 'in'): Promise<number> {
  const side = direction === 'out' ? 'from_user_id' : 'to_user_id';
  const row = await db
    .selectFrom('placement_distributions')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where(side, '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
