import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkAmount, formatAmount } from './amount';
import { CURRENCIES, CURRENCY_CODES } from './currencies';

describe('checkAmount', () => {
  it('accepts amounts within the currency precision', () => {
    expect(checkAmount('10.123456', 'USDT')).toMatchObject({ ok: true });
    expect(checkAmount('1000', 'JPY')).toMatchObject({ ok: true });
    expect(checkAmount('0.000000000000000001', 'ETH')).toMatchObject({ ok: true });
  });

  it('rejects more decimals than the currency allows instead of rounding', () => {
    expect(checkAmount('10.1234567', 'USDT')).toEqual({ ok: false, code: 'AMOUNT_TOO_PRECISE' });
    expect(checkAmount('1.5', 'KRW')).toEqual({ ok: false, code: 'AMOUNT_TOO_PRECISE' });
    expect(checkAmount('0.001', 'USD')).toEqual({ ok: false, code: 'AMOUNT_TOO_PRECISE' });
  });

  it('rejects zero, negatives and anything that is not a plain decimal', () => {
    expect(checkAmount('0', 'USDT')).toEqual({ ok: false, code: 'AMOUNT_NOT_POSITIVE' });
    expect(checkAmount('0.00', 'USD')).toEqual({ ok: false, code: 'AMOUNT_NOT_POSITIVE' });
    for (const bad of ['-1', '1e3', ' 1', '1,000', '01', '.5', '5.', 'NaN', 'Infinity', '0x10', '']) {
      expect(checkAmount(bad, 'USDT'), bad).toEqual({ ok: false, code: 'AMOUNT_INVALID' });
    }
  });

  it('keeps every accepted amount exactly (property)', () => {
    const currency = fc.constantFrom(...CURRENCY_CODES);
    fc.assert(
      fc.property(currency, fc.bigInt({ min: 1n, max: 10n ** 30n }), (code, minor) => {
        const precision = CURRENCIES[code].precision;
        const digits = minor.toString().padStart(precision + 1, '0');
        const raw = precision === 0 ? digits : `${digits.slice(0, -precision)}.${digits.slice(-precision)}`;
        const checked = checkAmount(raw, code);
        expect(checked.ok).toBe(true);
        if (checked.ok) expect(checked.value.toFixed(precision)).toBe(raw);
      }),
    );
  });
});

describe('formatAmount', () => {
  it('rounds down to the display precision so no one is shown money they lack', () => {
    expect(formatAmount('12.999999', 'USDT')).toBe('12.99');
    expect(formatAmount('1500', 'JPY')).toBe('1500');
    expect(formatAmount('0.1', 'USD')).toBe('0.10');
  });
});
