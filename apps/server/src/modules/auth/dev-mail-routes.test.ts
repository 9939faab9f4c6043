import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { requestCode, uniqueEmail } from '../../../test/accounts';
import { createTestApp } from '../../../test/app';
import { PRODUCTION_ENV } from '../../../test/production-env';

it('shows mailed codes on /dev/mail and /api/v1/dev/mail outside production', async () => {
  const t = await createTestApp();
  const email = uniqueEmail('outbox');
  await requestCode(t, email, 'register');
  const page = await t.app.inject({ method: 'GET', url: '/dev/mail' });
  expect(page.headers['content-type']).toContain('text/html');
  expect(page.body).toContain(email);
  const api = await t.app.inject({ method: 'GET', url: `/api/v1/dev/mail?to=${encodeURIComponent(email)}` });
  expect(api.json().messages).toHaveLength(1);
  expect(api.json().messages[0].text).toMatch(/Code: \d{6}/);
  await t.close();
});

it('does not exist in production', async () => {
  const dist = await mkdtemp(path.join(os.tmpdir(), 'wallet-dist-'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html>');
  const t = await createTestApp({
    env: { ...PRODUCTION_ENV, WEB_DIST_DIR: dist, SMTP_URL: 'smtp://127.0.0.1:1' },
  });
  expect((await t.app.inject({ method: 'GET', url: '/dev/mail' })).statusCode).toBe(404);
  expect((await t.app.inject({ method: 'GET', url: '/api/v1/dev/mail' })).statusCode).toBe(404);
  await t.close();
  await rm(dist, { recursive: true, force: true });
});
