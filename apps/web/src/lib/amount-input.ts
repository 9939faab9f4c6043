import { CURRENCIES, type Currency, checkTypedAmount, Decimal, formatAmount, isCurrency } from '@wallet/contract';
import { ApiError } from './api-client';

/** Why a typed amount cannot be sent, with what the person needs to correct it. */
export type AmountIssue =
  | { code: 'required' }
  | { code: 'invalid' }
  | { code: 'zero' }
  | { code: 'tooPrecise'; currency: Currency; decimals: number }
  | { code: 'belowMinimum'; currency: Currency; minimum: string }
  | { code: 'overBalance'; currency: Currency; available: string };

export type AmountLimits = {
  /** What the wallet holds in this currency, as a decimal string. */
  available?: string;
  /** The smallest amount allowed (e.g. LIMITS.withdraw.minimum). */
  minimum?: string;
  /** Taken from the balance on top of the amount (a withdrawal's fee). */
  extra?: string;
  /** The most decimals a person may type, where a screen allows fewer than the currency's `input` decimals. */
  decimals?: number;
};

/**
 * Keeps what can be part of an amount while typing: digits and one decimal point (a comma, as
 * some keyboards type it, becomes a point). Everything else is dropped.
 */
export function sanitizeAmountTyping(next: string): string {
  const cleaned = next.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const point = cleaned.indexOf('.');
  return point === -1 ? cleaned : `${cleaned.slice(0, point + 1)}${cleaned.slice(point + 1).replace(/\./g, '')}`;
}

/** The plain decimal the API expects from what was typed: "007" -> "7", ".5" -> "0.5", "10." -> "10". */
export function normalizeAmount(raw: string): string {
  let value = raw.trim();
  if (value.startsWith('.')) value = `0${value}`;
  if (value.endsWith('.')) value = value.slice(0, -1);
  return value.replace(/^0+(?=\d)/, '');
}

/**
 * Checks a typed amount exactly (decimal.js, never floats): well formed, above 0, within the
 * currency's input decimals, as the server's checkTypedAmount (more are refused, not rounded), at
 * least the minimum, and within the balance once `extra` is added.
 */
export function checkAmountInput(
  raw: string | undefined,
  currency: Currency,
  limits: AmountLimits = {},
): { ok: true; amount: string } | { ok: false; issue: AmountIssue } {
  const typed = (raw ?? '').trim();
  if (typed === '') return { ok: false, issue: { code: 'required' } };
  if (!/\d/.test(typed)) return { ok: false, issue: { code: 'invalid' } };
  const amount = normalizeAmount(typed);
  const checked = checkTypedAmount(amount, currency);
  const decimals = Math.min(limits.decimals ?? CURRENCIES[currency].input, CURRENCIES[currency].input);
  if (!checked.ok) {
    if (checked.code === 'AMOUNT_NOT_POSITIVE') return { ok: false, issue: { code: 'zero' } };
    if (checked.code === 'AMOUNT_TOO_MANY_DECIMALS') return { ok: false, issue: { code: 'tooPrecise', currency, decimals } };
    return { ok: false, issue: { code: 'invalid' } };
  }
  if (checked.value.decimalPlaces() > decimals) return { ok: false, issue: { code: 'tooPrecise', currency, decimals } };
  if (limits.minimum !== undefined && checked.value.lt(limits.minimum)) {
    // A screen of whole amounts says "20", not "20.00" as if cents were welcome.
    const minimum = decimals === 0 ? new Decimal(limits.minimum).toFixed(0) : formatAmount(limits.minimum, currency);
    return { ok: false, issue: { code: 'belowMinimum', currency, minimum } };
  }
  if (limits.available !== undefined && checked.value.plus(limits.extra ?? '0').gt(limits.available)) {
    return { ok: false, issue: { code: 'overBalance', currency, available: formatAmount(limits.available, currency) } };
  }
  return { ok: true, amount: checked.value.toFixed() };
}

/**
 * The most that can be sent, as a member may type it: the balance less `extra` (a fee), cut (never
 * rounded up) to the currency's input decimals or the fewer `decimals` a screen accepts; null when
 * that leaves nothing. Summaries are computed from this same string, so Max and "Arrives" agree.
 */
export function maxAmount(available: string, currency: Currency, extra = '0', decimals = CURRENCIES[currency].input): string | null {
  const max = new Decimal(available).minus(extra).toDecimalPlaces(decimals, Decimal.ROUND_DOWN);
  return max.gt(0) ? max.toFixed() : null;
}

/**
 * The server's refusal of too many decimals as the same issue the form shows on the spot, so the
 * member reads "USDT allows at most 2 decimal places" whichever side noticed first; null otherwise.
 */
export function amountIssueOfError(error: unknown): AmountIssue | null {
  if (!(error instanceof ApiError) || error.code !== 'AMOUNT_TOO_MANY_DECIMALS') return null;
  const { currency, decimals } = error.details ?? {};
  return isCurrency(currency) && typeof decimals === 'number' ? { code: 'tooPrecise', currency, decimals } : null;
}

/**
 * What to say while the member is still typing: only an amount with more decimals than may be typed
 * (the currency's input decimals or a screen's fewer `decimals`) is refused on the spot; the rest
 * waits for the submit, so an empty or half-typed field is not scolded.
 */
export function typingIssue(raw: unknown, currency: Currency, decimals?: number): AmountIssue | null {
  if (typeof raw !== 'string') return null;
  const checked = checkAmountInput(raw, currency, decimals === undefined ? {} : { decimals });
  return !checked.ok && checked.issue.code === 'tooPrecise' ? checked.issue : null;
}
