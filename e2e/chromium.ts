import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Page, type Request } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Browser tests drive Debian's Chromium. When it is missing and we are root, install it with apt;
 * otherwise stop with the command that would.
 */
export function ensureChromium(): void {
  const missing = [...(existsSync(CHROMIUM) ? [] : ['chromium']), ...(hasJapaneseFont() ? [] : ['fonts-noto-cjk'])];
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    throw new Error(`Missing for the browser tests: ${missing.join(', ')}. Install with: sudo apt-get install -y ${missing.join(' ')}.`);
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env });
  if (!existsSync(CHROMIUM)) throw new Error(`apt-get installed chromium but ${CHROMIUM} is still missing`);
}

/**
 * Whether a font with Japanese (and so Chinese and Korean) glyphs is installed: without one, zh, ko
 * and ja screens render boxes, and what the tests measure of their line breaks means nothing.
 */
function hasJapaneseFont(): boolean {
  try {
    return execFileSync('fc-list', [':lang=ja'], { encoding: 'utf8' }).trim() !== '';
  } catch {
    return false;
  }
}

/** The app's live event stream stays open for as long as the page: it is not a request in flight. */
const LONG_LIVED = '/api/v1/me/events';
const traffic = new WeakMap<BrowserContext, { inFlight: number; changedAt: number; foreign: string[] }>();
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * A validation rule's regular expression, or a library's wording of one (zod's "must match pattern",
 * antd-mobile's "does not match the pattern" and its zh/ko/ja versions), shown instead of a sentence.
 * A source string, for the page's own check (watchRawPatterns) and RAW_PATTERN in page-checks.ts.
 */
export const RAW_PATTERN_SOURCE = String.raw`\/\^|\$\/|\bpattern\b|与模式不匹配|與模式不匹配|패턴과 일치|パターン.{0,20}一致`;

/**
 * Every page of a tracked context notes each text it ever shows that looks like a raw pattern (a
 * field message or a toast that is gone by the time a test looks at the page still counts).
 */
async function watchRawPatterns(context: BrowserContext): Promise<void> {
  await context.addInitScript((source) => {
    const pattern = new RegExp(source, 'i');
    const seen: string[] = [];
    (window as unknown as { __rawPatternsSeen: string[] }).__rawPatternsSeen = seen;
    // textContent rather than innerText: no layout on every change. Code and styles are not text shown.
    const skipped = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE']);
    const look = (node: Node) => {
      const element = node.nodeType === Node.TEXT_NODE ? node.parentElement : (node as Element);
      if (!element || skipped.has(element.tagName)) return;
      const text = node.textContent?.trim();
      if (text && pattern.test(text) && !seen.includes(text)) seen.push(text);
    };
    const observer = new MutationObserver((changes) => {
      for (const change of changes) {
        if (change.type === 'characterData') look(change.target);
        for (const node of change.addedNodes) if (node.nodeType === Node.TEXT_NODE || node.nodeType === Node.ELEMENT_NODE) look(node);
      }
    });
    const start = () => observer.observe(document.documentElement, { subtree: true, childList: true, characterData: true });
    if (document.documentElement) start();
    else document.addEventListener('DOMContentLoaded', start, { once: true });
  }, RAW_PATTERN_SOURCE);
}

/** The raw patterns the page has shown since it loaded (see watchRawPatterns). */
export async function rawPatternsSeen(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __rawPatternsSeen?: string[] }).__rawPatternsSeen ?? []);
}

function track(context: BrowserContext): void {
  const state = { inFlight: 0, changedAt: Date.now(), foreign: [] as string[] };
  traffic.set(context, state);
  const counted = (request: Request) => !request.url().includes(LONG_LIVED);
  context.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith('http') && !LOCAL_HOSTS.has(url.hostname)) state.foreign.push(request.url());
    if (!counted(request)) return;
    state.inFlight += 1;
    state.changedAt = Date.now();
  });
  const done = (request: Request) => {
    if (!counted(request)) return;
    state.inFlight = Math.max(0, state.inFlight - 1);
    state.changedAt = Date.now();
  };
  context.on('requestfinished', done);
  context.on('requestfailed', done);
}

/** Requests the page made to any host but this machine: the app must load nothing from third parties. */
export function foreignRequests(page: Page): string[] {
  return traffic.get(page.context())?.foreign ?? [];
}

/**
 * Playwright's 'networkidle' never comes while the live stream is open; this waits until no other
 * request has been in flight for `quietMs`.
 */
export async function waitForQuiet(page: Page, quietMs = 500, timeoutMs = 30_000): Promise<void> {
  await page.waitForLoadState('load');
  const state = traffic.get(page.context());
  if (!state) return page.waitForLoadState('networkidle');
  const deadline = Date.now() + timeoutMs;
  while (state.inFlight > 0 || Date.now() - state.changedAt < quietMs) {
    if (Date.now() > deadline) throw new Error(`${state.inFlight} requests still in flight after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function launchChromium(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  // Every context is tracked, including the one newPage makes for itself. The service worker's
  // precache (the whole build) would slow every fresh context down: tests of the installed app ask for it.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext({ serviceWorkers: 'block', ...options });
    track(context);
    await watchRawPatterns(context);
    return context;
  };
  return browser;
}

type PageOptions = Parameters<Browser['newContext']>[0] & {
  /** Write the session on the first document only: a language switched or a sign-in made in the page survives a reload. */
  firstLoadOnly?: boolean;
};

/** The app's entry in localStorage (apps/web/src/lib/store.ts): language and whether it holds a session. */
export function appState(signedIn: boolean, language = 'en'): string {
  return JSON.stringify({ state: { language, signedIn, serverUrl: '', serverRegion: null }, version: 2 });
}

/**
 * The session cookie a sign-in in the page would have left (ADR 0012), for the hosts tests load the
 * app from. The token is the one the API gave a sign-in without X-Session-Delivery.
 */
export function sessionCookies(token: string) {
  return ['127.0.0.1', 'localhost'].map((domain) => ({
    name: 'sbc_session',
    value: token,
    domain,
    path: '/api',
    httpOnly: true,
    sameSite: 'Strict' as const,
  }));
}

/** A phone-sized page (390x844) that opens signed in as `token` (signed out if null), in `language`: the session the app keeps. */
export async function signedInPage(
  browser: Browser,
  token: string | null,
  language = 'en',
  { firstLoadOnly = false, ...options }: PageOptions = {},
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, ...options });
  if (token) await context.addCookies(sessionCookies(token));
  await context.addInitScript(
    ([state, once]) => {
      if (once && localStorage.getItem('sbc-wallet') !== null) return;
      localStorage.setItem('sbc-wallet', state);
    },
    [appState(token !== null, language), firstLoadOnly] as const,
  );
  return context.newPage();
}

/** Where a run keeps screenshots of the screens it checks, when it asks for them (E2E_SCREENSHOTS=<dir>). */
export const SCREENSHOTS = process.env.E2E_SCREENSHOTS;

/**
 * A signed-in phone page whose thrown errors are collected in `errors`, for a test to expect none;
 * drawn at a phone's two pixels a point when the run keeps screenshots.
 */
export async function watchedPhone(
  browser: Browser,
  token: string,
  language: string,
  options: PageOptions = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const page = await signedInPage(browser, token, language, { deviceScaleFactor: SCREENSHOTS ? 2 : 1, ...options });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context: page.context(), page, errors };
}
