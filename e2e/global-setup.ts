import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../apps/server/src/platform/db/database';
import { embeddedDatabaseUrl } from '../apps/server/src/platform/db/embedded';
import { freePort } from '../apps/server/test/free-port';
import { testOperator } from '../apps/server/test/operators';
import { ensureChromium } from './chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** An operator API key (support and admin roles) on the e2e server: see e2e/http.ts operatorKey. */
    operatorKey: string;
  }
}

const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * Browser tests use the product as a newcomer gets it: the built web app served by the real server
 * as `npm start` runs it, on a database of its own (from TEST_DATABASE_URL, else embedded).
 */
export default async function setup(project: TestProject) {
  ensureChromium();
  if (!existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
    execFileSync('npm', ['run', 'build', '-w', '@wallet/web'], { cwd: ROOT, stdio: 'inherit' });
  }

  const cleanups: Array<() => Promise<void>> = [];
  const env: Record<string, string> = {
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    DEVCHAIN_PORT: String(await freePort()),
    // The local chain mines a block a second: 3 confirmations keep the top-up tests short.
    CHAIN_CONFIRMATIONS: '{"BSC":3,"TRON":3}',
    // The suite signs up dozens of members from one address; the limits themselves are tested in the
    // server suite (auth and rate-limit tests), not by the order the browser tests happen to run in.
    RATE_LIMIT_CODES_PER_HOUR: '1000',
    RATE_LIMIT_LOGINS_PER_MINUTE: '1000',
    RATE_LIMIT_LOOKUPS_PER_MINUTE: '1000',
  };
  // Its own data folder either way: the sandbox issuer keeps its cards there, and a newcomer's
  // `npm start` data in ./data must neither leak into the tests nor collect the tests' cards.
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'wallet-e2e-'));
  await chmod(dataDir, 0o755);
  env.DATA_DIR = dataDir;
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `wallet_e2e_${randomBytes(6).toString('hex')}`;
    await adminQuery(adminUrl, `create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    cleanups.push(() => adminQuery(adminUrl, `drop database if exists ${name} with (force)`));
  } else {
    env.DATABASE_URL = '';
    env.EMBEDDED_PG_PORT = String(await freePort());
  }

  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${env.PORT}`;
  await waitForReady(baseUrl, server);
  project.provide('baseUrl', baseUrl);
  project.provide('operatorKey', await createOperatorKey(env.DATABASE_URL || embeddedDatabaseUrl(Number(env.EMBEDDED_PG_PORT), 'wallet')));

  return async () => {
    server.kill('SIGTERM');
    if (server.exitCode === null) await once(server, 'exit');
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
}

/**
 * The operator the browser tests act as (support replies, help content): written straight into the
 * server's database once it has migrated it, as the server tests' fixture does; an API key, as
 * automation uses the console's API.
 */
async function createOperatorKey(databaseUrl: string): Promise<string> {
  const handle = openDatabase(databaseUrl, 1);
  try {
    return (await testOperator(handle.db, ['support', 'admin'])).key;
  } finally {
    await handle.close();
  }
}

async function adminQuery(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function waitForReady(baseUrl: string, server: ChildProcess) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode} before it was ready`);
    const res = await fetch(`${baseUrl}/readyz`).catch(() => null);
    if (res?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server at ${baseUrl} was not ready within 120 s`);
}
