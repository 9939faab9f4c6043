import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('exposes request count and duration by route pattern and status, and pool usage', async () => {
  await t.app.inject({ method: 'GET', url: '/api/v1/meta' });
  await t.app.inject({ method: 'GET', url: '/api/v1/meta' });
  await t.app.inject({ method: 'GET', url: '/no/such/thing/42' });
  const res = await t.app.inject({ method: 'GET', url: '/metrics' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/text\/plain/);
  expect(res.body).toContain('http_requests_total{method="GET",route="/api/v1/meta",status_code="200"} 2');
  expect(res.body).toMatch(/http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/api\/v1\/meta",status_code="200"\}/);
  // Unknown URLs share one label so a scanner cannot blow up the series count.
  expect(res.body).toContain('route="unmatched",status_code="404"');
  expect(res.body).not.toContain('/no/such/thing/42');
  expect(res.body).toMatch(/db_pool_connections_total \d+/);
  expect(res.body).toMatch(/db_pool_connections_max 5/);
  expect(res.body).toContain('process_resident_memory_bytes');
});
