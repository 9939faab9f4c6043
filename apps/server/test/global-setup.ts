import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../src/platform/db/embedded';
import { freePort } from './free-port';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    /** PostgreSQL itself, when adminDatabaseUrl goes through a pooler (pgbouncer-setup.ts). */
    directAdminDatabaseUrl?: string;
  }
}

/**
 * Server tests run against a real PostgreSQL: TEST_DATABASE_URL when set (any database on a server
 * where we may create databases), otherwise an embedded one started here for the run. Each test
 * file then creates and drops its own database (test/database.ts).
 */
export default async function setup(project: TestProject) {
  const postgres = await startTestPostgres();
  project.provide('adminDatabaseUrl', postgres.url);
  return postgres.stop;
}

/** TEST_DATABASE_URL, or an embedded PostgreSQL started for the run. */
export async function startTestPostgres(): Promise<{ url: string; stop(): Promise<void> }> {
  const given = process.env.TEST_DATABASE_URL;
  if (given) return { url: given, stop: async () => {} };
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'wallet-test-pg-'));
  // As root the embedded server runs as the postgres user, which must be able to enter this folder.
  await chmod(dataDir, 0o755);
  const embedded = await startEmbeddedPostgres({ dataDir, port: await freePort(), database: 'postgres', log: () => {} });
  return {
    url: embedded.url,
    async stop() {
      await embedded.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
