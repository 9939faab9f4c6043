import { type ChildProcess, execFileSync, spawn } from 'node:child_process';

const MAIN = new URL('../src/main.ts', import.meta.url).pathname;

export interface ServerProcess {
  child: ChildProcess;
  output: () => string;
}

/** apps/server/src/main.ts in a process of its own (through tsx), as `npm run dev` runs it, with its output kept. */
export function startServer(env: Record<string, string>): ServerProcess {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...process.env, DATABASE_URL: '', NODE_ENV: 'development', WEB_DIST_DIR: '/nonexistent', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  return { child, output: () => output };
}

export async function waitForReady(port: number, child: ChildProcess, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const res = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null);
    if (res?.status === 200) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server not ready in time');
}

/** Every process whose command line names `text` (a data folder, a watchdog's name): "pid args" lines. */
export function processesNaming(text: string): string[] {
  const out = execFileSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' });
  return out
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.includes(text) && !line.includes('ps -eo'));
}
