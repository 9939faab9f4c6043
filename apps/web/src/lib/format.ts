import { type Currency, Decimal, formatAmount, type Language } from '@wallet/contract';

const LOCALE_TAGS: Readonly<Record<Language, string>> = { zh: 'zh-CN', en: 'en-US', ko: 'ko-KR', ja: 'ja-JP' };

/** A moment as local date and time, e.g. "Mar 5, 2026, 14:03". */
export function formatDateTime(iso: string, language: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(LOCALE_TAGS[language], { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** The end of a lock in local time: only the time when it is today, else date and time. */
export function formatLockEnd(iso: string, language: Language, now = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  if (date.toDateString() !== now.toDateString()) return formatDateTime(iso, language);
  return new Intl.DateTimeFormat(LOCALE_TAGS[language], { timeStyle: 'medium' }).format(date);
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

/**
 * An amount for reading, exactly as held or moved, grouped: at least the currency's display decimals
 * and every further decimal the amount has, never rounded ("1270.999" USDT -> "1,270.999", "1250.5" ->
 * "1,250.50"), so a balance or a fee of 0.012345 USDT is shown as it is.
 */
export function formatMoney(raw: string, currency: Currency): string {
  const shown = formatAmount(raw, currency);
  return shown.startsWith('-') ? `-${groupThousands(shown.slice(1))}` : groupThousands(shown);
}

/** The same exact formatter under the name screens used while formatMoney still rounded down. */
export const formatExactMoney = formatMoney;

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
