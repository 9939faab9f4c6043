import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Config, type Result } from 'lighthouse';
import { computeMedianRun, filterToValidRuns } from 'lighthouse/core/lib/median-run.js';
import { type BrowserContext, chromium } from 'playwright-core';
import ServiceWorkerAudit from './service-worker-audit';

/**
 * What a Lighthouse run must show, per category. `audits` must each pass (score 1); `minScore` is
 * the category's own score from 0 to 1. Performance and accessibility have a minimum, e.g.
 * { category: 'performance', title: 'Performance', minScore: 0.9 }.
 */
export interface CategoryCheck {
  category: 'pwa' | 'performance' | 'accessibility' | 'best-practices' | 'seo';
  title: string;
  audits?: readonly string[];
  minScore?: number;
}

/** The installable-app checks: a manifest Chrome accepts (with its icons), the service worker, and how it looks installed. */
export const INSTALLABLE: CategoryCheck = {
  category: 'pwa',
  title: 'Installable PWA',
  audits: ['installable-manifest', 'service-worker', 'splash-screen', 'themed-omnibox', 'maskable-icon', 'viewport', 'content-width'],
};

export const DEFAULT_CHECKS: readonly CategoryCheck[] = [INSTALLABLE];

/** The target: every signed-in page audited scores at least 95 for performance and for accessibility. */
export const FAST_AND_ACCESSIBLE: readonly CategoryCheck[] = [
  { category: 'performance', title: 'Performance', minScore: 0.95 },
  { category: 'accessibility', title: 'Accessibility', minScore: 0.95 },
];

/** A localStorage entry the page must find on its first load, e.g. the app's session. */
export interface StorageEntry {
  key: string;
  value: string;
}

export interface RunOptions {
  /** Written on the page's origin before Lighthouse loads it; Lighthouse then keeps storage as it is. */
  localStorage?: readonly StorageEntry[];
  /** Set in that browser too, e.g. the app's session cookie. */
  cookies?: Parameters<BrowserContext['addCookies']>[0];
  /** The public key (base64 SHA-256 of its SPKI) of a certificate the browser trusts, the TLS edge's. */
  trustedKey?: string;
}

export interface AuditOutcome {
  id: string;
  title: string;
  passed: boolean;
  /** The audit's score 0..1, null when not applicable. */
  score: number | null;
  detail: string;
}

export interface CheckOutcome {
  title: string;
  category: string;
  /** The category's score, 0..100. */
  score: number | null;
  /** The least score that passes, 0..100, when the check has one. */
  target: number | null;
  passed: boolean;
  audits: AuditOutcome[];
}

export interface LighthouseOutcome {
  url: string;
  lighthouseVersion: string;
  seconds: number;
  passed: boolean;
  checks: CheckOutcome[];
  /** Every run's performance score, when there was more than one: the judged run is their median. */
  runScores?: number[];
}

export const CHROME_PATH = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function config(checks: readonly CategoryCheck[], keepStorage: boolean): Config {
  return {
    extends: 'lighthouse:default',
    settings: {
      onlyCategories: [...new Set(checks.map((check) => check.category))],
      disableStorageReset: keepStorage,
      // maxWaitForLoad stays at its default: the app's live event stream stays open, so the network
      // never goes quiet and each run waits out Lighthouse's 45 s. With 15 s, three runs in fifteen
      // failed to record the navigation (NO_NAVSTART).
    },
    audits: [{ implementation: ServiceWorkerAudit }],
    categories: { pwa: { title: 'PWA', auditRefs: [{ id: 'service-worker', weight: 1, group: 'pwa-installable' }] } },
  } as Config;
}

function outcomeOf(lhr: Result, check: CategoryCheck): CheckOutcome {
  const category = lhr.categories[check.category];
  const score = category?.score ?? null;
  const audits = (check.audits ?? []).map((id): AuditOutcome => {
    const audit = lhr.audits[id];
    if (!audit) return { id, title: id, passed: false, score: null, detail: 'not run' };
    const details = audit.details as { items?: Array<{ reason?: string }> } | undefined;
    const reasons = (details?.items ?? []).map((item) => item.reason).filter(Boolean);
    return {
      id,
      title: audit.title,
      passed: audit.score === 1,
      score: audit.score,
      detail: [audit.displayValue, audit.explanation, audit.errorMessage, ...reasons].filter(Boolean).join('; '),
    };
  });
  // A failing score lists what cost it points, so the run says what to fix.
  const failing = check.minScore === undefined ? [] : costlyAudits(lhr, check.category);
  const scoreOk = check.minScore === undefined || (score !== null && score >= check.minScore);
  return {
    title: check.title,
    category: check.category,
    score: score === null ? null : Math.round(score * 100),
    target: check.minScore === undefined ? null : Math.round(check.minScore * 100),
    passed: scoreOk && audits.every((a) => a.passed),
    audits: scoreOk ? audits : [...audits, ...failing],
  };
}

/** Audits of a category that did not get full marks, with what they measured: where its points went. */
function costlyAudits(lhr: Result, categoryId: string): AuditOutcome[] {
  const category = lhr.categories[categoryId];
  if (!category) return [];
  return category.auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((audit): audit is NonNullable<typeof audit> => audit !== undefined && audit.score !== null && audit.score < 0.9)
    .map((audit) => ({
      id: audit.id,
      title: audit.title,
      passed: false,
      score: audit.score,
      detail: [audit.displayValue, audit.explanation, ...offenders(audit.details)].filter(Boolean).join('; '),
    }));
}

