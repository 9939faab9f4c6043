import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('publishes an OpenAPI 3.1 document generated from the route schemas', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
  expect(res.statusCode).toBe(200);
  const doc = res.json();
  expect(doc.openapi).toBe('3.1.0');
  expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/healthz', '/readyz', '/api/v1/meta']));
  const meta = doc.paths['/api/v1/meta'].get.responses['200'].content['application/json'].schema;
  // The reply schema is the contract's zod schema, registered once as a component.
  expect(JSON.stringify(meta)).toContain('#/components/schemas/Meta');
  expect(doc.components.schemas.Meta.properties.currencies.type).toBe('array');
  expect(doc.paths['/metrics']).toBeUndefined();
});

it('serves interactive docs at /docs', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/docs/' });
  expect(res.statusCode).toBe(200);
  expect(res.body).toContain('swagger-ui');
  const index = await t.app.inject({ method: 'GET', url: '/docs/static/swagger-ui-bundle.js' });
  expect(index.statusCode).toBe(200);
});
