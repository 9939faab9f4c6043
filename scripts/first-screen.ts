import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { launchChromium, signedInPage, waitForQuiet } from '../e2e/chromium';
import { benchDatabase } from './bench/database';
import { startServer } from './bench/server';
import { demoToken } from './lighthouse/demo-member';

/**
 * The first screen's weight (ADR 0022): home opened signed in, in headless Chromium, against the
 * built app served by the real server. Every JS and CSS file asked for before home's balances are
 * painted is gzipped at level 9 (what a precompressed .gz copy weighs, whether or not the server sent
 * one) and summed; what loads after that paint (the pop-up's dialog and its Markdown renderer) is
 * printed apart, as it does not hold up the first screen,
 * beside the same figure for the whole build's JS and CSS (the baseline: what a page that loaded
 * everything would cost), measured in the same run. The target is 150 KB.
 *
 * `npm run first-screen` runs it alone and the bench with the rest; both build the web app first
 * when apps/web/dist is missing or older than its sources (ensureWebBuild).
 */
const ROOT = fileURLToPath(new URL('../', import.meta.url));
/** FIRST_SCREEN_DIST measures another build (an older one, for a before/after): the server serves it. */
const DIST = process.env.FIRST_SCREEN_DIST ? path.resolve(process.env.FIRST_SCREEN_DIST) : path.join(ROOT, 'apps/web/dist');
export const FIRST_SCREEN_TARGET_KB = 150;
const CODE = /\.(js|mjs|css)$/;

export interface FirstScreenFile {
  url: string;
  kind: 'js' | 'css';
  gzipBytes: number;
  /** The body's bytes on the wire (compressed if the server compressed it). */
  transferBytes: number;
  encoding: string;
}

export interface FirstScreenFigures {
  firstScreenKb: number;
  firstScreenFiles: number;
  firstScreenJsKb: number;
  firstScreenCssKb: number;
  /** What the browser actually received for those files (after the server's own compression). */
  firstScreenTransferKb: number;
  buildKb: number;
  buildFiles: number;
  targetKb: number;
  files: FirstScreenFile[];
  /** JS and CSS asked for after the first screen was painted (the home pop-up's dialog). */
  afterKb: number;
  after: FirstScreenFile[];
}

/** Set on the page: when the frame that shows home's balances was about to be painted (performance.now()). */
const PAINTED_AT = '__firstScreenPaintedAt';

const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;
const gzipBytes = (body: Buffer) => gzipSync(body, { level: 9 }).length;

/** The whole build's JS and CSS, gzipped file by file (the .br/.gz copies beside them are not counted twice). */
export async function buildWeight(dist = DIST): Promise<{ bytes: number; files: number }> {
  const names = (await readdir(dist, { recursive: true })).map(String).filter((name) => CODE.test(name));
  let bytes = 0;
  for (const name of names) bytes += gzipBytes(await readFile(path.join(dist, name)));
  return { bytes, files: names.length };
}

/**
 * Opens `${baseUrl}/` as the member whose session is `token` on a phone-sized page, waits until the
 * balances are drawn and no request is in flight, and weighs every JS and CSS response on the way.
 */
export async function firstScreenFigures(baseUrl: string, token: string, dist = DIST): Promise<FirstScreenFigures> {
  const browser = await launchChromium();
  try {
    const page = await signedInPage(browser, token, 'en');
    const pending: Array<Promise<FirstScreenFile | null>> = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      const kind: FirstScreenFile['kind'] | null = url.pathname.endsWith('.css') ? 'css' : /\.m?js$/.test(url.pathname) ? 'js' : null;
      if (!kind || url.origin !== baseUrl) return;
      pending.push(
        (async () => {
          const body = await response.body();
          const sizes = await response.request().sizes();
          return {
            url: url.pathname,
            kind,
            gzipBytes: gzipBytes(body),
            transferBytes: sizes.responseBodySize,
            encoding: (await response.headerValue('content-encoding')) ?? 'identity',
          };
        })().catch(() => null),
      );
    });
    await page.addInitScript((key) => {
      const seen = new MutationObserver(() => {
        if (!document.querySelector('[data-testid="home-total-amount"]')) return;
        seen.disconnect();
        requestAnimationFrame(() => {
          (window as unknown as Record<string, number>)[key] = performance.now();
        });
      });
      seen.observe(document, { childList: true, subtree: true });
    }, PAINTED_AT);
    await page.goto(`${baseUrl}/`);
    await page.getByTestId('home-total-amount').waitFor({ timeout: 60_000 });
    await waitForQuiet(page, 1_000);
    const askedBeforePaint = new Set(
      await page.evaluate((key) => {
        const paintedAt = (window as unknown as Record<string, number>)[key] ?? Number.POSITIVE_INFINITY;
        return performance
          .getEntriesByType('resource')
          .filter((entry) => entry.startTime <= paintedAt)
          .map((entry) => new URL(entry.name).pathname);
      }, PAINTED_AT),
    );
    const loaded = (await Promise.all(pending)).filter((file): file is FirstScreenFile => file !== null);
    const files = loaded.filter((file) => askedBeforePaint.has(file.url));
    const after = loaded.filter((file) => !askedBeforePaint.has(file.url));
    const build = await buildWeight(dist);
    const sum = (list: FirstScreenFile[], key: 'gzipBytes' | 'transferBytes') => list.reduce((total, file) => total + file[key], 0);
    return {
      firstScreenKb: kb(sum(files, 'gzipBytes')),
      firstScreenFiles: files.length,
      firstScreenJsKb: kb(
        sum(
          files.filter((file) => file.kind === 'js'),
          'gzipBytes',
        ),
      ),
      firstScreenCssKb: kb(
        sum(
          files.filter((file) => file.kind === 'css'),
          'gzipBytes',
        ),
      ),
      firstScreenTransferKb: kb(sum(files, 'transferBytes')),
      buildKb: kb(build.bytes),
      buildFiles: build.files,
      targetKb: FIRST_SCREEN_TARGET_KB,
      files: files.sort((a, b) => b.gzipBytes - a.gzipBytes),
      afterKb: kb(sum(after, 'gzipBytes')),
      after: after.sort((a, b) => b.gzipBytes - a.gzipBytes),
    };
  } finally {
    await browser.close();
  }
}

