import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { benchDatabase } from './bench/database';
import { startServer } from './bench/server';
import { DEFAULT_CHECKS, describeOutcome, runLighthouse } from './lighthouse/audit';

/**
 * `npm run lighthouse`: Lighthouse against the built app as `npm start` serves it (the real server on
 * a fresh database: BENCH_DATABASE_URL, TEST_DATABASE_URL, the local PostgreSQL, else an embedded
 * one), in Debian's Chromium. Prints each check and audit, then one JSON line; exits 1 when a check
 * fails. Builds the web app first when apps/web/dist is missing (LIGHTHOUSE_BUILD=1 always builds).
 */
const ROOT = fileURLToPath(new URL('../', import.meta.url));

async function main() {
  if (process.env.LIGHTHOUSE_BUILD === '1' || !existsSync(`${ROOT}apps/web/dist/index.html`)) {
    execFileSync('npm', ['run', 'build', '-w', '@wallet/web'], { cwd: ROOT, stdio: 'inherit' });
  }
  const database = await benchDatabase();
  try {
    const server = await startServer({
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: database.url,
      APP_SECRET: `lighthouse-${randomBytes(16).toString('hex')}`,
      DEMO_DATA: 'true',
      DEVCHAIN: 'false',
    });
    try {
      const outcome = await runLighthouse(`${server.baseUrl}/`, DEFAULT_CHECKS);
      for (const line of describeOutcome(outcome)) console.info(line);
      console.info(JSON.stringify(outcome));
      if (!outcome.passed) process.exitCode = 1;
    } finally {
      await server.stop();
    }
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
