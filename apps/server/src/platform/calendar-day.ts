/**
 * The calendar day (YYYY-MM-DD) of an instant in the platform's time zone, given as a fixed UTC
 * offset such as +08:00. A fixed offset rather than a zone name: the daily top-up limit must not
 * move with daylight saving, and the default (UTC+8) has none anyway.
 */
export function calendarDay(at: Date, offset: string): string {
  const match = /^([+-])(\d{2}):(\d{2})$/.exec(offset);
  if (!match) throw new Error(`calendarDay: bad UTC offset ${offset}`);
  const minutes = (Number(match[2]) * 60 + Number(match[3])) * (match[1] === '-' ? -1 : 1);
  return new Date(at.getTime() + minutes * 60_000).toISOString().slice(0, 10);
}
