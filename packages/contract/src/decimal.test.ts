import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkAmount } from './amount';
import { CURRENCIES, CURRENCY_CODES } from './currencies';
import { Decimal } from './decimal';

/**
 * The configured Decimal at every currency's precision, from the smallest unit to 10^12 whole units.
 * The expected values are computed with BigInt on minor units, never with Decimal itself, so these
 * properties fail if Decimal rounds to fewer significant digits than an amount has (decimal.js
 * defaults to 20: an 18-decimal ETH amount of 100 ETH or more already needs 21).
 */

const TOP_WHOLE_UNITS = 12;
const RATE_DECIMALS = 18; // exchange rates are kept to 18 decimals (wallet/exchange.ts)

/** A count of minor units in [1, 10^(12 + precision)]: every magnitude from the smallest unit to 10^12 whole units. */
const minorUnits = (precision: number) => {
  const top = TOP_WHOLE_UNITS + precision;
  return fc
    .integer({ min: 0, max: top })
    .chain((e) => fc.bigInt({ min: 10n ** BigInt(e), max: e === top ? 10n ** BigInt(top) : 10n ** BigInt(e + 1) - 1n }));
};

/** Minor units as a plain decimal with exactly `precision` decimals ("-0.000001" for -1 at 6). */
function fixed(minor: bigint, precision: number): string {
  const sign = minor < 0n ? '-' : '';
  const digits = (minor < 0n ? -minor : minor).toString().padStart(precision + 1, '0');
  return precision === 0 ? `${sign}${digits}` : `${sign}${digits.slice(0, -precision)}.${digits.slice(-precision)}`;
}

/** The shortest plain form of the same value (what Decimal#toFixed() with no argument prints). */
function plain(minor: bigint, precision: number): string {
  const text = fixed(minor, precision);
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

/** Back to minor units from a string with exactly `precision` decimals, by text alone. */
function minorOf(text: string, precision: number): bigint {
  const [whole = '', fraction = ''] = text.split('.');
  expect(fraction).toHaveLength(precision);
  return BigInt(whole + fraction);
}

describe.each(CURRENCY_CODES)('Decimal at the precision of %s', (currency) => {
  const precision = CURRENCIES[currency].precision;
  const amount = minorUnits(precision);
  const scale = 10n ** BigInt(precision);

  it('parses and prints every amount exactly, and converts it to minor units exactly', () => {
    fc.assert(
      fc.property(amount, (minor) => {
        const raw = fixed(minor, precision);
        const value = new Decimal(raw);
        expect(value.toFixed(precision)).toBe(raw);
        expect(value.toFixed()).toBe(plain(minor, precision));
        expect(new Decimal(value.toFixed()).eq(value)).toBe(true);
        // What a chain adapter does to send an amount: scale to base units.
        expect(value.mul(new Decimal(10).pow(precision)).toFixed()).toBe(minor.toString());
        expect(value.decimalPlaces()).toBeLessThanOrEqual(precision);
      }),
      { numRuns: 100 },
    );
  });

  it('adds and subtracts exactly, including onto a balance already past 10^6 units', () => {
    fc.assert(
      fc.property(fc.array(amount, { minLength: 1, maxLength: 8 }), amount, amount, (parts, a, b) => {
        // A system account carries the other side of many user balances: far past a million units, to the last unit.
        const start = 1_000_000n * scale + 1n;
        let sum = new Decimal(fixed(start, precision));
        let exact = start;
        for (const part of parts) {
          sum = sum.plus(fixed(part, precision));
          exact += part;
        }
        expect(sum.toFixed(precision)).toBe(fixed(exact, precision));
        for (const part of parts) {
          sum = sum.minus(fixed(part, precision));
          exact -= part;
        }
        expect(sum.toFixed(precision)).toBe(fixed(start, precision));
        expect(sum.eq(fixed(start, precision))).toBe(true);

        const difference = new Decimal(fixed(a, precision)).minus(fixed(b, precision));
        expect(difference.toFixed(precision)).toBe(fixed(a - b, precision));
        expect(difference.plus(fixed(b, precision)).toFixed(precision)).toBe(fixed(a, precision));
        expect(new Decimal(fixed(-a, precision)).minus(fixed(b, precision)).toFixed(precision)).toBe(fixed(-a - b, precision));
      }),
      { numRuns: 100 },
    );
  });

  it('rounds amount * rate down to each currency: never above the exact product, and less than one unit below it', () => {
    const rate = fc.bigInt({ min: 1n, max: 10n ** BigInt(6 + RATE_DECIMALS) }); // 10^-18 to 10^6, with 18 decimals
    fc.assert(
      fc.property(amount, rate, fc.constantFrom(...CURRENCY_CODES), (minor, rateUnits, target) => {
        const targetPrecision = CURRENCIES[target].precision;
        const product = new Decimal(fixed(minor, precision))
          .mul(fixed(rateUnits, RATE_DECIMALS))
          .toDecimalPlaces(targetPrecision, Decimal.ROUND_DOWN);
        const result = minorOf(product.toFixed(targetPrecision), targetPrecision);
        // Exact product = minor * rateUnits / 10^(precision + 18); compare result / 10^targetPrecision with it, in integers.
        const exactNumerator = minor * rateUnits * 10n ** BigInt(targetPrecision);
        const denominator = 10n ** BigInt(precision + RATE_DECIMALS);
        expect(result * denominator).toBeLessThanOrEqual(exactNumerator);
        expect((result + 1n) * denominator).toBeGreaterThan(exactNumerator);
        expect(result).toBe(exactNumerator / denominator);
      }),
      { numRuns: 100 },
    );
  });

  it('checkAmount accepts exactly the currency precision and refuses one digit more', () => {
    fc.assert(
      fc.property(amount, fc.integer({ min: 1, max: 9 }), (minor, extra) => {
        const raw = fixed(minor, precision);
        const accepted = checkAmount(raw, currency);
        expect(accepted.ok).toBe(true);
        if (accepted.ok) expect(accepted.value.toFixed(precision)).toBe(raw);
        const finer = precision === 0 ? `${raw}.${extra}` : `${raw}${extra}`;
        expect(checkAmount(finer, currency)).toEqual({ ok: false, code: 'AMOUNT_TOO_PRECISE' });
      }),
      { numRuns: 100 },
    );
  });
});

it('holds the amounts that broke ETH under the default 20 digits', () => {
  const balance = new Decimal('-1000000.000000000000000001');
  const deposit = '60.123456789012345678';
  expect(balance.minus(deposit).toFixed()).toBe('-1000060.123456789012345679');
  expect(new Decimal(deposit).plus('100').toFixed()).toBe('160.123456789012345678');
  expect(new Decimal('999999999999.999999999999999999').plus('0.000000000000000001').toFixed()).toBe('1000000000000');
});
