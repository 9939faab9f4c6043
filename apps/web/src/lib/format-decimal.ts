import { type Currency, Decimal } from '@wallet/contract';
import { formatMoney } from './format';

// Apart from format.ts because they need decimal.js, which the first screen (home) does without.

/** A signed movement for a list: "+1,250.50" or "−20.00" (a true minus sign), with its direction. */
export function formatSignedMoney(raw: string, currency: Currency): { text: string; direction: 'in' | 'out' } {
  const value = new Decimal(raw);
  const magnitude = formatMoney(value.abs().toFixed(), currency);
  return value.isNegative() ? { text: `\u2212${magnitude}`, direction: 'out' } : { text: `+${magnitude}`, direction: 'in' };
}

/** An exchange rate to at most `significant` digits, without trailing zeros: "0.99403" or "153.28". */
export function formatRate(raw: string, significant = 6): string {
  return new Decimal(raw).toSignificantDigits(significant, Decimal.ROUND_DOWN).toFixed();
}
