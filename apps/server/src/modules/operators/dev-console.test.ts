import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { createTestApp } from '../../../test/app';
import { PRODUCTION_ENV } from '../../../test/production-env';

it('has no /dev/console page in production', async () => {
  const dist = await mkdtemp(path.join(os.tmpdir(), 'wallet-dist-'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html>');
  const t = await createTestApp({ env: { ...PRODUCTION_ENV, WEB_DIST_DIR: dist, SMTP_URL: 'smtp://127.0.0.1:1' } });
  try {
    const page = await t.app.inject({ method: 'GET', url: '/dev/console' });
    expect(page.statusCode).toBe(404);
    expect(page.body).not.toContain('development-only');
  } finally {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  }
});
