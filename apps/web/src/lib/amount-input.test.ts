import { LIMITS } from '@wallet/contract';
import { describe, expect, it } from 'vitest';
import { checkAmountInput, maxAmount, normalizeAmount, sanitizeAmountTyping } from './amount-input';

describe('typing an amount', () => {
  it('keeps digits and one decimal point', () => {
    expect(sanitizeAmountTyping('1a2.3.4')).toBe('12.34');
    expect(sanitizeAmountTyping('12,5')).toBe('12.5');
    expect(sanitizeAmountTyping('-5e3')).toBe('53');
    expect(sanitizeAmountTyping('1 000')).toBe('1000');
  });

  it('normalises to the plain decimal the API expects', () => {
    expect(normalizeAmount('007')).toBe('7');
    expect(normalizeAmount('.5')).toBe('0.5');
    expect(normalizeAmount('10.')).toBe('10');
    expect(normalizeAmount('0.50')).toBe('0.50');
    expect(normalizeAmount('00.5')).toBe('0.5');
  });
});

describe('checking an amount', () => {
  it('accepts an amount within the precision and sends it as typed', () => {
    expect(checkAmountInput('12.345678', 'USDT')).toEqual({ ok: true, amount: '12.345678' });
    expect(checkAmountInput('0.1', 'USD')).toEqual({ ok: true, amount: '0.1' });
  });

  it('refuses empty, malformed and zero amounts', () => {
    expect(checkAmountInput('', 'USDT')).toEqual({ ok: false, issue: { code: 'required' } });
    expect(checkAmountInput(undefined, 'USDT')).toEqual({ ok: false, issue: { code: 'required' } });
    expect(checkAmountInput('.', 'USDT')).toEqual({ ok: false, issue: { code: 'invalid' } });
    expect(checkAmountInput('0', 'USDT')).toEqual({ ok: false, issue: { code: 'zero' } });
    expect(checkAmountInput('0.000', 'USDT')).toEqual({ ok: false, issue: { code: 'zero' } });
  });

  it('refuses more decimals than the currency keeps, never rounding', () => {
    expect(checkAmountInput('1.5', 'JPY')).toEqual({ ok: false, issue: { code: 'tooPrecise', currency: 'JPY', decimals: 0 } });
    expect(checkAmountInput('1.001', 'USD')).toEqual({ ok: false, issue: { code: 'tooPrecise', currency: 'USD', decimals: 2 } });
    expect(checkAmountInput('1.0000001', 'USDT')).toMatchObject({ ok: false, issue: { code: 'tooPrecise', decimals: 6 } });
  });

  it('refuses more decimals than the screen accepts, even where the currency keeps them', () => {
    expect(checkAmountInput('100.123', 'USDT', { decimals: 2 })).toEqual({
      ok: false,
      issue: { code: 'tooPrecise', currency: 'USDT', decimals: 2 },
    });
    expect(checkAmountInput('100.1234567', 'USDT', { decimals: 2 })).toMatchObject({ issue: { decimals: 2 } });
    expect(checkAmountInput('100.10', 'USDT', { decimals: 2 })).toEqual({ ok: true, amount: '100.1' });
  });

  it('refuses 9.99 against the withdrawal minimum and accepts 10', () => {
    const minimum = LIMITS.withdraw.minimum;
    expect(checkAmountInput('9.99', 'USDT', { minimum })).toEqual({
      ok: false,
      issue: { code: 'belowMinimum', currency: 'USDT', minimum: '10.00' },
    });
    expect(checkAmountInput('9.999999', 'USDT', { minimum })).toMatchObject({ ok: false, issue: { code: 'belowMinimum' } });
    expect(checkAmountInput('10', 'USDT', { minimum })).toEqual({ ok: true, amount: '10' });
  });

  it('compares with the balance exactly, fee included', () => {
    // 0.1 + 0.2 is not 0.3 in floating point; here it is.
    expect(checkAmountInput('0.2', 'USDT', { available: '0.3', extra: '0.1' })).toEqual({ ok: true, amount: '0.2' });
    expect(checkAmountInput('0.200001', 'USDT', { available: '0.3', extra: '0.1' })).toEqual({
      ok: false,
      issue: { code: 'overBalance', currency: 'USDT', available: '0.30' },
    });
    expect(checkAmountInput('80', 'USDT', { available: '80' })).toEqual({ ok: true, amount: '80' });
  });
});

describe('the most that can be sent', () => {
  it('is the balance less the fee, or nothing', () => {
    expect(maxAmount('80', 'USDT', '1')).toBe('79');
    expect(maxAmount('1250.5', 'USDT')).toBe('1250.5');
    expect(maxAmount('0.5', 'USDT', '1')).toBeNull();
    expect(maxAmount('0', 'USD')).toBeNull();
  });

  it('is cut, never rounded up, to the decimals a screen accepts', () => {
    expect(maxAmount('1250.509999', 'USDT', '0', 2)).toBe('1250.5');
    expect(maxAmount('99.999', 'USDT', '0', 2)).toBe('99.99');
    expect(maxAmount('0.009', 'USDT', '0', 2)).toBeNull();
  });
});
