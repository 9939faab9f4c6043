import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { PRODUCTION_ENV } from '../../../test/production-env';

/**
 * The installable app's files as the server sends them: the service worker script, the shell and the
 * manifest are revalidated on every load (a new deployment must reach installed apps at once), hashed
 * assets are kept for a year, and the manifest carries its own media type.
 */
let dist: string;
let t: TestApp;
beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'wallet-pwa-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  await writeFile(path.join(dist, 'workbox-2fbc6a65.js'), 'define([], () => {})');
  await writeFile(path.join(dist, 'manifest.webmanifest'), '{"name":"SBC Wallet"}');
  await writeFile(path.join(dist, 'licenses.json'), '[]');
  await writeFile(path.join(dist, 'assets', 'index-3f2a.js'), 'console.log(1)');
  t = await createTestApp({ env: { ...PRODUCTION_ENV, WEB_DIST_DIR: dist } });
});
afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

it('revalidates the service worker, the shell, the manifest and the licence list on every load', async () => {
  for (const url of ['/', '/index.html', '/sw.js', '/workbox-2fbc6a65.js', '/manifest.webmanifest', '/licenses.json']) {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, url).toBe(200);
    expect(res.headers['cache-control'], url).toBe('no-cache');
  }
});

it('serves the worker as JavaScript and the manifest as a web manifest', async () => {
  expect((await t.app.inject({ method: 'GET', url: '/sw.js' })).headers['content-type']).toMatch(/^(text|application)\/javascript/);
  expect((await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' })).headers['content-type']).toMatch(
    /^application\/manifest\+json/,
  );
});

it('keeps hashed assets for a year', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/assets/index-3f2a.js' });
  expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
});
