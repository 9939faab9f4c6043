import { describe, expect, it } from 'vitest';
import { cardNumberDigits, isLuhnValid } from './luhn';

describe('isLuhnValid', () => {
  it('accepts numbers whose check digit is right', () => {
    expect(isLuhnValid('4242424242424242')).toBe(true);
    expect(isLuhnValid('4000000000000002')).toBe(true);
    expect(isLuhnValid('5555555555554444')).toBe(true);
    expect(isLuhnValid('378282246310005')).toBe(true); // 15 digits
    expect(isLuhnValid('6011111111111117')).toBe(true);
  });

  it('refuses a changed digit and swapped neighbours', () => {
    expect(isLuhnValid('4242424242424241')).toBe(false);
    expect(isLuhnValid('4242424242424243')).toBe(false);
    expect(isLuhnValid('2442424242424242')).toBe(false);
    expect(isLuhnValid('4000000000000020')).toBe(false);
  });

  it('refuses what is not a card number: too short, too long, not digits', () => {
    expect(isLuhnValid('79927398713')).toBe(false); // Luhn-valid but 11 digits
    expect(isLuhnValid('42424242424242424242')).toBe(false);
    expect(isLuhnValid('4242 4242 4242 4242')).toBe(false);
    expect(isLuhnValid('')).toBe(false);
  });

  it('reads printed numbers with spaces or dashes as their digits', () => {
    expect(cardNumberDigits('4242 4242-4242 4242')).toBe('4242424242424242');
    expect(isLuhnValid(cardNumberDigits('4242 4242 4242 4242'))).toBe(true);
  });
});
