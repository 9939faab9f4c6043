import { Temporal } from 'temporal-polyfill';

/**
 * Calendar days and clock times in a time zone, on Temporal. Two kinds of zone come here: the
 * platform's day for daily limits and ticket numbers, a fixed UTC offset such as "+08:00"
 * (TOPUP_TIME_ZONE: a limit must not move with daylight saving), and a member's IANA zone for
 * statements, whose period is the member's days and whose times carry their offset.
 */

const inZone = (at: Date, zone: string) => Temporal.Instant.fromEpochMilliseconds(at.getTime()).toZonedDateTimeISO(zone);

/** Whether a member's zone is a named (IANA) zone this runtime knows; an offset is the platform's kind, not a member's. */
export function isTimeZone(zone: string): boolean {
  if (/^[+-]/.test(zone)) return false;
  try {
    inZone(new Date(0), zone);
    return true;
  } catch {
    return false;
  }
}

/** The calendar day at this instant in the zone, "YYYY-MM-DD". */
export function dayIn(at: Date, zone: string): string {
  return inZone(at, zone).toPlainDate().toString();
}

/** The instant a calendar day begins in the zone: its first existing moment where a change skips midnight. */
export function startOfDay(day: string, zone: string): Date {
  return new Date(Temporal.PlainDate.from(day).toZonedDateTime(zone).epochMilliseconds);
}

/** The day after "YYYY-MM-DD". */
export function nextDay(day: string): string {
  return Temporal.PlainDate.from(day).add({ days: 1 }).toString();
}

/** ISO 8601 with the zone's offset, e.g. 2026-11-03T14:05:09+08:00 (seconds: the ledger's times are finer than anyone reads). */
export function isoIn(at: Date, zone: string): string {
  return inZone(at, zone).toString({ smallestUnit: 'second', timeZoneName: 'never' });
}
