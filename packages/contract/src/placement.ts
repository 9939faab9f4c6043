import { Decimal } from './decimal';

/*
 * Private placement and nodes (issue 44, ADR 0036), the parts the app and the server must compute the
 * same way: the calculator over a round's price tiers and a round's status. The D-pool reward's Merkle
 * tree is in dpool-tree.ts, a module of its own, so the app loads it only where a line is checked.
 * Quantities of SBC in a round are whole units; prices have at most 6 decimals (USDT's precision in
 * the ledger), so every amount is exact.
 */

/** The spec's large-node requirements (PRODUCT_SPEC.md sections 6 and 9). */
export const LARGE_NODE_TEAM = { min: 5, max: 10 } as const;
export const LARGE_NODE_VENUE_SQM = { min: 200, max: 2000 } as const;

/** A round's price tiers, in order: the first `quantity` units at `price`, then the next tier. */
export interface PriceTier {
  quantity: string;
  price: string;
}
export interface QuoteLine {
  quantity: string;
  price: string;
  amount: string;
}
export interface PlacementQuote {
  /** Whole SBC units. */
  quantity: string;
  /** USDT, exact. */
  amount: string;
  /** The split over the tiers the purchase spans, in order. */
  lines: QuoteLine[];
}

export const ROUND_STATUSES = ['upcoming', 'open', 'sold_out', 'closed'] as const;
export type RoundStatus = (typeof ROUND_STATUSES)[number];

export function roundStatus(
  round: { startsAt: Date | string; endsAt: Date | string; closedAt: Date | string | null; sold: string; totalQuantity: string },
  now: Date,
): RoundStatus {
  if (round.closedAt !== null || new Date(round.endsAt) <= now) return 'closed';
  if (new Decimal(round.sold).gte(round.totalQuantity)) return 'sold_out';
  if (new Date(round.startsAt) > now) return 'upcoming';
  return 'open';
}

/** Units left in each tier once `sold` units went, in tier order. */
function tiersLeft(tiers: readonly PriceTier[], sold: string): { left: Decimal; price: Decimal }[] {
  let before = new Decimal(sold);
  return tiers.map((tier) => {
    const size = new Decimal(tier.quantity);
    const used = Decimal.min(size, Decimal.max(before, 0));
    before = before.minus(size);
    return { left: size.minus(used), price: new Decimal(tier.price) };
  });
}

export const totalOf = (tiers: readonly PriceTier[]) => tiers.reduce((sum, tier) => sum.plus(tier.quantity), new Decimal(0)).toFixed();

/** The price the next unit sells at, or null when none is left. */
export function currentPrice(tiers: readonly PriceTier[], sold: string): string | null {
  const next = tiersLeft(tiers, sold).find((tier) => tier.left.gt(0));
  return next ? next.price.toFixed() : null;
}

function quoteOf(lines: QuoteLine[]): PlacementQuote {
  const quantity = lines.reduce((sum, line) => sum.plus(line.quantity), new Decimal(0));
  const amount = lines.reduce((sum, line) => sum.plus(line.amount), new Decimal(0));
  return { quantity: quantity.toFixed(), amount: amount.toFixed(), lines };
}

/**
 * What `quantity` whole units cost after `sold` units went, spanning tiers as needed; null when fewer
 * than `quantity` are left.
 */
export function quoteForQuantity(tiers: readonly PriceTier[], sold: string, quantity: string): PlacementQuote | null {
  let wanted = new Decimal(quantity);
  const lines: QuoteLine[] = [];
  for (const tier of tiersLeft(tiers, sold)) {
    if (wanted.lte(0)) break;
    const take = Decimal.min(wanted, tier.left);
    if (take.lte(0)) continue;
    lines.push({ quantity: take.toFixed(), price: tier.price.toFixed(), amount: take.times(tier.price).toFixed() });
    wanted = wanted.minus(take);
  }
  return wanted.gt(0) ? null : quoteOf(lines);
}

/** The most whole units `amount` USDT buys after `sold` units went (the calculator's other direction). */
export function quoteForAmount(tiers: readonly PriceTier[], sold: string, amount: string): PlacementQuote {
  let budget = new Decimal(amount);
  const lines: QuoteLine[] = [];
  for (const tier of tiersLeft(tiers, sold)) {
    if (tier.left.lte(0)) continue;
    const take = Decimal.min(tier.left, budget.div(tier.price).floor());
    if (take.gt(0)) {
      const cost = take.times(tier.price);
      lines.push({ quantity: take.toFixed(), price: tier.price.toFixed(), amount: cost.toFixed() });
      budget = budget.minus(cost);
    }
    if (take.lt(tier.left)) break;
  }
  return quoteOf(lines);
}
