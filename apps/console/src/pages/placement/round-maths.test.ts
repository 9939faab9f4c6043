import { describe, expect, it } from 'vitest';
import { percentOf, tierRows } from './round-maths';

const TIERS = [
  { quantity: '400000', price: '0.08' },
  { quantity: '600000', price: '0.1' },
];

describe('a round’s tiers as the console shows them', () => {
  it('gives each tier its range of units, what it sold and its value', () => {
    expect(tierRows(TIERS, '400150')).toEqual([
      { n: 1, from: '1', to: '400000', quantity: '400000', price: '0.08', sold: '400000', amount: '32000' },
      { n: 2, from: '400001', to: '1000000', quantity: '600000', price: '0.1', sold: '150', amount: '60000' },
    ]);
  });

  it('sells nothing in a later tier before the earlier one is sold out', () => {
    expect(tierRows(TIERS, '399999').map((row) => row.sold)).toEqual(['399999', '0']);
    expect(tierRows(TIERS, '0').map((row) => row.sold)).toEqual(['0', '0']);
  });

  it('rounds the progress down, so a round one unit short never shows 100%', () => {
    expect(percentOf('999999', '1000000')).toBe(99);
    expect(percentOf('1000000', '1000000')).toBe(100);
    expect(percentOf('0', '0')).toBe(0);
  });
});
