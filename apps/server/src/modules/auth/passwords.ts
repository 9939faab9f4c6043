import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import pLimit from 'p-limit';

/**
 * argon2id with OWASP's minimum recommendation (19 MiB memory, 2 iterations, 1 lane). The library
 * defaults to argon2id; the parameters are spelled out so a library change cannot weaken them.
 * Login passwords use this; payment passwords are keyed hashes (payment-pins.ts), argon2id only from before.
 */
export const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1, outputLen: 32 } as const;

/**
 * One argon2 run per core at a time. Each holds 19 MiB while it runs; libuv's four threads would run
 * four at once on a two-core machine, for no more checks a second and twice the memory at peak.
 */
const oneRunPerCore = pLimit(availableParallelism());

export function hashSecret(secret: string): Promise<string> {
  return oneRunPerCore(() => hash(secret, ARGON2_OPTIONS));
}

export async function verifySecret(stored: string, candidate: string): Promise<boolean> {
  try {
    return await oneRunPerCore(() => verify(stored, candidate));
  } catch {
    return false;
  }
}
