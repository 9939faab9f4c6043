import { describe, expect, it } from 'vitest';
import { currencyLines } from './reserves-lines';

describe('currencyLines', () => {
  it('sums each currency’s reserves exactly and sets them beside its tree', () => {
    const trees = { USDT: { root: 'ab', total: '100.000000000000000001', leaves: 3 } };
    const reserves = [
      { currency: 'USDT', amount: '60.1' },
      { currency: 'USDT', amount: '40.000000000000000002' },
      { currency: 'USD', amount: '5' },
    ];
    expect(currencyLines(trees, reserves)).toEqual([
      { currency: 'USD', root: null, liabilities: '0', leaves: 0, reserves: '5' },
      { currency: 'USDT', root: 'ab', liabilities: '100.000000000000000001', leaves: 3, reserves: '100.100000000000000002' },
    ]);
  });

  it('shows a currency owed with no reserve at all as reserves 0', () => {
    expect(currencyLines({ SBC: { root: 'cd', total: '7', leaves: 1 } }, [])).toEqual([
      { currency: 'SBC', root: 'cd', liabilities: '7', leaves: 1, reserves: '0' },
    ]);
  });
});
