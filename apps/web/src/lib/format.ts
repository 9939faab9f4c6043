import type { Language } from '@wallet/contract';

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
