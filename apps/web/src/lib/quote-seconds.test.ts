import { describe, expect, it } from 'vitest';
import { quoteSecondsLeft } from './quote-seconds';

describe('seconds a quote holds', () => {
  const now = Date.UTC(2026, 0, 1, 12, 0, 0);
  const at = (seconds: number) => new Date(now + seconds * 1000).toISOString();
  const hold = 30;

  it('counts to the quote expiry when the phone clock agrees with the server', () => {
    expect(quoteSecondsLeft(at(29.6), hold, now)).toBe(29);
    expect(quoteSecondsLeft(at(12), hold, now)).toBe(12);
  });

  it('falls back to the hold time when the phone clock is off', () => {
    expect(quoteSecondsLeft(at(-90), hold, now)).toBe(hold);
    expect(quoteSecondsLeft(at(600), hold, now)).toBe(hold);
    expect(quoteSecondsLeft('not a date', hold, now)).toBe(hold);
  });
});
