import { LIMITS } from '@wallet/contract';
import { describe, expect, it } from 'vitest';
import { quoteSecondsLeft } from './quote-seconds';

describe('seconds a quote holds', () => {
  const now = Date.UTC(2026, 0, 1, 12, 0, 0);
  const at = (seconds: number) => new Date(now + seconds * 1000).toISOString();

  it('counts to the quote expiry when the phone clock agrees with the server', () => {
    expect(quoteSecondsLeft(at(29.6), now)).toBe(29);
    expect(quoteSecondsLeft(at(12), now)).toBe(12);
  });

  it('falls back to the contract hold time when the phone clock is off', () => {
    expect(quoteSecondsLeft(at(-90), now)).toBe(LIMITS.exchange.quoteSeconds);
    expect(quoteSecondsLeft(at(600), now)).toBe(LIMITS.exchange.quoteSeconds);
    expect(quoteSecondsLeft('not a date', now)).toBe(LIMITS.exchange.quoteSeconds);
  });
});
