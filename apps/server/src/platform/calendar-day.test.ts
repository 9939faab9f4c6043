import { describe, expect, it } from 'vitest';
import { calendarDay } from './calendar-day';

describe('calendarDay', () => {
  it('counts days in the platform offset, not in UTC', () => {
    // 16:30 UTC is already the next day at UTC+8.
    expect(calendarDay(new Date('2026-11-22T15:59:59Z'), '+08:00')).toBe('2026-11-22');
    expect(calendarDay(new Date('2026-11-22T16:00:00Z'), '+08:00')).toBe('2026-11-23');
    expect(calendarDay(new Date('2026-11-22T03:00:00Z'), '-05:00')).toBe('2026-11-21');
    expect(calendarDay(new Date('2026-11-22T03:00:00Z'), '+00:00')).toBe('2026-11-22');
  });
});
