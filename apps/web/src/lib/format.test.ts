import { describe, expect, it } from 'vitest';
import { formatLockEnd, shortenAddress } from './format';

describe('formatting', () => {
  it('shortens long addresses and leaves short ones', () => {
    expect(shortenAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe('TR7NHq…gjLj6t');
    expect(shortenAddress('T123')).toBe('T123');
  });

  it('shows a lock ending today as a time, another day with its date', () => {
    const now = new Date(2026, 2, 5, 14, 0, 0);
    const today = new Date(2026, 2, 5, 14, 1, 30).toISOString();
    const tomorrow = new Date(2026, 2, 6, 9, 0, 0).toISOString();
    expect(formatLockEnd(today, 'en', now)).toMatch(/2:01:30/);
    expect(formatLockEnd(tomorrow, 'en', now)).toMatch(/Mar 6, 2026/);
    expect(formatLockEnd('not a date', 'en', now)).toBe('not a date');
  });
});
