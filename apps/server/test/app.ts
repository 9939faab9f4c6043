import { Writable } from 'node:stream';
import { buildApp } from '../src/app';
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

/** The real app on a fresh database, with its logs captured for inspection. */
export async function createTestApp({
  env = {},
  migrate = true,
}: {
  env?: Record<string, string>;
  migrate?: boolean;
} = {}): Promise<TestApp> {
  const database = await createTestDatabase({ migrate });
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logs.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', DATABASE_URL: database.url, ...env });
  const app = await buildApp({ config, database: database.handle, logger: createLogger(config.LOG_LEVEL, stream) });
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
