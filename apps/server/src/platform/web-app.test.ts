import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { PRODUCTION_ENV } from '../../test/production-env';
import { webAppPolicy } from './web-app';

const BIG_SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 2000 }, (_, i) => `word${i}`))};`;
let dist: string;
let t: TestApp;
beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'wallet-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(path.join(dist, 'assets', 'app-3f2a.js'), 'console.log(1)');
  // As the build leaves a large file: its brotli and gzip copies beside it.
  const big = path.join(dist, 'assets', 'big-9c1d.js');
  await writeFile(big, BIG_SCRIPT);
  await writeFile(`${big}.br`, brotliCompressSync(BIG_SCRIPT));
  await writeFile(`${big}.gz`, gzipSync(BIG_SCRIPT));
  t = await createTestApp({
    env: { ...PRODUCTION_ENV, WEB_DIST_DIR: dist, SMTP_URL: 'smtp://127.0.0.1:1' },
  });
});
afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

it('serves the built web app at / in production, beside the API', async () => {
  const page = await t.app.inject({ method: 'GET', url: '/' });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('<div id="root">');
  expect(page.headers['cache-control']).toBe('no-cache');
  // Nothing from another host: no CDN script on any page, least of all the one with identity photos.
  const policy = String(page.headers['content-security-policy']);
  expect(policy).toContain("default-src 'self'");
  expect(policy).toContain("script-src 'self';");
  expect(policy).not.toMatch(/https?:|\*/);

  const asset = await t.app.inject({ method: 'GET', url: '/assets/app-3f2a.js' });
  expect(asset.headers['cache-control']).toContain('immutable');

  expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  const missing = await t.app.inject({ method: 'GET', url: '/assets/nope.js' });
  expect(missing.statusCode).toBe(404);
  expect(missing.json().error.code).toBe('NOT_FOUND');
});

it('refuses to start in production without a built web app', async () => {
  await expect(
    createTestApp({
      env: { ...PRODUCTION_ENV, WEB_DIST_DIR: path.join(dist, 'missing'), SMTP_URL: 'smtp://127.0.0.1:1' },
    }),
  ).rejects.toThrow(/not built/);
});

it('serves the web app in development only once it is built', async () => {
  const built = await createTestApp({ env: { NODE_ENV: 'development', WEB_DIST_DIR: dist } });
  expect((await built.app.inject({ method: 'GET', url: '/' })).statusCode).toBe(200);
  await built.close();
  const unbuilt = await createTestApp({ env: { NODE_ENV: 'development', WEB_DIST_DIR: path.join(dist, 'missing') } });
  expect((await unbuilt.app.inject({ method: 'GET', url: '/' })).statusCode).toBe(404);
  await unbuilt.close();
});

it('lets the app reach only this site and the API servers a member may pick', () => {
  const policy = webAppPolicy(['https://kr.example.com', 'https://kr.example.com']);
  expect(policy).toContain("connect-src 'self' https://kr.example.com;");
  expect(policy).toContain("frame-ancestors 'none'");
});

it("sends the build's precompressed copies by Accept-Encoding, and compresses large API replies only", async () => {
  const asset = (encoding?: string) =>
    t.app.inject({ method: 'GET', url: '/assets/big-9c1d.js', headers: encoding ? { 'accept-encoding': encoding } : {} });
  const br = await asset('gzip, deflate, br');
  expect(br.headers['content-encoding']).toBe('br');
  expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
  expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_SCRIPT);
  const gz = await asset('gzip');
  expect(gz.headers['content-encoding']).toBe('gzip');
  expect(gunzipSync(gz.rawPayload).toString()).toBe(BIG_SCRIPT);
  const plain = await asset();
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body).toBe(BIG_SCRIPT);

  // The API document is tens of kilobytes: compressed on the way out. A health check is a few bytes: not.
  const document = await t.app.inject({ method: 'GET', url: '/openapi.json', headers: { 'accept-encoding': 'br' } });
  expect(document.headers['content-encoding']).toBe('br');
  expect(JSON.parse(brotliDecompressSync(document.rawPayload).toString()).openapi).toMatch(/^3\./);
  const gzDocument = await t.app.inject({ method: 'GET', url: '/openapi.json', headers: { 'accept-encoding': 'gzip' } });
  expect(gzDocument.headers['content-encoding']).toBe('gzip');
  const health = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'accept-encoding': 'br, gzip' } });
  expect(health.headers['content-encoding']).toBeUndefined();
});

it("keeps a file's Vary on Accept-Encoding beside the Origin a list of origins adds", async () => {
  const listed = await createTestApp({
    env: { ...PRODUCTION_ENV, WEB_DIST_DIR: dist, SMTP_URL: 'smtp://127.0.0.1:1', CORS_ORIGINS: 'https://kr.example.com' },
  });
  const file = await listed.app.inject({ method: 'GET', url: '/assets/big-9c1d.js', headers: { 'accept-encoding': 'br' } });
  expect(file.headers['content-encoding']).toBe('br');
  expect(String(file.headers.vary).toLowerCase().split(/,\s*/)).toEqual(expect.arrayContaining(['origin', 'accept-encoding']));
  await listed.close();
});
