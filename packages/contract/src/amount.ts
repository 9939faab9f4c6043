import { z } from 'zod';
import { CURRENCIES, type Currency } from './currencies';
import { Decimal } from './decimal';
import type { ErrorCode } from './errors';

/** The decimal type of every amount, for clients that calculate with money (never a JS number). */
export { Decimal };

/** Plain decimal notation only: no exponent, sign, spaces or thousands separators on the wire. */
const DECIMAL_PATTERN = /^(0|[1-9]\d*)(\.\d+)?$/;

export type AmountCheck = { ok: true; value: Decimal } | { ok: false; code: ErrorCode };

/**
 * Checks a positive amount of a currency, exactly as typed: more decimals than the currency's
 * precision is an error rather than a silent rounding (DESIGN.md section 3).
 */
export function checkAmount(raw: string, currency: Currency): AmountCheck {
  if (!DECIMAL_PATTERN.test(raw)) return { ok: false, code: 'AMOUNT_INVALID' };
  const value = new Decimal(raw);
  if (value.lte(0)) return { ok: false, code: 'AMOUNT_NOT_POSITIVE' };
  if (value.decimalPlaces() > CURRENCIES[currency].precision) return { ok: false, code: 'AMOUNT_TOO_PRECISE' };
  return { ok: true, value };
}

/** Amount as a decimal string, for request bodies. Precision is checked against the currency by the service. */
export const amountSchema = z
  .string()
  .regex(DECIMAL_PATTERN, 'amount must be a plain decimal string such as "12.50"')
  .meta({ description: 'Decimal string, never a JSON number', example: '12.50' });

/** Formats for display: rounds down to the currency's display decimals so nobody is shown money they lack. */
export function formatAmount(raw: string | Decimal, currency: Currency): string {
  return new Decimal(raw).toDecimalPlaces(CURRENCIES[currency].display, Decimal.ROUND_DOWN).toFixed(CURRENCIES[currency].display);
}
