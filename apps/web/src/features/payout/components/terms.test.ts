import { describe, expect, it } from 'vitest';
import { feePercent, remainingToday } from './terms';

describe('flash exchange terms', () => {
  it('leave the daily limit less what was sold today, exactly and never below 0', () => {
    expect(remainingToday({ dailyLimit: '20000', usedToday: '100' })).toBe('19900');
    expect(remainingToday({ dailyLimit: '0.3', usedToday: '0.1' })).toBe('0.2');
    expect(remainingToday({ dailyLimit: '20000', usedToday: '20500' })).toBe('0');
  });

  it('show the fee ratio as a percentage', () => {
    expect(feePercent('0.01')).toBe('1');
    expect(feePercent('0.015')).toBe('1.5');
    expect(feePercent('0')).toBe('0');
  });
});
