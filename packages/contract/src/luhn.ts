/**
 * The Luhn check of a card number (digits only, 12 to 19 of them). The app and the server share it so
 * a mistyped card number is refused before it reaches the issuer or counts as a wrong binding attempt.
 */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  // From the right, every second digit (starting with the one next to the check digit) is doubled.
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A card number as typed or printed ("4999 9912-..."), reduced to its digits. */
export const cardNumberDigits = (typed: string) => typed.replace(/[\s-]/g, '');
