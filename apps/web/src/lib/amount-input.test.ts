import { LIMITS } from '@wallet/contract';
import { describe, expect, it } from 'vitest';
import { amountIssueOfError, checkAmountInput, maxAmount, normalizeAmount, sanitizeAmountTyping, typingIssue } from './amount-input';
import { ApiError } from './api-client';

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
  it('accepts an amount within the input decimals and sends it as typed', () => {
    expect(checkAmountInput('12.34', 'USDT')).toEqual({ ok: true, amount: '12.34' });
    expect(checkAmountInput('0.1', 'USD')).toEqual({ ok: true, amount: '0.1' });
    expect(checkAmountInput('0.1234', 'SBC')).toEqual({ ok: true, amount: '0.1234' });
  });

  it('refuses empty, malformed and zero amounts', () => {
    expect(checkAmountInput('', 'USDT')).toEqual({ ok: false, issue: { code: 'required' } });
    expect(checkAmountInput(undefined, 'USDT')).toEqual({ ok: false, issue: { code: 'required' } });
    expect(checkAmountInput('.', 'USDT')).toEqual({ ok: false, issue: { code: 'invalid' } });
    expect(checkAmountInput('0', 'USDT')).toEqual({ ok: false, issue: { code: 'zero' } });
    expect(checkAmountInput('0.000', 'USDT')).toEqual({ ok: false, issue: { code: 'zero' } });
  });

  it('refuses more decimals than a member may type, never rounding, even where the ledger keeps more', () => {
    expect(checkAmountInput('1.5', 'JPY')).toEqual({ ok: false, issue: { code: 'tooPrecise', currency: 'JPY', decimals: 0 } });
    expect(checkAmountInput('1.001', 'USD')).toEqual({ ok: false, issue: { code: 'tooPrecise', currency: 'USD', decimals: 2 } });
    expect(checkAmountInput('10.005', 'USDT')).toEqual({ ok: false, issue: { code: 'tooPrecise', currency: 'USDT', decimals: 2 } });
    expect(checkAmountInput('1.0000001', 'USDT')).toMatchObject({ ok: false, issue: { code: 'tooPrecise', decimals: 2 } });
    expect(checkAmountInput('0.12345', 'SBC')).toMatchObject({ ok: false, issue: { code: 'tooPrecise', decimals: 4 } });
  });

  it('says so on the spot only for too many decimals, not for a field still being typed', () => {
    expect(typingIssue('10.001', 'USDT')).toEqual({ code: 'tooPrecise', currency: 'USDT', decimals: 2 });
    expect(typingIssue('10.00', 'USDT')).toBeNull();
    expect(typingIssue('10.', 'USDT')).toBeNull();
    expect(typingIssue('', 'USDT')).toBeNull();
    expect(typingIssue(undefined, 'USDT')).toBeNull();
    expect(typingIssue('0', 'USDT')).toBeNull();
    expect(typingIssue('1.5', 'KRW')).toEqual({ code: 'tooPrecise', currency: 'KRW', decimals: 0 });
  });

  it("turns the server's refusal of decimals into the same issue", () => {
    const refusal = new ApiError('AMOUNT_TOO_MANY_DECIMALS', 'too many', 400, { currency: 'USDT', decimals: 2 });
    expect(amountIssueOfError(refusal)).toEqual({ code: 'tooPrecise', currency: 'USDT', decimals: 2 });
    expect(amountIssueOfError(new ApiError('AMOUNT_TOO_MANY_DECIMALS', 'too many', 400))).toBeNull();
    expect(amountIssueOfError(new ApiError('INSUFFICIENT_BALANCE', 'poor', 400))).toBeNull();
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
    expect(checkAmountInput('9.99', 'USDT', { minimum })).toMatchObject({ ok: false, issue: { code: 'belowMinimum' } });
    expect(checkAmountInput('10', 'USDT', { minimum })).toEqual({ ok: true, amount: '10' });
  });

  it('names a whole-number minimum without decimals (a card recharge)', () => {
    expect(checkAmountInput('19', 'USDT', { minimum: LIMITS.cardRecharge.minimumUsdt, decimals: 0 })).toEqual({
      ok: false,
      issue: { code: 'belowMinimum', currency: 'USDT', minimum: '20' },
    });
  });

  it('compares with the balance exactly, fee included', () => {
    // 0.1 + 0.2 is not 0.3 in floating point; here it is.
    expect(checkAmountInput('0.2', 'USDT', { available: '0.3', extra: '0.1' })).toEqual({ ok: true, amount: '0.2' });
    expect(checkAmountInput('0.21', 'USDT', { available: '0.3', extra: '0.1' })).toEqual({
      ok: false,
      issue: { code: 'overBalance', currency: 'USDT', available: '0.30' },
    });
    // A balance with more decimals than can be typed is shown whole, never rounded away.
    expect(checkAmountInput('1271', 'USDT', { available: '1270.999' })).toMatchObject({ issue: { available: '1270.999' } });
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

  it('is what a member may type: cut to the input decimals, so Max and the summary agree', () => {
    expect(maxAmount('1234.499', 'USDT')).toBe('1234.49');
    expect(maxAmount('1235.499', 'USDT', '1')).toBe('1234.49');
    expect(checkAmountInput(maxAmount('1235.499', 'USDT', '1') ?? '', 'USDT', { available: '1235.499', extra: '1' })).toEqual({
      ok: true,
      amount: '1234.49',
    });
    expect(maxAmount('0.12345678', 'SBC')).toBe('0.1234');
    expect(maxAmount('1500.9', 'JPY')).toBe('1500');
  });

  it('is cut, never rounded up, to the decimals a screen accepts', () => {
    expect(maxAmount('1250.509999', 'USDT', '0', 2)).toBe('1250.5');
    expect(maxAmount('99.999', 'USDT', '0', 2)).toBe('99.99');
    expect(maxAmount('0.009', 'USDT', '0', 2)).toBeNull();
  });
});
