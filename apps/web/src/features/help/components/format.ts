import type { Language } from '@wallet/contract';

const LOCALE_TAGS: Readonly<Record<Language, string>> = { zh: 'zh-CN', en: 'en-US', ko: 'ko-KR', ja: 'ja-JP' };

/** A day, e.g. "Mar 5, 2026" or "2026年3月5日": announcements are dated, not timed. */
export function formatDay(iso: string, language: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(LOCALE_TAGS[language], { dateStyle: 'medium' }).format(date);
}
