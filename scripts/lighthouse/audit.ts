import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Config, type Result } from 'lighthouse';
import ServiceWorkerAudit from './service-worker-audit';

/**
 * What a Lighthouse run must show, per category. `audits` must each pass (score 1); `minScore` is
 * the category's own score from 0 to 1. Issue 16 adds performance and accessibility here, e.g.
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
  passed: boolean;
  audits: AuditOutcome[];
}

export interface LighthouseOutcome {
  url: string;
  lighthouseVersion: string;
  seconds: number;
  passed: boolean;
  checks: CheckOutcome[];
}

export const CHROME_PATH = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function config(checks: readonly CategoryCheck[]): Config {
  return {
    extends: 'lighthouse:default',
    settings: { onlyCategories: [...new Set(checks.map((check) => check.category))] },
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
  const scoreOk = check.minScore === undefined || (score !== null && score >= check.minScore);
  return {
    title: check.title,
    category: check.category,
    score: score === null ? null : Math.round(score * 100),
    passed: scoreOk && audits.every((a) => a.passed),
    audits,
  };
}

/**
 * Runs Lighthouse 11 against `url` in Debian's Chromium (CHROME_PATH, else /usr/bin/chromium),
 * headless, with Lighthouse's mobile defaults, and judges the result by `checks`.
 */
export async function runLighthouse(url: string, checks: readonly CategoryCheck[] = DEFAULT_CHECKS): Promise<LighthouseOutcome> {
  const started = Date.now();
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-quic'],
    logLevel: 'silent',
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, logLevel: 'error', output: 'json' }, config(checks));
    if (!result) throw new Error('Lighthouse returned no result');
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const outcomes = checks.map((check) => outcomeOf(lhr, check));
    return {
      url,
      lighthouseVersion: lhr.lighthouseVersion,
      seconds: Math.round((Date.now() - started) / 100) / 10,
      passed: outcomes.every((o) => o.passed),
      checks: outcomes,
    };
  } finally {
    chrome.kill();
  }
}

/** The outcome as lines for a terminal: one per check and one per audit. */
export function describeOutcome(outcome: LighthouseOutcome): string[] {
  const lines = [`Lighthouse ${outcome.lighthouseVersion} on ${outcome.url} (${outcome.seconds} s)`];
  for (const check of outcome.checks) {
    lines.push(`${check.passed ? 'PASS' : 'FAIL'} ${check.title}: ${check.category} score ${check.score ?? 'n/a'}`);
    for (const audit of check.audits) {
      lines.push(`  ${audit.passed ? 'ok  ' : 'FAIL'} ${audit.id}: ${audit.title}${audit.detail ? ` (${audit.detail})` : ''}`);
    }
  }
  return lines;
}
