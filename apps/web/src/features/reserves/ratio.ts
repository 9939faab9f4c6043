import { Decimal } from '@wallet/contract';

/**
 * The reserve ratio as the public page shows it: the server's decimal ratio (4 places, reserves over
 * liabilities) as a percentage with 2 places, worked in decimals so 0.99995 never reads as 100%.
 * Null when nothing is owed (the server's null): there is no ratio to show then.
 */
export function ratioPercent(ratio: string | null): string | null {
  if (ratio === null) return null;
  return new Decimal(ratio).times(100).toFixed(2, Decimal.ROUND_DOWN);
}

/** Whether the reserves cover what is owed: a ratio of at least 1, or nothing owed at all. */
export function fullyBacked(ratio: string | null): boolean {
  return ratio === null || new Decimal(ratio).gte(1);
}
