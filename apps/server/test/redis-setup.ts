import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from './free-port';
import { answers, waitUntilListening } from './listening';

/** The Redis for the rate limit and secret limit tests, found or started once for the run (test/redis.ts reads it). */
export default async function setup(project: TestProject) {
  const redis = await startTestRedis();
  project.provide('redisUrl', redis.url);
  return redis.stop;
}

export interface TestRedis {
  url: string | null;
  stop(): Promise<void>;
}

const GIVEN = process.env.TEST_REDIS_URL;

/**
 * The Redis for the tests that need one: TEST_REDIS_URL (else 127.0.0.1:6379) when it answers, else
 * a redis-server started here on a free port where the binary is installed. A machine with neither
 * runs those tests' PostgreSQL half only, but CI (CI=true, which installs Debian's redis-server)
 * must run them all: there a missing Redis fails the run instead of skipping.
 */
export async function startTestRedis(): Promise<TestRedis> {
  const url = GIVEN ?? 'redis://127.0.0.1:6379';
  const { hostname, port } = new URL(url);
  if (await answers(hostname, Number(port || 6379))) return { url, stop: async () => {} };
  const binary = GIVEN ? undefined : redisServerBinary();
  if (binary) return startRedisServer(binary);
  if (process.env.CI === 'true')
    throw new Error(
      GIVEN
        ? `No Redis answers at TEST_REDIS_URL=${GIVEN}: the Redis tests must run in CI.`
        : 'No Redis answers at 127.0.0.1:6379 and redis-server is not installed: the Redis tests must run in CI (apt-get install redis-server).',
    );
  return { url: null, stop: async () => {} };
}

function redisServerBinary(): string | undefined {
  const folders = (process.env.PATH ?? '').split(path.delimiter).concat('/usr/bin', '/usr/sbin');
  return folders.map((folder) => path.join(folder, 'redis-server')).find((file) => existsSync(file));
}

/** A redis-server of the run's own that keeps nothing on disk, as the Redis of a deployment's limits need not. */
async function startRedisServer(binary: string): Promise<TestRedis> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'wallet-redis-'));
  await chmod(dir, 0o755);
  const port = await freePort();
  const options = ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no', '--dir', dir];
  const child: ChildProcess = spawn(binary, options, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  await waitUntilListening('redis-server', port, child, () => output);
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
