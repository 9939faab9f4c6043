import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The Redis the tests share (redis-setup.ts), or null where there is none. */
    redisUrl: string | null;
  }
}

/** The Redis redis-setup.ts found or started for this run, or null where there is none (then its tests skip). */
export const testRedisUrl = (): string | null => inject('redisUrl');

/** A client address no earlier run used, so counters kept in a shared Redis start empty. */
export function freshAddress(): string {
  const octet = () => 1 + Math.floor(Math.random() * 250);
  return `10.${octet()}.${octet()}.${octet()}`;
}
