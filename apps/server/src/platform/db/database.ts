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
  /**
   * Where a session is kept (LISTEN, a session's advisory lock, the job queue): PostgreSQL itself.
   * The pool's URL may be a pooler in transaction mode (PgBouncer), which gives each transaction,
   * not each connection, a server session of its own. The same URL when there is no pooler.
   */
  directUrl: string;
  close(): Promise<void>;
}

export function openDatabase(connectionString: string, poolMax: number, directUrl = connectionString): DatabaseHandle {
  const pool = new pg.Pool({ connectionString, max: poolMax, application_name: 'wallet-server' });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db: Db = new HookedKysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, pool, directUrl, close: () => db.destroy() };
}

/** Runs `work` on a session of its own on `url` (DatabaseHandle.directUrl), ended afterwards whatever happens. */
export async function inSession<T>(url: string, name: string, work: (session: pg.Client) => Promise<T>): Promise<T> {
  const session = new pg.Client({ connectionString: url, application_name: name });
  session.on('error', () => {});
  await session.connect();
  try {
    return await work(session);
  } finally {
    await session.end();
  }
}
