import { type Currency, Decimal, isCurrency } from '@wallet/contract';
import { publishChange } from '../../platform/changes';
import { afterCommit } from '../../platform/db/after-commit';
import type { Db, Executor } from '../../platform/db/database';
import { ratesAndPairs, updatePair, upsertRate, usdPriceRows } from './queries';

/** Price of one unit of each currency in USD, as set by operators. */
export async function usdPrices(db: Db): Promise<Map<Currency, Decimal>> {
  const rows = await usdPriceRows(db);
  return new Map(rows.filter((r) => isCurrency(r.currency)).map((r) => [r.currency as Currency, new Decimal(r.usd_price)]));
}

/** How many units of `to` one unit of `from` is worth at mid-market. */
export function midRate(prices: ReadonlyMap<Currency, Decimal>, from: Currency, to: Currency): Decimal | null {
  const a = prices.get(from);
  const b = prices.get(to);
  return a && b ? a.div(b) : null;
}

/**
 * Sets the USD price of a currency, which every estimate and exchange rate is derived from, in the
 * caller's transaction (the operator's, which commits it with its audit row).
 */
export async function setUsdPrice(trx: Executor, rate: { currency: Currency; usdPrice: string; updatedBy: string; now: Date }) {
  await upsertRate(trx, rate);
  // Only once committed: a cache told earlier could read the old price again and keep it.
  afterCommit(trx, () => publishChange({ topic: 'rates' }));
}

/** Sets an exchange pair's spread, fee and switch in the caller's transaction; false when the pair does not exist (pairs are seeded). */
export function setPairTerms(
  trx: Executor,
  pair: { from: Currency; to: Currency; spread: string; feeRate: string; enabled: boolean; now: Date },
): Promise<boolean> {
  return updatePair(trx, pair);
}

/** The prices and pairs as operators read and set them (the PUT routes are in the admin module). */
export async function ratesForOperators(db: Executor) {
  const [rates, pairs] = await ratesAndPairs(db);
  return {
    rates: rates.map((r) => ({
      currency: r.currency,
      usdPrice: new Decimal(r.usd_price).toFixed(),
      updatedAt: r.updated_at.toISOString(),
      updatedBy: r.updated_by,
    })),
    pairs: pairs.map((p) => ({
      from: p.from_currency,
      to: p.to_currency,
      typeCode: p.type_code,
      spread: new Decimal(p.spread).toFixed(),
      feeRate: new Decimal(p.fee_rate).toFixed(),
      enabled: p.enabled,
      updatedAt: p.updated_at.toISOString(),
    })),
  };
}
