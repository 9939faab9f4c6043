import { describe, expect, it } from 'vitest';
import { checkCardToWallet, checkRecharge, maxCardToWallet, maxRecharge, rechargeFee } from './card-money-limits';

describe('recharge limits', () => {
  it('rounds the fee up to what the currency keeps, like the server', () => {
    expect(rechargeFee('100', '0.015', 'USDT').toFixed()).toBe('1.5');
    expect(rechargeFee('37', '0.0123457', 'USDT').toFixed()).toBe('0.456791');
    expect(rechargeFee('21', '0.015', 'HKD').toFixed()).toBe('0.32');
  });

  it('offers the largest whole amount whose fee still fits', () => {
    expect(maxRecharge('101.5', '0.015', 'USDT')).toBe('100');
    expect(maxRecharge('101.49', '0.015', 'USDT')).toBe('99');
    expect(maxRecharge('20.3', '0.015', 'USDT')).toBe('20');
    expect(maxRecharge('20.29', '0.015', 'USDT')).toBeNull();
    expect(maxRecharge('50', '0', 'HKD')).toBe('50');
  });

  it('refuses decimals, amounts below the minimum and amounts the fee takes over the balance', () => {
    const check = (typed: string, available?: string) => checkRecharge(typed, { source: 'USDT', feeRate: '0.015', available });
    expect(check('')).toEqual({ ok: false, issue: { code: 'required' } });
    expect(check('20.5')).toMatchObject({ ok: false, issue: { code: 'tooPrecise', decimals: 0 } });
    expect(check('19')).toMatchObject({ ok: false, issue: { code: 'belowMinimum', minimum: '20' } });
    expect(check('100', '101.49')).toEqual({ ok: false, issue: { code: 'overWithFee', currency: 'USDT', available: '101.49' } });
    expect(check('100', '101.5')).toEqual({ ok: true, amount: '100' });
    expect(check('037')).toEqual({ ok: true, amount: '37' });
  });
});

describe('card to wallet limits', () => {
  it('allows cents up to the card balance and offers all of it', () => {
    expect(checkCardToWallet('5.07', 'USD', '10')).toEqual({ ok: true, amount: '5.07' });
    expect(checkCardToWallet('5.071', 'USD', '10')).toMatchObject({ ok: false, issue: { code: 'tooPrecise' } });
    expect(checkCardToWallet('10.01', 'USD', '10')).toMatchObject({ ok: false, issue: { code: 'overBalance' } });
    expect(maxCardToWallet('12.34', 'USD')).toBe('12.34');
    expect(maxCardToWallet('0', 'USD')).toBeNull();
  });
});
