import { describe, expect, it } from 'vitest';
import { fromChoices, isOffered, settlePair, toChoices } from './exchange-pairs';

describe('exchange pairs', () => {
  const pairs = [
    { from: 'USD', to: 'USDT' },
    { from: 'USDT', to: 'JPY' },
    { from: 'USDT', to: 'USD' },
    { from: 'HKD', to: 'USD' },
  ] as const;

  it('offers sources and targets in the contract order', () => {
    expect(fromChoices(pairs)).toEqual(['USDT', 'USD', 'HKD']);
    expect(toChoices(pairs, 'USDT')).toEqual(['USD', 'JPY']);
    expect(isOffered(pairs, 'HKD', 'USD')).toBe(true);
    expect(isOffered(pairs, 'USD', 'HKD')).toBe(false);
  });

  it('settles on a pair that is offered after any choice', () => {
    expect(settlePair(pairs, undefined, undefined)).toEqual({ from: 'USDT', to: 'USD' });
    expect(settlePair(pairs, 'USDT', 'JPY')).toEqual({ from: 'USDT', to: 'JPY' });
    expect(settlePair(pairs, 'HKD', 'JPY')).toEqual({ from: 'HKD', to: 'USD' });
    expect(settlePair(pairs, 'EUR', 'USD')).toEqual({ from: 'USDT', to: 'USD' });
    expect(settlePair([], 'USDT', 'USD')).toBeNull();
  });
});
