import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../apps/server/src/platform/db/embedded';
import { freePort } from '../../apps/server/test/free-port';

export interface BenchDatabase {
  /** A fresh database for this run. */
  url: string;
  close(): Promise<void>;
}

async function admin(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * The server the benchmark measures: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local
 * PostgreSQL when it answers, else an embedded one. A fresh database is created and dropped.
 */
export async function benchDatabase(): Promise<BenchDatabase> {
  let adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (!adminUrl) {
    const local = 'postgres://postgres@127.0.0.1:5432/postgres';
    const answers = await admin(local, 'select 1').then(
      () => true,
      () => false,
    );
    if (answers) adminUrl = local;
  }
  if (!adminUrl) {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'wallet-bench-'));
    await chmod(dir, 0o755);
    const embedded = await startEmbeddedPostgres({ dataDir: dir, port: await freePort(), database: 'postgres', log: () => {} });
    adminUrl = embedded.url;
    stopEmbedded = async () => {
      await embedded.stop();
      await rm(dir, { recursive: true, force: true });
    };
  }
  const name = `wallet_bench_${randomBytes(4).toString('hex')}`;
  await admin(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async close() {
      await admin(adminUrl, `drop database if exists ${name} with (force)`);
      await stopEmbedded?.();
    },
  };
}
