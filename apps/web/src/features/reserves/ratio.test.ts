import { describe, expect, it } from 'vitest';
import { fullyBacked, ratioPercent } from './ratio';

describe('reserve ratio', () => {
  it('shows the ratio as a percentage with two places, cut rather than rounded up', () => {
    expect(ratioPercent('1.0234')).toBe('102.34');
    expect(ratioPercent('1')).toBe('100.00');
    expect(ratioPercent('0.9999')).toBe('99.99');
    expect(ratioPercent('0.99995')).toBe('99.99');
    expect(ratioPercent('12.5')).toBe('1250.00');
    expect(ratioPercent(null)).toBeNull();
  });

  it('calls a ratio of 1 or more fully backed, and one just under it not', () => {
    expect(fullyBacked('1.0000')).toBe(true);
    expect(fullyBacked('1.5')).toBe(true);
    expect(fullyBacked('0.9999')).toBe(false);
    expect(fullyBacked(null)).toBe(true);
  });
});
