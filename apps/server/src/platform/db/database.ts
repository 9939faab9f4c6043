import { type Kysely, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import { HookedKysely } from './after-commit';
import type { Database } from './schema';

// numeric and bigint columns must reach TypeScript as strings: a JS number would lose cents.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => value);
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => value);

export type Db = Kysely<Database>;
/** Where a query runs: the pool, or the caller's transaction. */
export type Executor = Db | Transaction<Database>;

export interface DatabaseHandle {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

export function openDatabase(connectionString: string, poolMax: number): DatabaseHandle {
  const pool = new pg.Pool({ connectionString, max: poolMax, application_name: 'wallet-server' });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db: Db = new HookedKysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, pool, close: () => db.destroy() };
}
