import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { PRODUCTION_ENV } from '../../test/production-env';

const BIG_SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 2000 }, (_, i) => `word${i}`))};`;
let web: string;
let consoleDist: string;
let t: TestApp;

async function fakeBuild(dir: string, marker: string) {
  await mkdir(path.join(dir, 'assets'), { recursive: true });
  await writeFile(path.join(dir, 'index.html'), `<!doctype html><div id="${marker}"></div>`);
}

beforeAll(async () => {
  web = await mkdtemp(path.join(os.tmpdir(), 'wallet-web-'));
  consoleDist = await mkdtemp(path.join(os.tmpdir(), 'wallet-console-'));
  await fakeBuild(web, 'web');
  await fakeBuild(consoleDist, 'console');
  const big = path.join(consoleDist, 'assets', 'ui-7b1e.js');
  await writeFile(big, BIG_SCRIPT);
  await writeFile(`${big}.br`, brotliCompressSync(BIG_SCRIPT));
  await writeFile(`${big}.gz`, gzipSync(BIG_SCRIPT));
  t = await createTestApp({ env: { ...PRODUCTION_ENV, WEB_DIST_DIR: web, CONSOLE_DIST_DIR: consoleDist, SMTP_URL: 'smtp://127.0.0.1:1' } });
});
afterAll(async () => {
  await t.close();
  await rm(web, { recursive: true, force: true });
  await rm(consoleDist, { recursive: true, force: true });
});

it('serves the console at /console/ beside the web app at /, with a policy of its own', async () => {
  const page = await t.app.inject({ method: 'GET', url: '/console/' });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('<div id="console">');
  expect(page.headers['cache-control']).toBe('no-cache');
  const policy = String(page.headers['content-security-policy']);
  // This site only: no script from anywhere else and none inline; antd's run-time styles are inline.
  expect(policy).toContain("default-src 'self'");
  expect(policy).toContain("script-src 'self';");
  expect(policy).toContain("connect-src 'self';");
  expect(policy).toContain("style-src 'self' 'unsafe-inline'");
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).not.toMatch(/https?:|\*|unsafe-eval/);
  expect(page.headers['x-frame-options']).toBe('DENY');

  expect((await t.app.inject({ method: 'GET', url: '/' })).body).toContain('<div id="web">');
  const redirect = await t.app.inject({ method: 'GET', url: '/console' });
  expect(redirect.statusCode).toBe(301);
  expect(redirect.headers.location).toBe('/console/');
});

it("sends the console's hashed assets as immutable, in the encoding the browser takes", async () => {
  const br = await t.app.inject({ method: 'GET', url: '/console/assets/ui-7b1e.js', headers: { 'accept-encoding': 'br' } });
  expect(br.statusCode).toBe(200);
  expect(br.headers['cache-control']).toContain('immutable');
  expect(br.headers['content-encoding']).toBe('br');
  expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
  expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_SCRIPT);
  const missing = await t.app.inject({ method: 'GET', url: '/console/assets/nope.js' });
  expect(missing.statusCode).toBe(404);
  expect(missing.json().error.code).toBe('NOT_FOUND');
});

it('refuses to start in production without a built console, and serves one in development only once built', async () => {
  await expect(
    createTestApp({
      env: { ...PRODUCTION_ENV, WEB_DIST_DIR: web, CONSOLE_DIST_DIR: path.join(consoleDist, 'missing'), SMTP_URL: 'smtp://127.0.0.1:1' },
    }),
  ).rejects.toThrow(/console is not built/);
  const built = await createTestApp({ env: { NODE_ENV: 'development', WEB_DIST_DIR: web, CONSOLE_DIST_DIR: consoleDist } });
  expect((await built.app.inject({ method: 'GET', url: '/console/' })).statusCode).toBe(200);
  await built.close();
  const unbuilt = await createTestApp({
    env: { NODE_ENV: 'development', WEB_DIST_DIR: web, CONSOLE_DIST_DIR: path.join(consoleDist, 'missing') },
  });
  expect((await unbuilt.app.inject({ method: 'GET', url: '/console/' })).statusCode).not.toBe(200);
  await unbuilt.close();
});
