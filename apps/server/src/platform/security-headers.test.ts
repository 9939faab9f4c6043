import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { PRODUCTION_ENV } from '../../test/production-env';

let dist: string;
let t: TestApp;
beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'wallet-headers-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(path.join(dist, 'assets', 'app-3f2a.js'), 'console.log(1)');
  await writeFile(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  t = await createTestApp({ env: { ...PRODUCTION_ENV, WEB_DIST_DIR: dist, SMTP_URL: 'smtp://127.0.0.1:1', TRUST_PROXY: '127.0.0.1' } });
});
afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

function expectCommonHeaders(headers: Record<string, unknown>) {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(String(headers['content-security-policy'])).toContain("frame-ancestors 'none'");
}

/** What a page reads besides the common headers: where its requests may send the referrer, what Flash and Acrobat may load. */
function expectPageHeaders(headers: Record<string, unknown>) {
  expectCommonHeaders(headers);
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['x-permitted-cross-domain-policies']).toBe('none');
}

it('sends the web app with its own policy: this site only, no inline script', async () => {
  const page = await t.app.inject({ method: 'GET', url: '/' });
  expect(page.statusCode).toBe(200);
  expectPageHeaders(page.headers);
  const policy = String(page.headers['content-security-policy']);
  expect(policy).toContain("script-src 'self';");
  expect(policy).not.toContain("'unsafe-eval'");
  expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
});

const DOCUMENT_ONLY = [
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-xss-protection',
];

it('sends API replies, errors included, what acts on JSON: a policy that loads nothing, no framing, no sniffing, no storing', async () => {
  for (const url of ['/api/v1/meta', '/api/v1/me', '/api/v1/no-such-route']) {
    const res = await t.app.inject({ method: 'GET', url });
    expectCommonHeaders(res.headers);
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
    expect(res.headers['cross-origin-resource-policy']).toBe('same-site');
    expect(res.headers['cache-control'], url).toBe('no-store');
    for (const name of [...DOCUMENT_ONLY, 'referrer-policy', 'x-permitted-cross-domain-policies'])
      expect(res.headers[name], name).toBeUndefined();
  }
});

it('sends every page the headers that act on a document, a reply without its own policy the API one', async () => {
  const page = await t.app.inject({ method: 'GET', url: '/' });
  for (const name of DOCUMENT_ONLY) expect(page.headers[name], name).toBeDefined();
  expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
  const health = await t.app.inject({ method: 'GET', url: '/healthz' });
  expect(health.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
});

it("sends the build's scripts and styles only what acts on a file a page loads; the worker keeps the page's policy", async () => {
  const asset = await t.app.inject({ method: 'GET', url: '/assets/app-3f2a.js' });
  expect(asset.statusCode).toBe(200);
  expect(asset.headers['x-content-type-options']).toBe('nosniff');
  expect(asset.headers['cross-origin-resource-policy']).toBe('same-site');
  expect(asset.headers['referrer-policy']).toBe('no-referrer');
  for (const name of [...DOCUMENT_ONLY, 'content-security-policy', 'x-frame-options', 'x-permitted-cross-domain-policies']) {
    expect(asset.headers[name], name).toBeUndefined();
  }
  const worker = await t.app.inject({ method: 'GET', url: '/sw.js' });
  expectPageHeaders(worker.headers);
  expect(String(worker.headers['content-security-policy'])).toContain("script-src 'self';");
});

it('gives the API docs their own policy, with nothing from another host', async () => {
  const docs = await t.app.inject({ method: 'GET', url: '/docs/' });
  expect(docs.statusCode).toBe(200);
  expectPageHeaders(docs.headers);
  const policy = String(docs.headers['content-security-policy']);
  expect(policy).toContain("script-src 'self';");
  expect(policy).not.toMatch(/https?:|validator\.swagger\.io|\*/);
  const init = await t.app.inject({ method: 'GET', url: '/docs/static/swagger-initializer.js' });
  expect(init.body).toContain('validatorUrl');
});

it('sends HSTS in production over HTTPS only', async () => {
  const plain = await t.app.inject({ method: 'GET', url: '/api/v1/meta' });
  expect(plain.headers['strict-transport-security']).toBeUndefined();
  const tls = await t.app.inject({ method: 'GET', url: '/api/v1/meta', headers: { 'x-forwarded-proto': 'https' } });
  expect(tls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
});
