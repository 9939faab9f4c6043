import type { CardControlCategory } from '@wallet/contract';
import { sql, type Transaction } from 'kysely';
import type { Executor } from '../../../platform/db/database';
import type { Database } from '../../../platform/db/schema';
import { monthSpendSql } from '../queries';

/** card_controls (migration 0017); not in the shared schema so this module's table stays its own. */
export interface CardControlsTable {
  card_id: string;
  per_purchase_limit: string | null;
  monthly_limit: string | null;
  online_enabled: boolean;
  atm_enabled: boolean;
  blocked_categories: CardControlCategory[];
  updated_at: Date;
}
const withControls = (db: Executor) => db.withTables<{ card_controls: CardControlsTable }>();

export type ControlValues = Omit<CardControlsTable, 'card_id'>;

export const findControls = (db: Executor, cardId: string) =>
  withControls(db).selectFrom('card_controls').selectAll().where('card_id', '=', cardId).executeTakeFirst();

/** The card's approved spend since `monthStart` (see monthSpendSql). */
export async function monthSpent(db: Executor, cardId: string, monthStart: Date): Promise<string | undefined> {
  const spent = await sql<{ spent: string }>`select ${monthSpendSql(sql`${cardId}::uuid`, monthStart)} as spent`.execute(db);
  return spent.rows[0]?.spent;
}

export const upsertControls = (trx: Transaction<Database>, cardId: string, values: ControlValues) =>
  withControls(trx)
    .insertInto('card_controls')
    .values({ card_id: cardId, ...values })
    .onConflict((oc) => oc.column('card_id').doUpdateSet(values))
    .execute();

/** Bumps the card's version (its trigger does on any update), so decisions that read the old controls decide again. */
export const touchCardVersion = (trx: Transaction<Database>, cardId: string) =>
  sql`update cards set version = version where id = ${cardId}`.execute(trx);
