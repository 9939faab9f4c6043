import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';

const PREFLIGHT = { 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization,accept-language' };

describe('any origin (*)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lets the web app of another regional server call this API with a bearer token', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/me',
      headers: { origin: 'https://hk.example.com', ...PREFLIGHT },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.body).toBe('');
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
    expect(preflight.headers['access-control-allow-methods']).toContain('POST');
    expect(preflight.headers['access-control-allow-headers']).toContain('authorization');
    expect(preflight.headers['access-control-allow-headers']).toContain('idempotency-key');
    expect(preflight.headers['access-control-max-age']).toBe('600');

    const read = await t.app.inject({ method: 'GET', url: '/api/v1/meta', headers: { origin: 'https://hk.example.com' } });
    expect(read.statusCode).toBe(200);
    expect(read.headers['access-control-allow-origin']).toBe('*');
    expect(read.headers['access-control-expose-headers']).toBe('x-request-id, retry-after');
    expect(read.headers.vary).toContain('Origin');
  });

  it('sends no CORS headers to a request that is not cross-origin, and says the reply depends on Origin', async () => {
    const own = await t.app.inject({ method: 'GET', url: '/api/v1/meta' });
    expect(own.statusCode).toBe(200);
    for (const name of ['access-control-allow-origin', 'access-control-expose-headers', 'access-control-allow-credentials'])
      expect(own.headers[name], name).toBeUndefined();
    expect(own.headers.vary).toContain('Origin');
    // Outside the API any page may read the replies, with or without Origin.
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.headers['access-control-allow-origin']).toBe('*');
  });

  it('answers an OPTIONS request that is no preflight as a route it does not have, in the language asked for', async () => {
    const bare = await t.app.inject({ method: 'OPTIONS', url: '/api/v1/me', headers: { 'accept-language': 'ja' } });
    expect(bare.statusCode).toBe(404);
    const { error } = bare.json();
    expect(error.code).toBe('NOT_FOUND');
    expect(error.message).not.toMatch(/[A-Za-z]{4}/);
  });
});

describe('origins listed by name', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { CORS_ORIGINS: 'https://kr.example.com, https://jp.example.com' } });
  });
  afterAll(() => t.close());

  it('answers only the configured origins, with the session cookie allowed', async () => {
    const allowed = await t.app.inject({ method: 'GET', url: '/healthz', headers: { origin: 'https://jp.example.com' } });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://jp.example.com');
    expect(allowed.headers['access-control-allow-credentials']).toBe('true');
    expect(allowed.headers.vary).toContain('Origin');
    const own = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(own.headers.vary).toContain('Origin');
    const other = await t.app.inject({ method: 'GET', url: '/healthz', headers: { origin: 'https://evil.example.com' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    expect(other.headers['access-control-allow-credentials']).toBeUndefined();
    expect(other.headers['access-control-expose-headers']).toBeUndefined();
  });

  it('gives a preflight from another origin nothing that would let the browser send the request', async () => {
    const ok = await t.app.inject({ method: 'OPTIONS', url: '/api/v1/me', headers: { origin: 'https://kr.example.com', ...PREFLIGHT } });
    expect(ok.statusCode).toBe(204);
    expect(ok.headers['access-control-allow-origin']).toBe('https://kr.example.com');
    const evil = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/me',
      headers: { origin: 'https://evil.example.com', ...PREFLIGHT },
    });
    // Answered as a route it does not have: @fastify/cors answers a preflight it handles with its methods and headers.
    expect(evil.statusCode).toBe(404);
    for (const name of [
      'access-control-allow-origin',
      'access-control-allow-methods',
      'access-control-allow-headers',
      'access-control-allow-credentials',
    ])
      expect(evil.headers[name], name).toBeUndefined();
  });
});
