import { metaReplySchema, readyReplySchema } from '@wallet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { migrateToLatest } from '../../platform/db/migrate';

describe('with a migrated database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { API_SERVERS: '{"KR":"https://kr.example.com"}' } });
  });
  afterAll(() => t.close());

  it('GET /healthz says the process is alive', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz is ready', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(readyReplySchema.parse(res.json())).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok' } });
  });

  it('GET /api/v1/meta describes currencies, networks, languages and servers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/meta' });
    const meta = metaReplySchema.parse(res.json());
    expect(meta.appVersion).toBe('1.50');
    expect(meta.languages).toEqual(['zh', 'en', 'ko', 'ja']);
    expect(meta.currencies.find((c) => c.code === 'USDT')).toEqual({ code: 'USDT', precision: 6, display: 2, kind: 'crypto' });
    expect(meta.currencies.map((c) => c.code)).toHaveLength(11);
    expect(meta.networks.filter((n) => n.bindable).map((n) => n.code)).toEqual(['TRON', 'BSC']);
    expect(meta.servers).toEqual([
      { region: 'KR', baseUrl: 'https://kr.example.com' },
      { region: 'HK', baseUrl: '' },
      { region: 'JP', baseUrl: '' },
      { region: 'TW', baseUrl: '' },
    ]);
    expect(meta.devMailbox).toBe(true);
  });
});

describe('before migrations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ migrate: false });
  });
  afterAll(() => t.close());

  it('GET /readyz answers 503 until every migration is applied', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(before.statusCode).toBe(503);
    expect(before.json()).toEqual({ status: 'not_ready', checks: { database: 'ok', migrations: 'pending' } });
    await migrateToLatest(t.database.handle.db);
    const after = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(after.statusCode).toBe(200);
  });
});

describe('with the database gone', () => {
  it('GET /readyz answers 503 database unreachable, /healthz still 200', async () => {
    const t = await createTestApp();
    await t.database.handle.pool.end();
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json().checks.database).toBe('unreachable');
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    await t.app.close();
    await t.database.drop().catch(() => {});
  });
});
