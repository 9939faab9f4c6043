import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with OWASP's minimum recommendation (19 MiB memory, 2 iterations, 1 lane). The library
 * defaults to argon2id; the parameters are spelled out so a library change cannot weaken them.
 * Login and payment passwords both use this.
 */
export const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1, outputLen: 32 } as const;

export function hashSecret(secret: string): Promise<string> {
  return hash(secret, ARGON2_OPTIONS);
}

export async function verifySecret(stored: string, candidate: string): Promise<boolean> {
  try {
    return await verify(stored, candidate);
  } catch {
    return false;
  }
}
