import type { Currency } from '@wallet/contract';
import type { Executor } from '../../platform/db/database';

export const findUserIdByUid = (db: Executor, uid: string) => db.selectFrom('users').select('id').where('uid', '=', uid).executeTakeFirst();

export const findUserEmail = (db: Executor, id: string) =>
  db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirstOrThrow();

export async function upsertRate(db: Executor, rate: { currency: Currency; usdPrice: string; updatedBy: string; now: Date }) {
  await db
    .insertInto('exchange_rates')
    .values({ currency: rate.currency, usd_price: rate.usdPrice, updated_by: rate.updatedBy })
    .onConflict((oc) => oc.column('currency').doUpdateSet({ usd_price: rate.usdPrice, updated_at: rate.now, updated_by: rate.updatedBy }))
    .execute();
}

/** False when the pair does not exist (pairs are seeded, never created here). */
export async function updatePair(
  db: Executor,
  pair: { from: Currency; to: Currency; spread: string; feeRate: string; enabled: boolean },
): Promise<boolean> {
  const result = await db
    .updateTable('exchange_pairs')
    .set({ spread: pair.spread, fee_rate: pair.feeRate, enabled: pair.enabled })
    .where('from_currency', '=', pair.from)
    .where('to_currency', '=', pair.to)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
