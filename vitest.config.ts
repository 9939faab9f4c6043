import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { contractTextsPlugin } from './apps/web/build/contract-texts';
import { firstCataloguePlugin } from './apps/web/build/first-catalogue';

/** The server tests that drive the whole app (createTestApp, or the card world built on it): its API suite. */
const API_SUITE = readdirSync('apps/server/src', { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => `apps/server/src/${file}`)
  .filter((file) => /\b(createTestApp|createCardWorld)\(/.test(readFileSync(file, 'utf8')));

/** The server's tests, against a real PostgreSQL its global setup provides. */
const serverTest = { environment: 'node', testTimeout: 60_000, hookTimeout: 120_000 } as const;

/**
 * One test run for the whole repository, split in projects so each part gets the environment it
 * needs: pure logic, the server against a real PostgreSQL, and the built app in Chromium.
 */
export default defineConfig({
  test: {
    reporters: ['default', './scripts/plain-summary-reporter.ts'],
    // A file per core at least two: vitest's default (cores − 1) runs one file at a time on a 2-core
    // machine, where most server test time is spent waiting on PostgreSQL. Each server file has a
    // database of its own; the browser tests keep to one file at a time (fileParallelism below).
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'], environment: 'node' },
      },
      {
        // The web's language packs import each language's error messages and first-screen texts from these build plugins.
        plugins: [contractTextsPlugin(), firstCataloguePlugin()],
        test: { name: 'web', include: ['apps/web/src/**/*.test.ts', 'apps/web/build/**/*.test.ts'], environment: 'node' },
      },
      {
        // The console's providers: plain functions over fetch, tested without a browser.
        test: { name: 'console', include: ['apps/console/src/**/*.test.ts'], environment: 'node' },
      },
      {
        test: { name: 'scripts', include: ['scripts/**/*.test.ts'], environment: 'node' },
      },
      {
        test: { name: 'sandbox-issuer', include: ['packages/sandbox-issuer/src/**/*.test.ts'], environment: 'node' },
      },
      {
        test: { name: 'sandbox-payout', include: ['packages/sandbox-payout/src/**/*.test.ts'], environment: 'node' },
      },
      {
        test: { name: 'devchain', include: ['packages/devchain/src/**/*.test.ts'], environment: 'node', testTimeout: 60_000 },
      },
      {
        test: {
          ...serverTest,
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts', 'apps/server/test/redis-setup.ts'],
        },
      },
      {
        // The API suite again through Debian's PgBouncer in transaction mode, started by its setup (ADR 0016).
        test: {
          ...serverTest,
          name: 'server-pgbouncer',
          include: API_SUITE,
          globalSetup: ['apps/server/test/pgbouncer-setup.ts', 'apps/server/test/redis-setup.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 180_000,
          // A page opened anew fetches its chunks and replies first: on a busy CI machine that takes
          // longer than expect.poll's default second. A poll still fails when its condition never holds.
          expect: { poll: { timeout: 5_000 } },
          fileParallelism: false,
        },
      },
    ],
  },
});
