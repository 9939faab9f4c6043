import { describe, expect, it } from 'vitest';
import { dayIn, isoIn, isTimeZone, nextDay, startOfDay } from './time-zone';

describe('the platform day, at a fixed UTC offset', () => {
  it('counts days in the platform offset, not in UTC', () => {
    // 16:00 UTC is already the next day at UTC+8.
    expect(dayIn(new Date('2026-11-22T15:59:59Z'), '+08:00')).toBe('2026-11-22');
    expect(dayIn(new Date('2026-11-22T16:00:00Z'), '+08:00')).toBe('2026-11-23');
    expect(dayIn(new Date('2026-11-22T03:00:00Z'), '-05:00')).toBe('2026-11-21');
    expect(dayIn(new Date('2026-11-22T03:00:00Z'), '+00:00')).toBe('2026-11-22');
  });

  it('does not move with daylight saving, where the zone of the same place does', () => {
    // 04:30 UTC on New York's spring-forward day: 23:30 the day before at -05:00, 00:30 in New York.
    const at = new Date('2026-03-09T04:30:00Z');
    expect(dayIn(at, '-05:00')).toBe('2026-03-08');
    expect(dayIn(at, 'America/New_York')).toBe('2026-03-09');
  });
});

describe("a member's zone", () => {
  it('knows IANA zones and refuses others, offsets included', () => {
    expect(isTimeZone('Asia/Shanghai')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    for (const offset of ['+08:00', '+0800', '+08', '-00:00']) expect(isTimeZone(offset), offset).toBe(false);
  });

  it('starts a day at the zone midnight, across daylight saving changes', () => {
    expect(startOfDay('2026-11-01', 'Asia/Shanghai').toISOString()).toBe('2026-10-31T16:00:00.000Z');
    expect(startOfDay('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(startOfDay('2026-03-09', 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(startOfDay('2026-11-02', 'America/New_York').toISOString()).toBe('2026-11-02T05:00:00.000Z');
    expect(startOfDay('2026-11-01', 'UTC').toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
  });

  it('starts a day whose midnight a change skips at its first moment, where the day before ends', () => {
    // Santiago moves from 24:00 on 5 September 2026 (-04:00) straight to 01:00 on the 6th (-03:00).
    const sixth = startOfDay('2026-09-06', 'America/Santiago');
    expect(sixth.toISOString()).toBe('2026-09-06T04:00:00.000Z');
    expect(isoIn(sixth, 'America/Santiago')).toBe('2026-09-06T01:00:00-03:00');
    expect(dayIn(new Date(sixth.getTime() - 1), 'America/Santiago')).toBe('2026-09-05');
    // Havana moves from 00:00 to 01:00 on 8 March 2026.
    expect(startOfDay('2026-03-08', 'America/Havana').toISOString()).toBe('2026-03-08T05:00:00.000Z');
  });

  it('writes times with their offset and finds the local day', () => {
    const at = new Date('2026-11-30T17:30:05.250Z');
    expect(isoIn(at, 'Asia/Shanghai')).toBe('2026-12-01T01:30:05+08:00');
    expect(isoIn(at, 'America/New_York')).toBe('2026-11-30T12:30:05-05:00');
    expect(isoIn(at, 'Asia/Kolkata')).toBe('2026-11-30T23:00:05+05:30');
    expect(isoIn(at, 'UTC')).toBe('2026-11-30T17:30:05+00:00');
    expect(dayIn(at, 'Asia/Seoul')).toBe('2026-12-01');
  });
});
