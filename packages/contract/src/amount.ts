import { z } from 'zod';
import { CURRENCIES, type Currency } from './currencies';
import { Decimal } from './decimal';
import type { ErrorCode } from './errors';

/** The decimal type of every amount, for clients that calculate with money (never a JS number). */
export { Decimal };

/** Plain decimal notation only: no exponent, sign, spaces or thousands separators on the wire. */
const DECIMAL_PATTERN = /^(0|[1-9]\d*)(\.\d+)?$/;

export type AmountCheck = { ok: true; value: Decimal } | { ok: false; code: ErrorCode; details?: AmountCheckDetails };

/** What a refusal of too many decimals tells the member: the currency and the decimals it allows. */
export type AmountCheckDetails = { currency: Currency; decimals: number };

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

/**
 * Checks an amount a member typed (withdrawal, transfer, exchange, card funding, flash exchange): as
 * checkAmount, and at most the currency's `input` decimals, so what the member types, sees and moves
 * is one number. Amounts credited from outside (chain deposits) and admin adjustments use checkAmount.
 */
export function checkTypedAmount(raw: string, currency: Currency): AmountCheck {
  const checked = checkAmount(raw, currency);
  const decimals = CURRENCIES[currency].input;
  const tooMany = checked.ok ? checked.value.decimalPlaces() > decimals : checked.code === 'AMOUNT_TOO_PRECISE';
  return tooMany ? { ok: false, code: 'AMOUNT_TOO_MANY_DECIMALS', details: { currency, decimals } } : checked;
}

/** Amount as a decimal string, for request bodies. Precision is checked against the currency by the service. */
export const amountSchema = z
  .string()
  .regex(DECIMAL_PATTERN, 'amount must be a plain decimal string such as "12.50"')
  .meta({ description: 'Decimal string, never a JSON number', example: '12.50' });

/**
 * An amount a request carries: a plain decimal of at most 15 whole digits (a quadrillion, far above any
 * balance, so that its products with any rate stay inside the ledger's numeric(38, 18)) and at most 18
 * decimals (the most any currency keeps). Precision per currency is checked by the service.
 */
export const amountInputSchema = z
  .string()
  // Aborting: a rule added after it (a positive amount) may then parse the text as a number.
  .max(34, { error: 'AMOUNT_INVALID', abort: true })
  .regex(/^(0|[1-9]\d{0,14})(\.\d{1,18})?$/, { error: 'AMOUNT_INVALID', abort: true })
  .meta({ description: 'Decimal string, never a JSON number: at most 15 whole digits and 18 decimals', example: '12.50' });

/**
 * Formats for display, exactly: at least the currency's display decimals, and every further decimal
 * the amount has ("1270.999" USDT -> "1270.999", "1250.5" -> "1250.50"). Never rounded, so a member is
 * shown exactly what is held or moved, never less.
 */
export function formatAmount(raw: string | Decimal, currency: Currency): string {
  const value = new Decimal(raw);
  return value.toFixed(Math.max(CURRENCIES[currency].display, value.decimalPlaces()));
}
