import { CURRENCIES, type Currency, type Language } from '@wallet/contract';
import { LOCALE_TAGS } from './locale-tags';

/** The styles of dates; boot.js makes its early formatter with dateTime's options (the records' rows). */
const DATE_STYLES = {
  /** "Mar 5, 2026, 14:03" */
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  /** "14:03:27" */
  time: { timeStyle: 'medium' },
  /** "Mar 5, 2026" */
  day: { dateStyle: 'medium' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The formatter of a language and style, made once: making an Intl.DateTimeFormat (it loads the
 * locale's patterns) costs far more than formatting with one, and a list of records or card
 * transactions formats a date on every row of every render.
 */
export function dateFormat(language: Language, style: keyof typeof DATE_STYLES): Intl.DateTimeFormat {
  const key = `${language}:${style}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE_TAGS[language], DATE_STYLES[style]);
    dateFormats.set(key, format);
  }
  return format;
}

/** A moment as local date and time, e.g. "Mar 5, 2026, 14:03". */
export function formatDateTime(iso: string, language: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateFormat(language, 'dateTime').format(date);
}

const OFFSET = /^([+-])(\d{2}):(\d{2})$/;
const utcFormats = new Map<Language, Intl.DateTimeFormat>();

/**
 * A moment as date and time at a fixed UTC offset ("+08:00"), the offset said after it: "Dec 2, 2026,
 * 8:10 AM (UTC+8)". For what is dated by the platform's day rather than the reader's (a ticket's
 * number): its times are then read on the same calendar. The instant is shifted and formatted as UTC,
 * which every browser can do (offset time zones in Intl are recent). An offset it cannot read leaves
 * the local time.
 */
export function formatDateTimeAt(iso: string, language: Language, offset: string): string {
  const date = new Date(iso);
  const match = OFFSET.exec(offset);
  if (Number.isNaN(date.getTime()) || !match) return formatDateTime(iso, language);
  const [, sign = '+', hours = '00', minutes = '00'] = match;
  const shift = (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes));
  let format = utcFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE_TAGS[language], { ...DATE_STYLES.dateTime, timeZone: 'UTC' });
    utcFormats.set(language, format);
  }
  const name = minutes === '00' ? `UTC${sign}${Number(hours)}` : `UTC${sign}${Number(hours)}:${minutes}`;
  return `${format.format(new Date(date.getTime() + shift * 60_000))} (${name})`;
}

/** The end of a lock in local time: only the time when it is today, else date and time. */
export function formatLockEnd(iso: string, language: Language, now = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  if (date.toDateString() !== now.toDateString()) return formatDateTime(iso, language);
  return dateFormat(language, 'time').format(date);
}

/** A long address as its start and end, e.g. "TJRa…hYk9": enough to recognise, short enough for a row. */
export function shortenAddress(address: string, head = 6, tail = 6): string {
  return address.length <= head + tail + 1 ? address : `${address.slice(0, head)}…${address.slice(-tail)}`;
}

/** Groups the whole part of a plain decimal string in threes: "1234567.5" -> "1,234,567.5". */
function groupThousands(plain: string): string {
  const [whole = '', fraction] = plain.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

const PLAIN_DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** The decimals every screen shows a rate with beside "≈", whichever way it is quoted. */
export const RATE_DECIMALS = 4;

/**
 * An exchange rate for reading, the same way in both directions: 4 decimals, cut rather than rounded
 * up ("1.00020004" -> "1.0002", "0.99980004" -> "0.9998", "7.25" -> "7.2500"), grouped like amounts.
 * A rate below 0.01 (a coin such as BTC) keeps 4 significant digits instead, so it never reads 0.0000.
 * Worked on the digits, without decimal.js, like padDecimals. The figures moved are the server's,
 * computed from the rate it keeps; this is only the "≈" line.
 */
export function formatRate(raw: string): string {
  const match = PLAIN_DECIMAL.exec(raw);
  if (!match || match[1]) return raw;
  const whole = (match[2] ?? '').replace(/^0+(?=\d)/, '');
  const fraction = match[3] ?? '';
  const firstDigit = fraction.search(/[1-9]/);
  if (whole === '0' && firstDigit >= 2) return `0.${fraction.slice(0, firstDigit + RATE_DECIMALS)}`;
  return `${groupThousands(whole)}.${fraction.padEnd(RATE_DECIMALS, '0').slice(0, RATE_DECIMALS)}`;
}

/**
 * formatAmount's result for a plain decimal string ("1250.5", "-0.012345"), worked out on the digits:
 * the same exact text without decimal.js, which home would otherwise load only to show balances.
 * Null for anything else (an exponent), which no reply carries: the contract's amounts are plain.
 */
export function padDecimals(raw: string, currency: Currency): string | null {
  const match = PLAIN_DECIMAL.exec(raw);
  if (!match) return null;
  const [, sign = '', digits = '', decimals = ''] = match;
  const whole = digits.replace(/^0+(?=\d)/, '');
  const fraction = decimals.replace(/0+$/, '').padEnd(CURRENCIES[currency].display, '0');
  // decimal.js writes a negative zero without its sign ("-0.00" -> "0.00").
  return `${/[1-9]/.test(raw) ? sign : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/**
 * An amount for reading, exactly as held or moved, grouped: at least the currency's display decimals
 * and every further decimal the amount has, never rounded ("1270.999" USDT -> "1,270.999", "1250.5" ->
 * "1,250.50"), so a balance or a fee of 0.012345 USDT is shown as it is.
 */
export function formatMoney(raw: string, currency: Currency): string {
  // Replies are checked to carry plain decimals; anything else is shown as it came, never guessed at.
  const shown = padDecimals(raw, currency) ?? raw;
  return shown.startsWith('-') ? `-${groupThousands(shown.slice(1))}` : groupThousands(shown);
}

/** Whether a plain decimal string ("0", "0.000", "-0.00") is zero: no digit but 0 in it. */
export function isZeroAmount(raw: string): boolean {
  return PLAIN_DECIMAL.test(raw) && !/[1-9]/.test(raw);
}

/**
 * A signed movement for a list: "+1,250.50" or "−20.00" (a true minus sign), with its direction. Worked
 * out on the text, as formatMoney is: the records and a card's transactions draw without decimal.js.
 */
export function formatSignedMoney(raw: string, currency: Currency): { text: string; direction: 'in' | 'out' } {
  const negative = raw.startsWith('-');
  const magnitude = formatMoney(negative ? raw.slice(1) : raw, currency);
  return negative ? { text: `\u2212${magnitude}`, direction: 'out' } : { text: `+${magnitude}`, direction: 'in' };
}

/** The same exact formatter under the name screens used while formatMoney still rounded down. */
export const formatExactMoney = formatMoney;
