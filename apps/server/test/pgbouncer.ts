import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';
import { waitUntilListening } from './listening';

const BINARY = '/usr/sbin/pgbouncer';

export interface PgBouncer {
  /** The same database as `upstream`, through PgBouncer in transaction mode. */
  url: string;
  stop(): Promise<void>;
}

/**
 * Debian's PgBouncer in transaction mode in front of `upstream`, as production may run it: every
 * database of the server reachable by its name, each transaction on whichever server connection is
 * free, so no session state survives from one transaction to the next. As many server connections
 * per database as a test's pools may hold in transactions at once (a transaction that waits for an
 * answer which needs another connection must find one free, as in production).
 */
export async function startPgBouncer(upstream: string): Promise<PgBouncer> {
  ensurePgBouncer();
  const server = new URL(upstream);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'wallet-pgbouncer-'));
  await chmod(dir, 0o755);
  const port = await freePort();
  const password = server.password ? ` password=${decodeURIComponent(server.password)}` : '';
  const ini = path.join(dir, 'pgbouncer.ini');
  await writeFile(
    ini,
    [
      '[databases]',
      `* = host=${server.hostname} port=${server.port || 5432} user=${decodeURIComponent(server.username) || 'postgres'}${password}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = any',
      'pool_mode = transaction',
      'max_client_conn = 2000',
      'default_pool_size = 12',
      'max_db_connections = 12',
      'server_idle_timeout = 10',
      'server_reset_query =',
      'ignore_startup_parameters = extra_float_digits',
      'server_login_retry = 1',
    ].join('\n'),
    { mode: 0o644 },
  );
  // PgBouncer refuses to run as root; it drops to the user named by -u.
  const asRoot = process.getuid?.() === 0 ? ['-u', 'nobody'] : [];
  const child: ChildProcess = spawn(BINARY, [...asRoot, ini], { stdio: ['ignore', 'ignore', 'pipe'] });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  });
  await waitUntilListening('pgbouncer', port, child, () => output);
  return {
    url: `postgres://${server.username || 'postgres'}@127.0.0.1:${port}${server.pathname}`,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGINT');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Debian's pgbouncer, installed with apt when missing and we are root (as the browser tests get Chromium). */
function ensurePgBouncer(): void {
  if (existsSync(BINARY)) return;
  if (process.getuid?.() !== 0)
    throw new Error(`Missing for the tests through a pooler: pgbouncer. Install with: sudo apt-get install -y pgbouncer.`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'pgbouncer'], { stdio: 'inherit', env });
  if (!existsSync(BINARY)) throw new Error(`apt-get installed pgbouncer but ${BINARY} is still missing`);
}
