import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/platform/db/database';
import { migrateToLatest } from '../src/platform/db/migrate';

export interface TestDatabase {
  url: string;
  handle: DatabaseHandle;
  drop(): Promise<void>;
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** A fresh, private database for one test file; migrated unless asked not to be. */
export async function createTestDatabase({ migrate = true } = {}): Promise<TestDatabase> {
  // Made and dropped on PostgreSQL itself; used through the pooler when the run has one.
  const pooledUrl = inject('adminDatabaseUrl');
  const adminUrl = inject('directAdminDatabaseUrl') ?? pooledUrl;
  const name = `wallet_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();

  const url = withDatabase(pooledUrl, name);
  const handle = openDatabase(url, 5, withDatabase(adminUrl, name));
  if (migrate) await migrateToLatest(handle.db);
  return {
    url,
    handle,
    async drop() {
      await handle.close();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
