import { isAdultBirthDate } from '@wallet/contract';
import { describe, expect, it } from 'vitest';
import { birthDateRange, dateOf, dateText } from './birth-date';

describe('birth dates', () => {
  it('are written yyyy-mm-dd from the local calendar day, and read back', () => {
    expect(dateText(new Date(1990, 0, 5))).toBe('1990-01-05');
    expect(dateText(new Date(1988, 11, 31, 23, 59))).toBe('1988-12-31');
    expect(dateOf('1990-01-05')?.getTime()).toBe(new Date(1990, 0, 5).getTime());
  });

  it('are not read from anything else', () => {
    expect(dateOf('1990-02-30')).toBeNull();
    expect(dateOf('05/01/1990')).toBeNull();
    expect(dateOf(undefined)).toBeNull();
  });

  it('are offered from 120 to 18 years ago, as the contract accepts them', () => {
    const today = new Date(2026, 5, 15);
    const { min, max } = birthDateRange(today);
    expect(dateText(min)).toBe('1906-06-15');
    expect(dateText(max)).toBe('2008-06-15');
    expect(isAdultBirthDate(dateText(max), new Date(Date.UTC(2026, 5, 15)))).toBe(true);
    expect(isAdultBirthDate(dateText(min), new Date(Date.UTC(2026, 5, 15)))).toBe(true);
  });
});
