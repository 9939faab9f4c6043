import { CURRENCY_CODES, Decimal, formatAmount } from '@wallet/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dateFormat,
  formatDateTime,
  formatDateTimeAt,
  formatExactMoney,
  formatLockEnd,
  formatMoney,
  formatRate,
  formatSignedMoney,
  isZeroAmount,
  padDecimals,
  shortenAddress,
} from './format';

describe('formatting', () => {
  it('shortens long addresses and leaves short ones', () => {
    expect(shortenAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe('TR7NHq…gjLj6t');
    expect(shortenAddress('T123')).toBe('T123');
  });

  it('shows a lock ending today as a time, another day with its date', () => {
    const now = new Date(2026, 2, 5, 14, 0, 0);
    const today = new Date(2026, 2, 5, 14, 1, 30).toISOString();
    const tomorrow = new Date(2026, 2, 6, 9, 0, 0).toISOString();
    expect(formatLockEnd(today, 'en', now)).toMatch(/2:01:30/);
    expect(formatLockEnd(tomorrow, 'en', now)).toMatch(/Mar 6, 2026/);
    expect(formatLockEnd('not a date', 'en', now)).toBe('not a date');
  });

  it('shows money exactly: at least the display decimals, every further decimal it has, grouped, never rounded', () => {
    expect(formatMoney('1250.5', 'USDT')).toBe('1,250.50');
    expect(formatMoney('1270.999', 'USDT')).toBe('1,270.999');
    expect(formatMoney('1234.499', 'USDT')).toBe('1,234.499');
    expect(formatMoney('0.012345', 'USDT')).toBe('0.012345');
    expect(formatMoney('10', 'USDT')).toBe('10.00');
    expect(formatMoney('48000', 'JPY')).toBe('48,000');
    expect(formatMoney('0', 'KRW')).toBe('0');
    expect(formatMoney('-1000.5', 'EUR')).toBe('-1,000.50');
    expect(formatMoney('-0.00', 'USD')).toBe('0.00');
    expect(formatMoney('0.12345678', 'SBC')).toBe('0.12345678');
    expect(formatMoney('1234567.000000000000000001', 'ETH')).toBe('1,234,567.000000000000000001');
  });

  it('keeps formatExactMoney as the same formatter', () => {
    expect(formatExactMoney).toBe(formatMoney);
  });

  it('signs movements in and out of the wallet', () => {
    expect(formatSignedMoney('20', 'USDT')).toEqual({ text: '+20.00', direction: 'in' });
    expect(formatSignedMoney('-1530', 'JPY')).toEqual({ text: '\u22121,530', direction: 'out' });
    expect(formatSignedMoney('-0.000001', 'USDT')).toEqual({ text: '\u22120.000001', direction: 'out' });
  });

  it('shows rates with 4 decimals both ways, cut rather than rounded up', () => {
    expect(formatRate('1.00020004')).toBe('1.0002');
    expect(formatRate('0.99980004')).toBe('0.9998');
    expect(formatRate('0.994029850746268656')).toBe('0.9940');
    expect(formatRate('7.25')).toBe('7.2500');
    expect(formatRate('1380')).toBe('1,380.0000');
    expect(formatRate('153.2812345')).toBe('153.2812');
  });

  it('dates a ticket on the calendar its number is dated by, whatever the reader clock', () => {
    // Opened at 00:10 on Dec 2 in +08:00, numbered 20261202-...: shown on Dec 2, with the offset said.
    expect(formatDateTimeAt('2026-12-01T16:10:00.000Z', 'en', '+08:00')).toBe('Dec 2, 2026, 12:10 AM (UTC+8)');
    expect(formatDateTimeAt('2026-12-01T16:10:00.000Z', 'zh', '+08:00')).toMatch(/^2026年12月2日 00:10 \(UTC\+8\)$/);
    expect(formatDateTimeAt('2026-12-01T20:00:00.000Z', 'en', '-05:30')).toBe('Dec 1, 2026, 2:30 PM (UTC-5:30)');
    // An offset it cannot read leaves the reader's own time rather than a wrong one.
    expect(formatDateTimeAt('2026-12-01T16:10:00.000Z', 'en', 'Asia/Shanghai')).toBe(formatDateTime('2026-12-01T16:10:00.000Z', 'en'));
  });

  it('keeps 4 significant digits of a rate below 0.01, never 0.0000', () => {
    expect(formatRate('0.0000105263')).toBe('0.00001052');
    expect(formatRate('0.0123456')).toBe('0.0123');
  });
});

describe('padDecimals', () => {
  it('gives formatAmount’s exact text for every plain decimal, without decimal.js (property)', () => {
    const decimal = fc
      .tuple(fc.boolean(), fc.stringMatching(/^(0|\d{1,20})$/), fc.option(fc.stringMatching(/^(0+|\d{1,18})$/)))
      .map(([negative, whole, fraction]) => `${negative ? '-' : ''}${whole}${fraction === null ? '' : `.${fraction}`}`);
    fc.assert(
      fc.property(decimal, fc.constantFrom(...CURRENCY_CODES), (raw, currency) => {
        expect(padDecimals(raw, currency)).toBe(formatAmount(raw, currency));
      }),
    );
  });

  it('signs a movement as decimal.js reads the sign and the magnitude (property)', () => {
    const decimal = fc
      .tuple(fc.boolean(), fc.stringMatching(/^(0|[1-9]\d{0,19})$/), fc.option(fc.stringMatching(/^\d{1,18}$/)))
      .map(([negative, whole, fraction]) => `${negative ? '-' : ''}${whole}${fraction === null ? '' : `.${fraction}`}`);
    fc.assert(
      fc.property(decimal, fc.constantFrom(...CURRENCY_CODES), (raw, currency) => {
        const value = new Decimal(raw);
        const magnitude = formatMoney(value.abs().toFixed(), currency);
        expect(formatSignedMoney(raw, currency)).toEqual(
          value.isNegative() ? { text: `\u2212${magnitude}`, direction: 'out' } : { text: `+${magnitude}`, direction: 'in' },
        );
      }),
    );
  });

  it('tells a zero amount as decimal.js does (property)', () => {
    const decimal = fc
      .tuple(fc.boolean(), fc.stringMatching(/^\d{1,20}$/), fc.option(fc.stringMatching(/^\d{1,18}$/)))
      .map(([negative, whole, fraction]) => `${negative ? '-' : ''}${whole}${fraction === null ? '' : `.${fraction}`}`);
    fc.assert(
      fc.property(decimal, (raw) => {
        expect(isZeroAmount(raw)).toBe(new Decimal(raw).isZero());
      }),
    );
    expect(isZeroAmount('0.000')).toBe(true);
    expect(isZeroAmount('0.001')).toBe(false);
  });

  it('leaves other notations to formatAmount', () => {
    expect(padDecimals('1e-7', 'BTC')).toBeNull();
  });
});

describe('dates', () => {
  it('are written in the member’s language, each style by one formatter', () => {
    const iso = '2026-03-05T14:03:27Z';
    expect(formatDateTime(iso, 'en')).toBe(dateFormat('en', 'dateTime').format(new Date(iso)));
    expect(formatDateTime(iso, 'ja')).toMatch(/2026\/03\/05|2026年3月5日/);
    expect(dateFormat('ko', 'day')).toBe(dateFormat('ko', 'day'));
    expect(dateFormat('ko', 'day')).not.toBe(dateFormat('ko', 'time'));
    expect(formatDateTime('not a date', 'en')).toBe('not a date');
  });
});
