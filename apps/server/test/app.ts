import { Writable } from 'node:stream';
import type { DevChain } from '@wallet/devchain';
import { type AppDeps, buildApp } from '../src/app';
import type { Clock } from '../src/platform/clock';
import { loadConfig } from '../src/platform/config';
import { createLogger } from '../src/platform/logger';
import { createTestDatabase, type TestDatabase } from './database';

export interface TestApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  database: TestDatabase;
  /** Every log line the app wrote, as raw JSON text. */
  logs: string[];
  close(): Promise<void>;
}

/**
 * Every string value in the logs. Tests look for secrets here rather than in the raw lines: a short
 * secret such as a CVV or a six-digit code also turns up by chance inside a timestamp or a pid.
 */
export function loggedStrings(logs: string[]): string[] {
  const stringsIn = (value: unknown): string[] => {
    if (typeof value === 'string') return [value];
    if (value && typeof value === 'object') return Object.values(value).flatMap(stringsIn);
    return [];
  };
  return logs.flatMap((line) => stringsIn(JSON.parse(line)));
}

/** The real app on a fresh database, with its logs captured for inspection. */
export async function createTestApp({
  env = {},
  migrate = true,
  clock,
  devchain,
  deps = {},
}: {
  env?: Record<string, string>;
  migrate?: boolean;
  clock?: Clock;
  /** A local chain for the development-only faucet routes. */
  devchain?: DevChain;
  /** Outside services the app is given (a payout partner, a job queue). */
  deps?: Pick<AppDeps, 'payoutPartner' | 'jobs' | 'booksSources'>;
} = {}): Promise<TestApp> {
  const database = await createTestDatabase({ migrate });
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logs.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  // Generous per-IP limits: every injected request comes from 127.0.0.1. Rate-limit tests lower them.
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATABASE_URL: database.url,
    RATE_LIMIT_CODES_PER_HOUR: '10000',
    RATE_LIMIT_LOGINS_PER_MINUTE: '10000',
    RATE_LIMIT_LOOKUPS_PER_MINUTE: '10000',
    CODES_PER_EMAIL_PER_HOUR: '1000',
    // Most tests withdraw to a fresh address and expect it to go out; the address-book tests set the wait.
    WITHDRAW_NEW_ADDRESS_DELAY_HOURS: '0',
    ...env,
  });
  const app = await buildApp({
    config,
    database: database.handle,
    logger: createLogger(config.LOG_LEVEL, stream),
    ...(clock ? { clock } : {}),
    ...(devchain ? { devchain } : {}),
    ...deps,
  });
  return {
    app,
    database,
    logs,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}
