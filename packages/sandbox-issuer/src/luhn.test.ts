import { describe, expect, it } from 'vitest';
import { isLuhnValid, luhnCheckDigit, TEST_BIN, testPan } from './luhn';
import { fromMinor, isAmount, toMinor } from './money';

describe('test card numbers', () => {
  it('computes the Luhn check digit of known numbers', () => {
    expect(luhnCheckDigit('424242424242424')).toBe('2');
    expect(isLuhnValid('4242424242424242')).toBe(true);
    expect(isLuhnValid('4242424242424241')).toBe(false);
    expect(isLuhnValid('79927398713')).toBe(false); // too short for a card
  });

  it('issues Luhn-valid 16-digit numbers from the test BIN', () => {
    for (let i = 0; i < 200; i++) {
      const pan = testPan();
      expect(pan).toHaveLength(16);
      expect(pan.startsWith(TEST_BIN)).toBe(true);
      expect(isLuhnValid(pan)).toBe(true);
    }
  });
});

describe('sandbox amounts', () => {
  it('counts in cents without floats', () => {
    expect(toMinor('12.5')).toBe(1250n);
    expect(toMinor('0.01')).toBe(1n);
    expect(fromMinor(1250n)).toBe('12.5');
    expect(fromMinor(-1n)).toBe('-0.01');
    expect(isAmount('0')).toBe(false);
    expect(isAmount('1.234')).toBe(false);
    expect(isAmount('20')).toBe(true);
  });
});
