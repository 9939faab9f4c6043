import type { Language } from '@wallet/contract';
import { dateFormat } from '../../../lib/format';

/** A day, e.g. "Mar 5, 2026" or "2026年3月5日": announcements are dated, not timed. */
export function formatDay(iso: string, language: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateFormat(language, 'day').format(date);
}
