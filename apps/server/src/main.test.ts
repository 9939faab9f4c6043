import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/free-port';

const MAIN = new URL('./main.ts', import.meta.url).pathname;

function startServer(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...process.env, DATABASE_URL: '', NODE_ENV: 'development', WEB_DIST_DIR: '/nonexistent', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  return { child, output: () => output };
}

async function waitForReady(port: number, child: ChildProcess, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const res = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null);
    if (res?.status === 200) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server not ready in time');
}

function postgresProcessesFor(dataDir: string): string[] {
  const out = execFileSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' });
  return out.split('\n').filter((line) => line.includes(dataDir) && !line.includes('ps -eo'));
}

describe('the server process with an embedded PostgreSQL', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'wallet-main-'));
    await chmod(dataDir, 0o755);
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('starts, stops on SIGTERM leaving no PostgreSQL behind, and restarts on the same data', async () => {
    const env = {
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(await freePort()),
      PORT: String(await freePort()),
      // The local chain starts too (development), on a port of its own.
      DEVCHAIN_PORT: String(await freePort()),
    };

    for (const round of ['first start (initialises)', 'second start (reuses the data folder)']) {
      const server = startServer(env);
      await waitForReady(Number(env.PORT), server.child).catch((error) => {
        throw new Error(`${round}: ${error.message}\n${server.output()}`);
      });
      expect(postgresProcessesFor(dataDir).length, round).toBeGreaterThan(0);

      server.child.kill('SIGTERM');
      const [code] = await once(server.child, 'exit');
      expect(code, server.output()).toBe(0);
      expect(server.output()).toContain('"msg":"stopped"');
      expect(postgresProcessesFor(dataDir), round).toEqual([]);
    }
  });

  it('refuses to start with bad configuration and names each bad variable', async () => {
    const server = startServer({ PORT: 'eighty', LOG_LEVEL: 'loud' });
    const [code] = await once(server.child, 'exit');
    expect(code).toBe(1);
    expect(server.output()).toContain('PORT: must be a whole number');
    expect(server.output()).toContain('LOG_LEVEL: must be a pino level');
  });
});
