import { createHmac, randomInt } from 'node:crypto';

export const RECOVERY_CODE_COUNT = 10;
// No 0/O, 1/I: a code copied from paper reads one way.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Ten codes of 50 random bits each, shown once as XXXXX-XXXXX. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = Array.from({ length: 10 }, () => ALPHABET.charAt(randomInt(ALPHABET.length))).join('');
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
}

/**
 * Keyed hash of a code (as the contract normalises it: no dash, upper case). 50 random bits are out of
 * reach of guessing through the limiter; the key keeps a stolen table from being searched offline.
 */
export function hashRecoveryCode(secret: string, userId: string, code: string): Buffer {
  return createHmac('sha256', secret)
    .update(`recovery\0${userId}\0${code.replace(/[\s-]/g, '').toUpperCase()}`)
    .digest();
}
