/**
 * Calendar days and clock times in the member's IANA time zone, with Intl only (no time zone
 * library on the server): a statement's period is the member's days, and its times carry their offset.
 */

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const formats = new Map<string, Intl.DateTimeFormat>();

function partsIn(ms: number, zone: string) {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(zone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** The zone's offset from UTC at this instant, in whole minutes (every zone in use today has them). */
function offsetMinutes(ms: number, zone: string): number {
  const p = partsIn(ms, zone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 60_000);
}

const two = (n: number) => String(n).padStart(2, '0');

/** The member's calendar day at this instant, "YYYY-MM-DD". */
export function dayIn(date: Date, zone: string): string {
  const p = partsIn(date.getTime(), zone);
  return `${p.year}-${two(p.month)}-${two(p.day)}`;
}

/** The instant a calendar day begins in the zone (its first existing minute where a change skips midnight). */
export function startOfDay(day: string, zone: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(year, month - 1, date);
  // The offset at the guess may differ from the one at the answer across a change; a second pass settles it.
  let guess = wall - offsetMinutes(wall, zone) * 60_000;
  guess = wall - offsetMinutes(guess, zone) * 60_000;
  return new Date(guess);
}

/** The day after "YYYY-MM-DD". */
export function nextDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
}

/** ISO 8601 with the zone's offset, e.g. 2026-11-03T14:05:09+08:00 (seconds: the ledger's times are finer than anyone reads). */
export function isoIn(date: Date, zone: string): string {
  const ms = date.getTime();
  const p = partsIn(ms, zone);
  const offset = offsetMinutes(ms, zone);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${p.year}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}:${two(p.second)}${sign}${two(Math.floor(abs / 60))}:${two(abs % 60)}`;
}
