import { execFileSync } from 'node:child_process';
import { openSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { logDestination } from './log-destination';
import { createLogger } from './logger';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'wallet-log-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

it('writes every line byte for byte, in order, text in any language included, once flushed', async () => {
  const file = path.join(dir, 'server.log');
  const destination = logDestination(openSync(file, 'w'));
  const lines = Array.from({ length: 2000 }, (_, i) => `{"n":${i},"msg":"提现 출금 出金 ✓ ${'x'.repeat(i % 300)}"}\n`);
  for (const line of lines) destination.write(line);
  destination.flushSync();
  expect(await readFile(file, 'utf8')).toBe(lines.join(''));
});

it("writes a quiet server's line without being asked to flush", async () => {
  const file = path.join(dir, 'quiet.log');
  const logger = createLogger('info', logDestination(openSync(file, 'w')));
  logger.info({ requestId: 'r-1' }, 'one line, far below a batch');
  await expect.poll(async () => readFile(file, 'utf8').catch(() => ''), { timeout: 5000 }).toContain('"msg":"one line, far below a batch"');
});

it('writes the lines it holds when the process exits right after them', async () => {
  const file = path.join(dir, 'exit.log');
  const script = `
    import { openSync } from 'node:fs';
    import { logDestination } from ${JSON.stringify(new URL('./log-destination.ts', import.meta.url).pathname)};
    const destination = logDestination(openSync(${JSON.stringify(file)}, 'w'));
    destination.write('{"msg":"last words"}\\n');
    process.exit(3);
  `;
  expect(() => execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: 'pipe' })).toThrow();
  expect(await readFile(file, 'utf8')).toBe('{"msg":"last words"}\n');
});
