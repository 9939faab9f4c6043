import { describe, expect, it } from 'vitest';
import { dpoolTree, verifyDpoolLine } from './dpool-tree';
import { currentPrice, quoteForAmount, quoteForQuantity, roundStatus } from './placement';

const tiers = [
  { quantity: '100', price: '0.1' },
  { quantity: '200', price: '0.15' },
];

describe('the placement calculator', () => {
  it('spans two tiers in one purchase', () => {
    expect(quoteForQuantity(tiers, '90', '30')).toEqual({
      quantity: '30',
      amount: '4',
      lines: [
        { quantity: '10', price: '0.1', amount: '1' },
        { quantity: '20', price: '0.15', amount: '3' },
      ],
    });
  });

  it('refuses more than is left', () => {
    expect(quoteForQuantity(tiers, '290', '11')).toBeNull();
    expect(quoteForQuantity(tiers, '290', '10')?.amount).toBe('1.5');
  });

  it('turns an amount into the most whole units it buys, across tiers', () => {
    expect(quoteForAmount(tiers, '90', '4.2')).toMatchObject({ quantity: '31', amount: '4.15' });
    expect(quoteForAmount(tiers, '0', '0.09')).toMatchObject({ quantity: '0', amount: '0', lines: [] });
    expect(quoteForAmount(tiers, '0', '1000')).toMatchObject({ quantity: '300', amount: '40' });
  });

  it('prices the next unit', () => {
    expect(currentPrice(tiers, '99')).toBe('0.1');
    expect(currentPrice(tiers, '100')).toBe('0.15');
    expect(currentPrice(tiers, '300')).toBeNull();
  });

  it('tells a round status from its window, closing and sales', () => {
    const round = { startsAt: '2026-12-01T00:00:00Z', endsAt: '2026-12-31T00:00:00Z', closedAt: null, sold: '0', totalQuantity: '300' };
    expect(roundStatus(round, new Date('2026-11-30T00:00:00Z'))).toBe('upcoming');
    expect(roundStatus(round, new Date('2026-12-05T00:00:00Z'))).toBe('open');
    expect(roundStatus({ ...round, sold: '300' }, new Date('2026-12-05T00:00:00Z'))).toBe('sold_out');
    expect(roundStatus(round, new Date('2026-12-31T00:00:00Z'))).toBe('closed');
    expect(roundStatus({ ...round, closedAt: '2026-12-02T00:00:00Z' }, new Date('2026-12-05T00:00:00Z'))).toBe('closed');
  });
});

describe('the D-pool Merkle tree', () => {
  const leaves: [string, string, string][] = [
    ['p1', '100001', '3.33333333'],
    ['p1', '100002', '6.66666666'],
    ['p1', '100003', '0'],
  ];

  it('proves each line against the root and nothing else', () => {
    const { root, proofs } = dpoolTree(leaves);
    for (const [index, leaf] of leaves.entries()) expect(verifyDpoolLine(root, leaf, proofs[index] ?? [])).toBe(true);
    expect(verifyDpoolLine(root, ['p1', '100001', '3.33333334'], proofs[0] ?? [])).toBe(false);
    expect(verifyDpoolLine(root, ['p1', '100002', '3.33333333'], proofs[0] ?? [])).toBe(false);
  });
});
