import { execFileSync } from 'node:child_process';
import { openSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, loggedStrings, type TestApp } from '../../test/app';
import { createLogger, logDestination, redactSecrets, redactUrl } from './logger';

const SECRETS = {
  token: 'tok_live_9f8e7d6c5b4a',
  password: 'Hunter2-correct-horse',
  code: '493817',
  pan: '4242424242424242',
  cvv: '731',
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.app.post('/test/echo', { schema: { body: z.record(z.string(), z.unknown()) } }, async (request) => {
    // A careless handler that logs everything it received: redaction must still hold.
    request.log.info({ body: request.body, headers: request.headers }, 'handler saw the request');
    request.log.warn({ card: { pan: SECRETS.pan, cvv: SECRETS.cvv } }, 'card data in a nested object');
    return { ok: true };
  });
  await t.app.ready();
});
afterAll(() => t.close());

describe('logs', () => {
  it('never contain tokens, passwords, codes or card data, and tag every request line with its id', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/test/echo?token=${SECRETS.token}&page=2`,
      headers: { authorization: `Bearer ${SECRETS.token}`, cookie: `session=${SECRETS.token}`, 'x-request-id': 'req-abcdef123456' },
      payload: { password: SECRETS.password, code: SECRETS.code, nested: { cardNumber: SECRETS.pan, cvv: SECRETS.cvv } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toBe('req-abcdef123456');

    const logged = loggedStrings(t.logs);
    for (const secret of Object.values(SECRETS)) expect(logged.filter((s) => s.includes(secret))).toEqual([]);

    const lines = t.logs.map((l) => JSON.parse(l)).filter((l) => l.requestId === 'req-abcdef123456');
    expect(lines.map((l) => l.msg)).toEqual(
      expect.arrayContaining(['handler saw the request', 'card data in a nested object', 'request completed']),
    );
    const saw = lines.find((l) => l.msg === 'handler saw the request');
    expect(saw.body.password).toBe('[Redacted]');
    expect(saw.headers.authorization).toBe('[Redacted]');
    // One line a request, at its end, with the request's method and URL beside its status.
    expect(lines.filter((l) => l.msg === 'incoming request')).toEqual([]);
    const completed = lines.find((l) => l.msg === 'request completed');
    expect(completed.req).toMatchObject({ method: 'POST', url: '/test/echo?token=%5BRedacted%5D&page=2' });
    expect(completed.res.statusCode).toBe(200);
  });

  it('ignores a request id that does not look like one', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'bad id\nforged line' } });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('redactUrl', () => {
  it('masks secret query values and keeps the rest', () => {
    expect(redactUrl('/a?b=1')).toBe('/a?b=1');
    expect(redactUrl('/reset?email=x%40y.z&resetToken=abc')).toBe('/reset?email=x%40y.z&resetToken=%5BRedacted%5D');
    expect(redactUrl('/reset?token=abc&sig=def')).toBe('/reset?token=%5BRedacted%5D&sig=%5BRedacted%5D');
    expect(redactUrl('/plain')).toBe('/plain');
    expect(redactUrl('/a?limit=20&kind=card')).toBe('/a?limit=20&kind=card');
    // A name escaped or spelt with '+' is read as the server reads it.
    expect(redactUrl('/reset?%74oken=abc')).toBe('/reset?token=%5BRedacted%5D');
    expect(redactUrl('/a?q=a+b')).toBe('/a?q=a+b');
  });
});

describe('redactSecrets', () => {
  it('masks secret names to four levels, in arrays and in any headers object, and copies only what it masks', () => {
    const line = {
      password: 'a',
      order: { card: { cvv: 'b', last4: '4242' }, items: [{ pin: 'c' }] },
      req: { headers: { Authorization: 'Bearer x', accept: 'json' } },
      deep: { a: { b: { c: { token: 'too deep' } } } },
    };
    expect(redactSecrets(line)).toEqual({
      password: '[Redacted]',
      order: { card: { cvv: '[Redacted]', last4: '4242' }, items: [{ pin: '[Redacted]' }] },
      req: { headers: { Authorization: '[Redacted]', accept: 'json' } },
      deep: { a: { b: { c: { token: 'too deep' } } } },
    });
    expect(line.password).toBe('a');
    const clean = { req: { method: 'GET', url: '/x' }, statusCode: 200 };
    expect(redactSecrets(clean)).toBe(clean);
    const error = Object.assign(new Error('boom'), { code: 'E' });
    expect(redactSecrets({ err: error }).err).toBe(error);
  });
});

describe('the log destination', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'wallet-log-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("writes a quiet server's line without being asked to flush", async () => {
    const file = path.join(dir, 'quiet.log');
    const logger = createLogger('info', logDestination(openSync(file, 'w')));
    logger.info({ requestId: 'r-1' }, 'one line, far below a batch');
    await expect
      .poll(async () => readFile(file, 'utf8').catch(() => ''), { timeout: 5000 })
      .toContain('"msg":"one line, far below a batch"');
  });

  it('writes every line, text in any language included, when the process exits right after them', async () => {
    const file = path.join(dir, 'exit.log');
    const lines = Array.from({ length: 2000 }, (_, i) => `提现 출금 出金 ✓ ${i} ${'x'.repeat(i % 300)}`);
    const given = path.join(dir, 'lines.json');
    await writeFile(given, JSON.stringify(lines));
    const script = `
      import { openSync, readFileSync } from 'node:fs';
      import { createLogger, logDestination } from ${JSON.stringify(new URL('./logger.ts', import.meta.url).pathname)};
      const logger = createLogger('info', logDestination(openSync(${JSON.stringify(file)}, 'w')));
      for (const line of JSON.parse(readFileSync(${JSON.stringify(given)}, 'utf8'))) logger.info(line);
      process.exit(3);
    `;
    expect(() => execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: 'pipe' })).toThrow();
    const written = (await readFile(file, 'utf8'))
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line).msg);
    expect(written).toEqual(lines);
  });
});
