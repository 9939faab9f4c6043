import { type RawBuilder, sql } from 'kysely';

/**
 * Figures per calendar day over a run of days (the console's dashboard and its 30-day series): one
 * aggregate query per table, grouped by the index of the day a row falls in, instead of a query per
 * day. Days are counted from `from`, the start of the first day in the platform's zone; that zone is
 * a fixed UTC offset (TOPUP_TIME_ZONE), so every day is exactly 24 hours long.
 */
export interface DayRange {
  /** The instant the first day begins. */
  from: Date;
  days: number;
}

const DAY_MS = 86_400_000;

export const rangeEnd = (range: DayRange) => new Date(range.from.getTime() + range.days * DAY_MS);

/** The day a timestamp column falls in, 0 for the range's first day. */
export function dayIndex(column: string, range: DayRange): RawBuilder<number> {
  return sql<number>`floor(extract(epoch from (${sql.ref(column)} - ${range.from}::timestamptz)) / 86400)::int`;
}

/** A sum of money moved on one day in one currency (a decimal string). */
export interface DailySum {
  day: number;
  currency: string;
  amount: string;
}

export interface DailyCount {
  day: number;
  count: number;
}
