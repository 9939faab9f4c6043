import { expect, it } from 'vitest';
import { createTestApp } from '../../test/app';

it('lets the web app of another regional server call this API with a bearer token', async () => {
  const t = await createTestApp();
  const preflight = await t.app.inject({
    method: 'OPTIONS',
    url: '/api/v1/me',
    headers: {
      origin: 'https://hk.example.com',
      'access-control-request-method': 'GET',
      'access-control-request-headers': 'authorization,accept-language',
    },
  });
  expect(preflight.statusCode).toBe(204);
  expect(preflight.headers['access-control-allow-origin']).toBe('*');
  expect(preflight.headers['access-control-allow-headers']).toContain('authorization');
  await t.close();
});

it('answers only the configured origins when a list is given', async () => {
  const t = await createTestApp({ env: { CORS_ORIGINS: 'https://kr.example.com, https://jp.example.com' } });
  const allowed = await t.app.inject({ method: 'GET', url: '/healthz', headers: { origin: 'https://jp.example.com' } });
  expect(allowed.headers['access-control-allow-origin']).toBe('https://jp.example.com');
  const other = await t.app.inject({ method: 'GET', url: '/healthz', headers: { origin: 'https://evil.example.com' } });
  expect(other.headers['access-control-allow-origin']).toBeUndefined();
  await t.close();
});
