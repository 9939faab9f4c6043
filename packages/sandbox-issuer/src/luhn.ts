import { randomInt } from 'node:crypto';

/**
 * Test card numbers: a fixed test BIN (never issued to real cards) followed by random digits and the
 * Luhn check digit, so they pass the format checks of real payment forms without being real.
 */
export const TEST_BIN = '49999912';

export function luhnCheckDigit(partial: string): string {
  let sum = 0;
  // Walking from the right, every second digit of the full number (starting with the one next to the
  // check digit) is doubled.
  for (let i = 0; i < partial.length; i++) {
    let digit = Number(partial[partial.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return String((10 - (sum % 10)) % 10);
}

export function isLuhnValid(pan: string): boolean {
  return /^\d{12,19}$/.test(pan) && luhnCheckDigit(pan.slice(0, -1)) === pan.slice(-1);
}

export function testPan(bin = TEST_BIN, length = 16): string {
  let body = bin;
  while (body.length < length - 1) body += String(randomInt(0, 10));
  return body + luhnCheckDigit(body);
}

export function testCvv(): string {
  return String(randomInt(0, 1000)).padStart(3, '0');
}
