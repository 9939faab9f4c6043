import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Executor } from '../../platform/db/database';
import type { PayeesTable } from '../../platform/db/schema-payout';

/** SQL of payees (payees.ts): nothing else writes the table. */

export type PayeeRow = Selectable<PayeesTable>;

export const listLive = (db: Executor, userId: string, kind?: 'alipay' | 'bank') => {
  let query = db.selectFrom('payees').selectAll().where('user_id', '=', userId).where('deleted_at', 'is', null);
  if (kind) query = query.where('kind', '=', kind);
  return query.orderBy('is_default', 'desc').orderBy('created_at', 'desc').orderBy('id').execute();
};

export const findLive = (db: Executor, userId: string, id: string) =>
  db.selectFrom('payees').selectAll().where('id', '=', id).where('user_id', '=', userId).where('deleted_at', 'is', null).executeTakeFirst();

export const countLive = async (db: Executor, userId: string, kind?: 'alipay' | 'bank') => {
  let query = db
    .selectFrom('payees')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null);
  if (kind) query = query.where('kind', '=', kind);
  return Number((await query.executeTakeFirstOrThrow()).n);
};

export const insertPayee = (db: Executor, row: Insertable<PayeesTable>) =>
  db.insertInto('payees').values(row).returningAll().executeTakeFirstOrThrow();

export const updatePayee = (db: Executor, id: string, changes: Updateable<PayeesTable>) =>
  db.updateTable('payees').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();

/** The member's one default per kind: cleared before another is set (a unique index holds the rule). */
export const clearDefault = (db: Executor, userId: string, kind: 'alipay' | 'bank') =>
  db
    .updateTable('payees')
    .set({ is_default: false })
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('is_default', '=', true)
    .execute();

export const keysOtherThan = (db: Executor, keyId: string, limit: number) =>
  db.selectFrom('payees').select(['id', 'key_id', 'secret']).where('key_id', '<>', keyId).limit(limit).execute();

/** Only if still under the key it was read with: a change meanwhile sealed it anew already. */
export const reseal = (db: Executor, id: string, fromKeyId: string, keyId: string, secret: Buffer) =>
  db.updateTable('payees').set({ key_id: keyId, secret }).where('id', '=', id).where('key_id', '=', fromKeyId).execute();

/** Live payees without an account fingerprint (saved before 0030), by id after `after`. */
export const unfingerprinted = (db: Executor, after: string | null, limit: number) => {
  let query = db
    .selectFrom('payees')
    .select(['id', 'kind', 'key_id', 'secret'])
    .where('account_fingerprint', 'is', null)
    .where('deleted_at', 'is', null);
  if (after) query = query.where('id', '>', after);
  return query.orderBy('id').limit(limit).execute();
};

/** Only if still unset and under the key it was read with: a save meanwhile wrote its own. */
export const setFingerprint = async (db: Executor, id: string, keyId: string, fingerprint: Buffer) => {
  const result = await db
    .updateTable('payees')
    .set({ account_fingerprint: fingerprint })
    .where('id', '=', id)
    .where('key_id', '=', keyId)
    .where('account_fingerprint', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
};
