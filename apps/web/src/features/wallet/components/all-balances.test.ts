import { describe, expect, it } from 'vitest';
import { allBalances, availableOf } from './all-balances';

describe('balances on the home screen', () => {
  const reply = {
    displayCurrency: 'USD' as const,
    totalEstimate: '1570.25',
    balances: [
      { currency: 'USD' as const, balance: '320', estimate: '320.00' },
      { currency: 'USDT' as const, balance: '1250.5', estimate: '1250.25' },
    ],
  };

  it('lists every currency in the contract order, zero where the wallet holds none', () => {
    const rows = allBalances(reply);
    expect(rows.map((row) => row.currency)).toEqual(['USDT', 'USD', 'HKD', 'CNY', 'JPY', 'KRW', 'EUR', 'SBC', 'ABI', 'BTC', 'ETH']);
    expect(rows[0]).toEqual({ currency: 'USDT', balance: '1250.5', estimate: '1250.25', empty: false });
    expect(rows[2]).toEqual({ currency: 'HKD', balance: '0', estimate: '0', empty: true });
  });

  it('treats an account emptied to 0.000000 as empty', () => {
    const rows = allBalances({ ...reply, balances: [{ currency: 'USDT', balance: '0.000000', estimate: '0.00' }] });
    expect(rows[0]?.empty).toBe(true);
  });

  it('tells what is available of one currency', () => {
    expect(availableOf(reply, 'USDT')).toBe('1250.5');
    expect(availableOf(reply, 'JPY')).toBe('0');
    expect(availableOf(undefined, 'JPY')).toBe('0');
  });
});
