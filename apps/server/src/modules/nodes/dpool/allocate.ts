import { CURRENCIES, Decimal } from '@wallet/contract';

/**
 * The D-pool reward's arithmetic, in whole units of 1e-30 SBC (BigInt), so nothing is rounded by a
 * floating or significant-digit limit: each holder's exact share is pool × n ÷ N truncated DOWN at
 * CARRY_SCALE decimals; added to what the holder carried, it is paid down to SBC's ledger precision
 * and the rest is carried to the next period (dividend-per-share style). Truncating down everywhere
 * means no holder is ever favoured and the pool is never overspent; what the 30-decimal truncation
 * leaves (at most one 1e-30 per holder and period) stays in the pool as the period's `unallocated`.
 */
export const CARRY_SCALE = 30;
const SBC_PRECISION = CURRENCIES.SBC.precision;
const ONE = 10n ** BigInt(CARRY_SCALE);
/** One unit of SBC's ledger precision (1e-8), in 1e-30 units. */
const PAY_UNIT = 10n ** BigInt(CARRY_SCALE - SBC_PRECISION);

export const toUnits = (value: string): bigint => BigInt(new Decimal(value).times(ONE.toString()).toFixed(0, Decimal.ROUND_DOWN));
export const fromUnits = (units: bigint): string => new Decimal(units.toString()).div(ONE.toString()).toFixed();

/** pool_amount: the share of the period's total, truncated DOWN to SBC's precision (never above the share). */
export function poolAmountOf(dpoolTotal: string, sharePercent: string): string {
  return new Decimal(dpoolTotal).times(sharePercent).div(100).toDecimalPlaces(SBC_PRECISION, Decimal.ROUND_DOWN).toFixed();
}

export interface AllocationInput {
  userId: string;
  largeNodes: number;
  carryBefore: string;
}

export interface AllocationLine extends AllocationInput {
  exactShare: string;
  amount: string;
  carryAfter: string;
}

export interface Allocation {
  lines: AllocationLine[];
  paidTotal: string;
  /** What the carries of these holders grew by (may be negative when carries were paid out). */
  carryIncrease: string;
  /** pool − paid − carry increase = pool − Σ exact shares: the truncation dust, never negative. */
  unallocated: string;
}

export function allocate(pool: string, holders: readonly AllocationInput[]): Allocation {
  const poolUnits = toUnits(pool);
  const total = BigInt(holders.reduce((sum, h) => sum + h.largeNodes, 0));
  let paid = 0n;
  let carryIncrease = 0n;
  const lines = holders.map((holder) => {
    const before = toUnits(holder.carryBefore);
    const exact = total === 0n ? 0n : (poolUnits * BigInt(holder.largeNodes)) / total;
    const entitlement = before + exact;
    const after = entitlement % PAY_UNIT;
    const amount = entitlement - after;
    paid += amount;
    carryIncrease += after - before;
    return { ...holder, exactShare: fromUnits(exact), amount: fromUnits(amount), carryAfter: fromUnits(after) };
  });
  const unallocated = poolUnits - paid - carryIncrease;
  if (unallocated < 0n) throw new Error('dpool: allocation exceeds the pool');
  return { lines, paidTotal: fromUnits(paid), carryIncrease: fromUnits(carryIncrease), unallocated: fromUnits(unallocated) };
}
