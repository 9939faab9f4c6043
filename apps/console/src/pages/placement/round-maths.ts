import { Decimal } from '@wallet/contract';

/** A share as a whole percent for a progress bar; exact amounts are shown beside it. */
export function percentOf(part: string, whole: string): number {
  const total = new Decimal(whole);
  return total.isZero() ? 0 : new Decimal(part).div(total).times(100).toDecimalPlaces(0, Decimal.ROUND_DOWN).toNumber();
}

export interface TierRow {
  n: number;
  from: string;
  to: string;
  quantity: string;
  price: string;
  sold: string;
  amount: string;
}

/** Each tier's range of units, how much of it is sold (units sell in tier order) and its value at its price. */
export function tierRows(tiers: readonly { quantity: string; price: string }[], sold: string): TierRow[] {
  let start = new Decimal(0);
  return tiers.map((tier, index) => {
    const quantity = new Decimal(tier.quantity);
    const inTier = Decimal.min(Decimal.max(new Decimal(sold).minus(start), 0), quantity);
    const row = {
      n: index + 1,
      from: start.plus(1).toFixed(),
      to: start.plus(quantity).toFixed(),
      quantity: tier.quantity,
      price: tier.price,
      sold: inTier.toFixed(),
      amount: quantity.times(tier.price).toFixed(),
    };
    start = start.plus(quantity);
    return row;
  });
}
