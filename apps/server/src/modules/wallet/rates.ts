import { type Currency, Decimal, isCurrency } from '@wallet/contract';
import type { Db } from '../../platform/db/database';
import { usdPriceRows } from './queries';

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
