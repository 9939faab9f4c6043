import { sql } from 'kysely';
import type { Db, Executor } from '../../platform/db/database';
import { type RoundRow, statusSql } from './queries';
import type { RoundTerms } from './round-rules';

/** Rounds as the console lists them: with their status, buyers and USDT raised. */

export type ConsoleRoundRow = RoundRow & { status: string; buyers: string; raised: string };

const consoleRoundSql = (now: Date) => sql`
  select r.*, ${statusSql(now)} as status,
    (select count(*) from placement_round_members m where m.round_id = r.id and m.quantity > 0) as buyers,
    (select coalesce(sum(p.amount), 0) from placement_purchases p where p.round_id = r.id) as raised
  from placement_rounds r`;

export async function consoleRounds(db: Db, now: Date, query: { status?: string | undefined; offset: number; limit: number }) {
  const filter = query.status ? sql`where ${statusSql(now)} = ${query.status}` : sql``;
  const [{ rows }, { rows: counted }] = await Promise.all([
    sql<ConsoleRoundRow>`${consoleRoundSql(now)} ${filter}
      order by r.starts_at desc, r.id desc offset ${query.offset} limit ${query.limit}`.execute(db),
    sql<{ total: string }>`select count(*) as total from placement_rounds r ${filter}`.execute(db),
  ]);
  return { rows, total: Number(counted[0]?.total ?? 0) };
}

export async function consoleRound(db: Executor, now: Date, id: string): Promise<ConsoleRoundRow | undefined> {
  const { rows } = await sql<ConsoleRoundRow>`${consoleRoundSql(now)} where r.id = ${id}`.execute(db);
  return rows[0];
}

const columns = (terms: RoundTerms) => ({
  name: JSON.stringify(terms.name),
  rules: JSON.stringify(terms.rules),
  tiers: JSON.stringify(terms.tiers),
  total_quantity: terms.totalQuantity,
  min_per_member: terms.minPerMember,
  max_per_member: terms.maxPerMember,
  starts_at: terms.startsAt,
  ends_at: terms.endsAt,
  kyc_required: terms.kycRequired,
});

export async function insertRound(trx: Executor, terms: RoundTerms, operatorId: string | null, now: Date): Promise<string> {
  const row = await trx
    .insertInto('placement_rounds')
    .values({ ...columns(terms), created_by: operatorId, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateRound(trx: Executor, id: string, terms: RoundTerms, now: Date): Promise<void> {
  await trx
    .updateTable('placement_rounds')
    .set({ ...columns(terms), updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function closeRound(trx: Executor, id: string, reason: string, now: Date): Promise<void> {
  await trx.updateTable('placement_rounds').set({ closed_at: now, closed_reason: reason, updated_at: now }).where('id', '=', id).execute();
}