/** The first few elements or files an audit blames (accessibility: the element's snippet; performance: the URL). */
function offenders(details: unknown, max = 4): string[] {
  const items =
    (details as { items?: Array<{ node?: { snippet?: string; explanation?: string }; url?: string }> } | undefined)?.items ?? [];
  return items
    .slice(0, max)
    .map((item) => (item.node ? `${item.node.snippet ?? ''} ${item.node.explanation?.split('\n')[1] ?? ''}`.trim() : (item.url ?? '')))
    .filter(Boolean);
}

/**
 * Writes `entries` into the localStorage of `url`'s origin in the browser Lighthouse will drive. It
 * opens the origin's /healthz (JSON, not the app), so the HTTP cache stays cold for the audited load.
 */
async function seedStorage(
  port: number,
  url: string,
  entries: readonly StorageEntry[],
  cookies: RunOptions['cookies'] = [],
): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    await context.addCookies(cookies);
    const page = await context.newPage();
    await page.goto(new URL('/healthz', url).href);
    await page.evaluate((list) => {
      for (const entry of list) localStorage.setItem(entry.key, entry.value);
    }, entries);
    await page.close();
  } finally {
    await browser.close();
  }
}

/**
 * Runs Lighthouse 11 against `url` in Debian's Chromium (CHROME_PATH, else /usr/bin/chromium),
 * headless, with Lighthouse's mobile defaults, `runs` times, and judges the median run by `checks`:
 * the run Lighthouse's own computeMedianRun picks (nearest the median first paint and time to
 * interactive), as its guide to variability advises. One run of one build moved by up to ten points
 * on this project's machines, with the host's own speed (its benchmark index) between 1,100 and
 * 1,900. Each run has a browser of its own, so no run finds another's files in the cache.
 */
export async function runLighthouse(
  url: string,
  checks: readonly CategoryCheck[] = DEFAULT_CHECKS,
  options: RunOptions = {},
  runs = 1,
): Promise<LighthouseOutcome> {
  const started = Date.now();
  const reports: Result[] = [];
  // Lighthouse now and then fails to record a load (NO_NAVSTART, NO_FCP): such a run is run again, twice at most.
  let failures = 0;
  while (reports.length < runs) {
    const lhr = await lighthouseOnce(url, checks, options, runs > 1 ? reports.length + 1 : null);
    if (!lhr.runtimeError) reports.push(lhr);
    else if (++failures > 2) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    else console.warn(`Lighthouse could not record ${url} (${lhr.runtimeError.code}); running it again`);
  }
  const valid = filterToValidRuns(reports);
  const lhr = valid.length > 0 ? computeMedianRun(valid) : (reports[0] as Result);
  const outcomes = checks.map((check) => outcomeOf(lhr, check));
  return {
    url,
    lighthouseVersion: lhr.lighthouseVersion,
    seconds: Math.round((Date.now() - started) / 100) / 10,
    passed: outcomes.every((o) => o.passed),
    checks: outcomes,
    runScores: reports.map((report) => Math.round((report.categories.performance?.score ?? 0) * 100)),
  };
}

async function lighthouseOnce(url: string, checks: readonly CategoryCheck[], options: RunOptions, run: number | null): Promise<Result> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--disable-quic',
      ...(options.trustedKey ? [`--ignore-certificate-errors-spki-list=${options.trustedKey}`] : []),
    ],
    logLevel: 'silent',
  });
  try {
    const keepStorage = options.localStorage !== undefined;
    if (options.localStorage) await seedStorage(chrome.port, url, options.localStorage, options.cookies);
    const result = await lighthouse(url, { port: chrome.port, logLevel: 'error', output: 'json' }, config(checks, keepStorage));
    if (!result) throw new Error('Lighthouse returned no result');
    const lhr = result.lhr;
    // LIGHTHOUSE_REPORT_DIR keeps each run's full report (JSON), to see what a score is made of, and
    // its trace (open it in Chrome's DevTools, Performance panel): the unthrottled load Lighthouse's
    // simulation starts from.
    const reports = process.env.LIGHTHOUSE_REPORT_DIR;
    if (reports) {
      await mkdir(reports, { recursive: true });
      const name = path.join(reports, `${url.replace(/[^a-z0-9]+/gi, '-').slice(-60)}${run === null ? '' : `-run${run}`}`);
      await writeFile(`${name}.json`, JSON.stringify(lhr));
      const trace = (result.artifacts as { Trace?: unknown }).Trace;
      if (trace) await writeFile(`${name}.trace.json`, JSON.stringify(trace));
    }
    return lhr;
  } finally {
    chrome.kill();
  }
}

/** The outcome as lines for a terminal: one per check and one per audit. */
export function describeOutcome(outcome: LighthouseOutcome): string[] {
  const runs =
    outcome.runScores && outcome.runScores.length > 1
      ? `, median of ${outcome.runScores.length} runs scoring ${outcome.runScores.join(', ')}`
      : '';
  const lines = [`Lighthouse ${outcome.lighthouseVersion} on ${outcome.url} (${outcome.seconds} s${runs})`];
  for (const check of outcome.checks) {
    const target = check.target === null ? '' : ` (target ${check.target})`;
    lines.push(`${check.passed ? 'PASS' : 'FAIL'} ${check.title}: ${check.category} score ${check.score ?? 'n/a'}${target}`);
    for (const audit of check.audits) {
      lines.push(`  ${audit.passed ? 'ok  ' : 'FAIL'} ${audit.id}: ${audit.title}${audit.detail ? ` (${audit.detail})` : ''}`);
    }
  }
  return lines;
}
