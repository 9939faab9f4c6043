import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { type Movement, money, movementRows } from './movement';

const t = ((key: string) => key) as unknown as TFunction;
const rows = (m: Movement) => movementRows(m, t).map(({ key, label, value }) => [key, label, value]);

describe('what a recharge or card to wallet moves, as shown', () => {
  it('a recharge: the fee, what the wallet pays, the rate and what the card receives, every digit kept', () => {
    const recharge: Movement = {
      kind: 'recharge',
      debited: '20.3',
      debitedCurrency: 'USDT',
      fee: '0.3',
      rate: '0.99980004',
      credited: '19.99',
      creditedCurrency: 'USD',
    };
    expect(rows(recharge)).toEqual([
      ['fee', 'cards.recharge.fee', '0.30 USDT'],
      ['debited', 'cards.recharge.total', '20.30 USDT'],
      ['rate', 'cards.operation.rate', '1 USDT ≈ 0.9998 USD'],
      ['credited', 'cards.recharge.credited', '19.99 USD'],
    ]);
  });

  it('a card to wallet: what leaves the card, its fee (none), the rate and what reaches the wallet', () => {
    const withdraw: Movement = {
      kind: 'withdraw',
      debited: '7.5',
      debitedCurrency: 'USD',
      fee: '0',
      rate: '1.00020004',
      credited: '7.501500',
      creditedCurrency: 'USDT',
    };
    expect(rows(withdraw)).toEqual([
      ['debited', 'cards.toWallet.debited', '7.50 USD'],
      ['fee', 'cards.recharge.fee', '0.00 USD'],
      ['rate', 'cards.operation.rate', '1 USD ≈ 1.0002 USDT'],
      ['credited', 'cards.toWallet.credited', '7.5015 USDT'],
    ]);
  });

  it('leaves the rate out when nothing is converted (an HKD card and HKD)', () => {
    const hkd: Movement = {
      kind: 'recharge',
      debited: '101.5',
      debitedCurrency: 'HKD',
      fee: '1.5',
      rate: '1',
      credited: '100',
      creditedCurrency: 'HKD',
    };
    expect(rows(hkd).map(([key]) => key)).toEqual(['fee', 'debited', 'credited']);
    expect(money('100', 'HKD')).toBe('100.00 HKD');
  });
});
