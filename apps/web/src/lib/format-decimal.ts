import { Decimal } from '@wallet/contract';

// Apart from format.ts because it needs decimal.js, which the first screen (home), the records and a
// card's page do without.

/** An exchange rate to at most `significant` digits, without trailing zeros: "0.99403" or "153.28". */
export function formatRate(raw: string, significant = 6): string {
  return new Decimal(raw).toSignificantDigits(significant, Decimal.ROUND_DOWN).toFixed();
}
