import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../apps/server/test/free-port';
import { sized } from './size';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface RunningServer {
  baseUrl: string;
  /** The server process's id: its memory is /proc/<pid>/status (VmRSS). */
  pid: number;
  /** The server's own log (stdout and stderr), kept until stop(). */
  logFile: string;
  /** From spawning the process to its first 200 from /readyz. */
  readyMs: number;
  /** Up to `max` messages the server logged at error level or above. */
  errors(max: number): Promise<string[]>;
  stop(): Promise<void>;
}

/** How the server's code is run: compiled to plain JavaScript as `npm start` runs it, or through tsx as in development. */
export type ServerCode = 'compiled' | 'tsx';

const ENTRY: Record<ServerCode, string[]> = {
  compiled: ['apps/server/dist/main.js'],
  tsx: ['--import', 'tsx', 'apps/server/src/main.ts'],
};

let compiled = false;
/** Compiles the server once per bench process, so a figure always measures the code as it stands. */
function compileServer(): void {
  if (compiled) return;
  execFileSync(process.execPath, ['apps/server/build.mjs'], { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  compiled = true;
}

/**
 * The V8 flags `npm start` gives the server (package.json's start script; node-flags.test.ts keeps the
 * two alike): a young generation of 2 x 32 MB and an old generation grown by a quarter over what is
 * live, which keep one process under 300 MB under the whole-app load (ADR 0020) while scavenges stay
 * few enough for the card decisions' latency (ADR 0006).
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=32', '--heap-growing-percent=25'];

/**
 * The real server as `npm start` runs it (apps/server/dist/main.js, compiled here first, with the
 * same Node flags as the start script: migrations, pg-boss jobs, the app on a listening port) in its
 * own process, with `env` as its whole environment besides PATH and HOME (so nothing from the
 * caller's shell changes it). Its log goes to a file, as a production log goes to its collector, not
 * to the terminal. `code: 'tsx'` runs the TypeScript sources instead, as development does.
 */
export async function startServer(env: Record<string, string>, { code = 'compiled' }: { code?: ServerCode } = {}): Promise<RunningServer> {
  if (code === 'compiled') compileServer();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'wallet-bench-server-'));
  const port = await freePort();
  const logFile = path.join(dir, 'server.log');
  const fd = openSync(logFile, 'w');
  const spawned = performance.now();
  // BENCH_CPU_PROF_DIR: each server writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
  const profile = process.env.BENCH_CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR}`] : [];
  // BENCH_SEMI_SPACE_MB: the young generation to try instead of npm start's (ADR 0006 and 0020).
  const tried = process.env.BENCH_SEMI_SPACE_MB;
  const v8 = tried
    ? [`--max-semi-space-size=${tried}`, ...SERVER_NODE_FLAGS.filter((f) => !f.startsWith('--max-semi-space-size'))]
    : SERVER_NODE_FLAGS;
  // BENCH_NODE_FLAGS: more flags for each server (e.g. --heapsnapshot-signal=SIGUSR2 to look at its heap under load).
  const flags = process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...v8, ...profile, ...flags, ...ENTRY[code]], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? dir,
      DATA_DIR: dir,
      ...env,
      HOST: '127.0.0.1',
      PORT: String(port),
    },
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await stopChild(child);
    await rm(dir, { recursive: true, force: true });
  };
  let readyMs: number;
  try {
    await ready(child, baseUrl);
    readyMs = performance.now() - spawned;
  } catch (error) {
    const log = await readFile(logFile, 'utf8').catch(() => '');
    await stop();
    throw new Error(`the server did not start: ${(error as Error).message}\n${log.slice(-4000)}`);
  }
  return {
    baseUrl,
    pid: child.pid as number,
    logFile,
    readyMs,
    async errors(max) {
      const found: string[] = [];
      for (const line of (await readFile(logFile, 'utf8')).split('\n')) {
        if (found.length >= max) break;
        if (!line.startsWith('{')) {
          if (line.trim()) found.push(line);
          continue;
        }
        try {
          const entry = JSON.parse(line) as { level?: number; msg?: string; err?: { message?: string } };
          if ((entry.level ?? 0) >= 50) found.push(`${entry.msg ?? ''}${entry.err?.message ? `: ${entry.err.message}` : ''}`);
        } catch {
          found.push(line);
        }
      }
      return found;
    },
    stop,
  };
}

/**
 * A smoke run (npm test) shares the machine with every other test: there a start may take longer,
 * and how long it takes is not what it checks.
 */
const READY_WITHIN_MS = sized(60_000, 240_000);

async function ready(child: ChildProcess, baseUrl: string) {
  const deadline = Date.now() + READY_WITHIN_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`it exited with ${child.exitCode}`);
    const status = await fetch(`${baseUrl}/readyz`).then(
      (res) => res.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`not ready after ${READY_WITHIN_MS / 1000} s`);
}

/** SIGTERM, as a deployment stops it (requests in flight finish); SIGKILL if it has not exited in 30 s. */
async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  await exited;
  clearTimeout(timer);
}

/** A process's resident memory, from /proc/<pid>/status. */
export function processRssKb(pid: number): number {
  const line = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!line) throw new Error(`no VmRSS for process ${pid}`);
  return Number(line[1]);
}
