import { toIsoDate } from '../../lib/dates';

export type PeriodChoice = 'thisMonth' | 'lastMonth' | 'custom';
export type Period = { from: string; to: string };

/** This month so far (the 1st to today), or the whole of last month, as the member's calendar days. */
export function quickPeriod(choice: Exclude<PeriodChoice, 'custom'>, now: Date): Period {
  if (choice === 'thisMonth') return { from: toIsoDate(new Date(now.getFullYear(), now.getMonth(), 1)), to: toIsoDate(now) };
  return {
    from: toIsoDate(new Date(now.getFullYear(), now.getMonth() - 1, 1)),
    to: toIsoDate(new Date(now.getFullYear(), now.getMonth(), 0)),
  };
}

/** The member's IANA time zone, so the statement's days and times are theirs; UTC where the browser cannot say. */
export function memberTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
