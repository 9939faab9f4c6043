import type { BindableNetwork } from '@wallet/contract';
import type { Selectable } from 'kysely';
import type { Executor } from '../../platform/db/database';
import type { WithdrawalAddressesTable } from '../../platform/db/schema-address-book';

/** SQL of the withdrawal address book: nothing else names withdrawal_addresses. */

export type SavedAddressRow = Selectable<WithdrawalAddressesTable>;

const live = (db: Executor, userId: string) =>
  db.selectFrom('withdrawal_addresses').selectAll().where('user_id', '=', userId).where('deleted_at', 'is', null);

export const listLive = (db: Executor, userId: string) => live(db, userId).orderBy('created_at', 'desc').orderBy('id').execute();

export const findLive = (db: Executor, userId: string, id: string) => live(db, userId).where('id', '=', id).executeTakeFirst();

export const findLiveByAddress = (db: Executor, userId: string, network: BindableNetwork, address: string) =>
  live(db, userId).where('network', '=', network).where('address', '=', address).executeTakeFirst();

export async function countLive(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('withdrawal_addresses')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Null when a live row for the same address exists already (another request saved it first). */
export const insertAddress = (
  db: Executor,
  row: { user_id: string; network: BindableNetwork; address: string; label: string | null; created_at: Date; usable_from: Date },
) =>
  db
    .insertInto('withdrawal_addresses')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'network', 'address']).where('deleted_at', 'is', null).doNothing())
    .returningAll()
    .executeTakeFirst();

export const setLabel = (db: Executor, userId: string, id: string, label: string) =>
  db
    .updateTable('withdrawal_addresses')
    .set({ label })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();

export const markDeleted = (db: Executor, userId: string, id: string, now: Date) =>
  db
    .updateTable('withdrawal_addresses')
    .set({ deleted_at: now })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
