import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkAmount, checkTypedAmount, formatAmount } from './amount';
import { AMOUNT_ERRORS } from './amount-errors';
import { CURRENCIES, CURRENCY_CODES } from './currencies';
import { Decimal } from './decimal';

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

describe('checkTypedAmount', () => {
  it('accepts what a member may type: up to the input decimals of the currency', () => {
    expect(checkTypedAmount('10.05', 'USDT')).toMatchObject({ ok: true });
    expect(checkTypedAmount('1500', 'JPY')).toMatchObject({ ok: true });
    expect(checkTypedAmount('0.1234', 'SBC')).toMatchObject({ ok: true });
    expect(checkTypedAmount('0.00000001', 'ETH')).toMatchObject({ ok: true });
  });

  it('refuses one decimal more with the decimals allowed, even where the ledger keeps more', () => {
    expect(checkTypedAmount('10.001', 'USDT')).toEqual({
      ok: false,
      code: 'AMOUNT_TOO_MANY_DECIMALS',
      details: { currency: 'USDT', decimals: 2 },
    });
    expect(checkTypedAmount('10.1234567', 'USDT')).toEqual({
      ok: false,
      code: 'AMOUNT_TOO_MANY_DECIMALS',
      details: { currency: 'USDT', decimals: 2 },
    });
    expect(checkTypedAmount('1.5', 'KRW')).toEqual({
      ok: false,
      code: 'AMOUNT_TOO_MANY_DECIMALS',
      details: { currency: 'KRW', decimals: 0 },
    });
    expect(checkTypedAmount('0.00001', 'ABI')).toEqual({
      ok: false,
      code: 'AMOUNT_TOO_MANY_DECIMALS',
      details: { currency: 'ABI', decimals: 4 },
    });
    expect(checkTypedAmount('0.000000001', 'ETH')).toEqual({
      ok: false,
      code: 'AMOUNT_TOO_MANY_DECIMALS',
      details: { currency: 'ETH', decimals: 8 },
    });
  });

  it('keeps the other refusals of checkAmount', () => {
    expect(checkTypedAmount('0', 'USDT')).toEqual({ ok: false, code: 'AMOUNT_NOT_POSITIVE' });
    expect(checkTypedAmount('1e3', 'USDT')).toEqual({ ok: false, code: 'AMOUNT_INVALID' });
  });

  it('states every currency with its input decimals in each language of the error message', () => {
    const { message } = AMOUNT_ERRORS.AMOUNT_TOO_MANY_DECIMALS;
    for (const code of CURRENCY_CODES) {
      const { input } = CURRENCIES[code];
      for (const text of Object.values(message)) expect(text, code).toContain(code);
      const clause = message.en.split(/[:;,]/).find((part) => part.includes(code)) ?? '';
      const rest = message.en.slice(message.en.indexOf(clause));
      expect(input === 0 ? rest.includes('whole numbers') : new RegExp(`at most ${input}\\b`).test(rest), code).toBe(true);
    }
  });
});

describe('formatAmount', () => {
  it('shows at least the display decimals and every decimal the amount has, never rounding', () => {
    expect(formatAmount('12.999999', 'USDT')).toBe('12.999999');
    expect(formatAmount('1270.999', 'USDT')).toBe('1270.999');
    expect(formatAmount('1250.5', 'USDT')).toBe('1250.50');
    expect(formatAmount('1500', 'JPY')).toBe('1500');
    expect(formatAmount('0.1', 'USD')).toBe('0.10');
    expect(formatAmount('-20.005', 'USDT')).toBe('-20.005');
    expect(formatAmount('0.000000000000000001', 'ETH')).toBe('0.000000000000000001');
  });

  it('shows every accepted amount as the same number (property)', () => {
    const currency = fc.constantFrom(...CURRENCY_CODES);
    fc.assert(
      fc.property(currency, fc.bigInt({ min: 1n, max: 10n ** 30n }), (code, minor) => {
        const precision = CURRENCIES[code].precision;
        const digits = minor.toString().padStart(precision + 1, '0');
        const raw = precision === 0 ? digits : `${digits.slice(0, -precision)}.${digits.slice(-precision)}`;
        const shown = formatAmount(raw, code);
        expect(new Decimal(shown).eq(raw)).toBe(true);
        expect(shown.split('.')[1]?.length ?? 0).toBeGreaterThanOrEqual(CURRENCIES[code].display);
      }),
    );
  });
});