/** The figures as lines for a terminal, the largest files first. */
export function describeFirstScreen(figures: FirstScreenFigures, largest = 10): string[] {
  const share = figures.buildKb > 0 ? Math.round((figures.firstScreenKb / figures.buildKb) * 1000) / 10 : 0;
  const verdict = figures.firstScreenKb <= figures.targetKb ? 'within' : 'OVER';
  const encodings = [...new Set(figures.files.map((file) => file.encoding))].join(', ');
  return [
    `first screen of / signed in: ${figures.firstScreenKb} KB gzipped JS+CSS in ${figures.firstScreenFiles} files ` +
      `(JS ${figures.firstScreenJsKb} KB, CSS ${figures.firstScreenCssKb} KB): ${verdict} the target of ${figures.targetKb} KB`,
    `  baseline, the whole build's JS+CSS: ${figures.buildKb} KB gzipped in ${figures.buildFiles} files ` +
      `(the first screen loads ${share} % of it)`,
    `  on the wire: ${figures.firstScreenTransferKb} KB as the server sent them (${encodings || 'nothing'})`,
    ...figures.files.slice(0, largest).map((file) => `    ${kb(file.gzipBytes)} KB  ${file.url}`),
    `  after the first screen was painted: ${figures.afterKb} KB in ${figures.after.length} files (the home pop-up's dialog, when there is one)`,
    ...figures.after.slice(0, largest).map((file) => `    ${kb(file.gzipBytes)} KB  ${file.url}`),
  ];
}

/** Alone: a fresh database, the real server with its demo data, the demo member signed in. */
/** The first screen measured on the real server (demo data seeded into `databaseUrl`), serving the build in `dist`. */
export async function firstScreenOnServer(databaseUrl: string, dist = DIST): Promise<FirstScreenFigures> {
  const server = await startServer({
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    APP_SECRET: `first-screen-${randomBytes(16).toString('hex')}`,
    DEMO_DATA: 'true',
    DEVCHAIN: 'false',
    WEB_DIST_DIR: dist,
  });
  try {
    return await firstScreenFigures(server.baseUrl, await demoToken(server.baseUrl), dist);
  } finally {
    await server.stop();
  }
}

/** What the web build is made from: the app and the contract package it imports as source. */
const WEB_SOURCES = ['apps/web', 'packages/contract/src'].map((dir) => path.join(ROOT, dir));
const NOT_SOURCES = new Set(['node_modules', 'dist']);

function newestModified(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (NOT_SOURCES.has(entry.name)) continue;
    const file = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestModified(file) : statSync(file).mtimeMs);
  }
  return newest;
}

/**
 * Builds the web app (`npm run build -w @wallet/web`) when apps/web/dist is missing or older than a
 * source of it, or when FIRST_SCREEN_BUILD=1, so a figure always measures the app as it stands: on a
 * clean clone nothing else builds it. FIRST_SCREEN_DIST (another build, measured as it is) is never rebuilt.
 */
export function ensureWebBuild(): void {
  if (process.env.FIRST_SCREEN_DIST) return;
  const built = path.join(DIST, 'index.html');
  const stale =
    process.env.FIRST_SCREEN_BUILD === '1' || !existsSync(built) || Math.max(...WEB_SOURCES.map(newestModified)) > statSync(built).mtimeMs;
  // The build's own output goes to stderr: stdout carries the figures.
  if (stale) execFileSync('npm', ['run', 'build', '-w', '@wallet/web'], { cwd: ROOT, stdio: ['ignore', 2, 'inherit'] });
}

async function main() {
  ensureWebBuild();
  const database = await benchDatabase();
  try {
    const figures = await firstScreenOnServer(database.url);
    for (const line of describeFirstScreen(figures, Number(process.env.FIRST_SCREEN_LIST ?? 10))) console.info(line);
    const { files: _files, after: _after, ...summary } = figures;
    console.info(JSON.stringify(summary));
    if (figures.firstScreenKb > figures.targetKb) process.exitCode = 1;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
