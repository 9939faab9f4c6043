import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { appState, sessionCookies } from '../e2e/chromium';
import { benchDatabase } from './bench/database';
import { startServer } from './bench/server';
import { type Service, startService } from './bench/service';
import { DEFAULT_CHECKS, describeOutcome, FAST_AND_ACCESSIBLE, type LighthouseOutcome, runLighthouse } from './lighthouse/audit';
import { APP_STORAGE_KEY, demoCardId, demoToken } from './lighthouse/demo-member';
import { edgeCertificate } from './lighthouse/edge-certificate';
import type { TlsEdgeInput } from './lighthouse/tls-edge';

/**
 * `npm run lighthouse`: Lighthouse against the built app as `npm start` serves it (the real server on
 * a fresh database: BENCH_DATABASE_URL, TEST_DATABASE_URL, the local PostgreSQL, else an embedded
 * one), in Debian's Chromium. Prints each check and audit, then one JSON line; exits 1 when a check
 * fails. Builds the web app first when apps/web/dist is missing (LIGHTHOUSE_BUILD=1 always builds).
 *
 * Signed out, home must be an installable app; signed in as the demo member, home, the records and a
 * card's detail page must each score at least 95 for performance and for accessibility (ADR 0018).
 * LIGHTHOUSE_PAGES=home,records,card picks some of the signed-in pages; LIGHTHOUSE_PAGES=none skips them.
 * LIGHTHOUSE_REPORT_DIR keeps each full report; LIGHTHOUSE_DIST audits another build with this server.
 * Each signed-in page is audited LIGHTHOUSE_RUNS times (3) and judged by the median run.
 *
 * The browser loads the app over HTTPS with HTTP/2 from an edge in front of the server
 * (lighthouse/tls-edge.ts), as a phone reaches a deployment; LIGHTHOUSE_TRANSPORT=http1 audits the
 * server's own plain HTTP/1.1 instead, to compare.
 */
const SIGNED_IN_PAGES: ReadonlyArray<{ name: string; hash: (cardId: string) => string }> = [
  { name: 'home', hash: () => '#/' },
  { name: 'records', hash: () => '#/pages/recordsSun/index' },
  { name: 'card', hash: (cardId) => `#/pages/cardBasic/index?id=${encodeURIComponent(cardId)}` },
];
const ROOT = fileURLToPath(new URL('../', import.meta.url));
/** Lighthouse runs per signed-in page, the median judged (LIGHTHOUSE_RUNS). */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

async function main() {
  if (!Number.isInteger(RUNS) || RUNS < 1)
    throw new Error(`LIGHTHOUSE_RUNS must be a whole number of runs, not ${process.env.LIGHTHOUSE_RUNS}`);
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
      // The edge names the client and the scheme, as a deployment's proxy does.
      TRUST_PROXY: 'loopback',
      // LIGHTHOUSE_DIST audits another build (an older one, for a before/after) with this server.
      ...(process.env.LIGHTHOUSE_DIST ? { WEB_DIST_DIR: process.env.LIGHTHOUSE_DIST } : {}),
    });
    let edge: Service | null = null;
    try {
      const certificate = process.env.LIGHTHOUSE_TRANSPORT === 'http1' ? null : await edgeCertificate();
      if (certificate) {
        edge = await startService('../lighthouse/tls-edge.ts', { upstream: server.baseUrl, ...certificate } satisfies TlsEdgeInput);
      }
      const origin = edge ? `https://127.0.0.1:${edge.port}` : server.baseUrl;
      const browser = { trustedKey: certificate?.spki };
      console.info(
        edge ? 'transport: HTTPS with HTTP/2, through an edge in front of the server' : 'transport: the server itself, plain HTTP/1.1',
      );
      const outcomes: LighthouseOutcome[] = [await runLighthouse(`${origin}/`, DEFAULT_CHECKS, browser)];
      for (const line of describeOutcome(outcomes[0] as LighthouseOutcome)) console.info(line);
      const wanted = (process.env.LIGHTHOUSE_PAGES ?? SIGNED_IN_PAGES.map((p) => p.name).join(',')).split(',');
      const pages = SIGNED_IN_PAGES.filter((p) => wanted.includes(p.name));
      if (pages.length > 0) {
        const token = await demoToken(server.baseUrl);
        const cardId = pages.some((p) => p.name === 'card') ? await demoCardId(server.baseUrl, token) : '';
        const session = [{ key: APP_STORAGE_KEY, value: appState(true) }];
        for (const signedIn of pages) {
          const outcome = await runLighthouse(
            `${origin}/${signedIn.hash(cardId)}`,
            FAST_AND_ACCESSIBLE,
            { ...browser, localStorage: session, cookies: sessionCookies(token) },
            RUNS,
          );
          console.info(`signed in, ${signedIn.name}:`);
          for (const line of describeOutcome(outcome)) console.info(line);
          outcomes.push(outcome);
        }
      }
      console.info(JSON.stringify(outcomes));
      if (!outcomes.every((outcome) => outcome.passed)) process.exitCode = 1;
    } finally {
      await edge?.stop();
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
