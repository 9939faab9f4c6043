import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { APP_VERSION, type AppReleaseCheckReply, appReleaseCheckReplySchema, LANGUAGES, type Language } from '@wallet/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_RELEASE_NOTES } from '../apps/server/src/modules/demo/app-release-content';
import { DEFAULT_CHECKS, describeOutcome, runLighthouse } from '../scripts/lighthouse/audit';
import { appState, launchChromium, sessionCookies } from './chromium';
import { newEmail, newTronAddress, registerByApi } from './http';
import { expectCleanPage, expectNothingCutOff, RAW_KEY } from './page-checks';

/**
 * The installable app: the update check answers without login; the version, update, download and
 * about pages open in every language with nothing untranslated or cut off; the service worker
 * registers, the app opens offline and says so, a new deployment is offered and applied; and
 * Lighthouse finds the app installable.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
// The build the server serves (global-setup passes WEB_DIST_DIR through to it).
const SW_FILE = path.join(process.env.WEB_DIST_DIR ?? path.join(ROOT, 'apps/web/dist'), 'sw.js');

/** Puts a service worker in the build as a deployment does: the script and the brotli and gzip copies the server sends. */
async function deployWorker(script: Buffer): Promise<void> {
  await writeFile(SW_FILE, script);
  await writeFile(`${SW_FILE}.br`, brotliCompressSync(script));
  await writeFile(`${SW_FILE}.gz`, gzipSync(script));
}
const SCREENSHOTS = process.env.E2E_SCREENSHOTS;
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 };
const ANDROID_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const ANDROID = { url: 'https://downloads.example.com/sbc-wallet-1.50.apk', sha256: 'c0ffee'.padEnd(64, '0'), size: 23_456_789 };

let browser: Browser;
const baseUrl = () => inject('baseUrl');

beforeAll(async () => {
  browser = await launchChromium();
  if (SCREENSHOTS) await mkdir(SCREENSHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

async function shot(page: Page, name: string) {
  if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** Opens `route` in `language` (as the app stores it), signed in with `token` when given. */
async function open(page: Page, route: string, language: Language, token: string | null = null) {
  await page.goto(`${baseUrl()}/#${route}`);
  if (token) await page.context().addCookies(sessionCookies(token));
  await page.evaluate(([key, state]) => localStorage.setItem(key, state), ['sbc-wallet', appState(token !== null, language)] as const);
  await page.reload();
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(language);
}

describe('the update check', () => {
  it('answers without login, with the release notes in the language asked for', async () => {
    for (const language of LANGUAGES) {
      const res = await fetch(`${baseUrl()}/api/v1/app/release?version=${APP_VERSION}`, { headers: { 'accept-language': language } });
      expect(res.status).toBe(200);
      const check = appReleaseCheckReplySchema.parse(await res.json());
      expect(check).toMatchObject({ currentVersion: APP_VERSION, updateAvailable: false, updateRequired: false });
      expect(check.latest).toMatchObject({ version: APP_VERSION, notes: DEMO_RELEASE_NOTES[language], notesLanguage: language });
    }
  });

  it('serves the manifest, its PNG icons and the worker as an installable app needs them', async () => {
    const manifestRes = await fetch(`${baseUrl()}/manifest.webmanifest`);
    expect(manifestRes.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const manifest = (await manifestRes.json()) as {
      display: string;
      start_url: string;
      icons: Array<{ src: string; sizes: string; purpose: string }>;
    };
    expect(manifest).toMatchObject({ display: 'standalone', start_url: './' });
    for (const icon of manifest.icons.filter((i) => i.src.endsWith('.png'))) {
      const png = Buffer.from(await (await fetch(`${baseUrl()}/${icon.src}`)).arrayBuffer());
      // The PNG header gives width and height at bytes 16 and 20.
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
    }
    expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
    const sw = await fetch(`${baseUrl()}/sw.js`);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    const licences = (await (await fetch(`${baseUrl()}/licenses.json`)).json()) as Array<{ name: string; license: string }>;
    expect(licences.map((l) => l.name)).toEqual(expect.arrayContaining(['react', 'antd-mobile', 'workbox-precaching']));
  });
});

describe('the app pages in every language', () => {
  let context: BrowserContext;
  let page: Page;
  let token: string;

  beforeAll(async () => {
    token = await registerByApi(baseUrl(), { email: newEmail('app-install'), network: 'TRON', address: newTronAddress() });
    // No service worker here: its cache is tested below, and page.route must see the API calls.
    context = await browser.newContext({ ...PHONE, serviceWorkers: 'block', userAgent: ANDROID_UA });
    page = await context.newPage();
    // The demo publishes no Android package: the operator's one is played here, on the real reply.
    await page.route('**/api/v1/app/release**', async (route) => {
      const reply = (await (await route.fetch()).json()) as AppReleaseCheckReply;
      await route.fulfill({ json: { ...reply, latest: reply.latest && { ...reply.latest, android: ANDROID } } });
    });
  });
  afterAll(async () => {
    await context?.close();
  });

  for (const language of ['zh', 'en', 'ko', 'ja'] as const) {
    it(`${language}: version, update, download, about and the settings links`, async () => {
      await open(page, '/pages/app_version/index', language);
      await expect.poll(() => page.getByTestId('release-notes').innerText()).toContain(DEMO_RELEASE_NOTES[language].split('\n')[0]);
      expect(await page.getByTestId('app-version').innerText()).toContain(APP_VERSION);
      await expectCleanPage(page, `app_version in ${language}`);
      await shot(page, `app_version-${language}`);

      await page.getByTestId('version-update').click();
      await expect.poll(() => page.getByTestId('update-this-version').innerText()).toBe(APP_VERSION);
      await expect.poll(() => page.getByTestId('update-newest').innerText()).toBe(APP_VERSION);
      await expectCleanPage(page, `appupdate in ${language}`);
      await shot(page, `appupdate-${language}`);

      // An Android phone opens on the package: size, checksum to copy, the Android-only note.
      await page.goto(`${baseUrl()}/#/pages/down/index`);
      await expect.poll(() => page.getByTestId('android-sha256').innerText()).toBe(ANDROID.sha256);
      expect(await page.getByTestId('android-download').getAttribute('href')).toBe(ANDROID.url);
      expect(await page.getByTestId('android-download').innerText()).toContain('22.4 MB');
      await expect.poll(() => page.getByTestId('android-only').isVisible()).toBe(true);
      await expectCleanPage(page, `down (Android) in ${language}`);
      await shot(page, `down-android-${language}`);
      for (const platform of ['ios', 'desktop'] as const) {
        await page.getByTestId(`download-tab-${platform}`).click();
        await expect.poll(() => page.getByTestId(`install-${platform}`).isVisible()).toBe(true);
        await expectCleanPage(page, `down (${platform}) in ${language}`);
        await shot(page, `down-${platform}-${language}`);
      }

      await page.goto(`${baseUrl()}/#/pages/regardsSun/index`);
      await expect.poll(() => page.getByTestId('licence-count').innerText()).toMatch(/\d{2}/);
      await expect.poll(() => page.getByTestId('about-terms').isVisible()).toBe(true);
      await page.getByTestId('licence-list').locator('.adm-list-item').first().click();
      await expect.poll(() => page.getByTestId('licence-list').innerText()).toContain('Permission is hereby granted');
      await expectCleanPage(page, `regardsSun in ${language}`);
      await shot(page, `regardsSun-${language}`);

      // Settings stays the settings screen, with the way to help, support and these pages.
      await open(page, '/pages/manageSun/index', language, token);
      const links = {
        'settings-help': '#/pages/helpcenterSun/index',
        'settings-service': '#/pages/service/index',
        'settings-tickets': '#/pages/workOrder/index',
        'settings-messages': '#/pages/messageSun/index',
        'settings-version': '#/pages/app_version/index',
        'settings-download': '#/pages/down/index',
        'settings-about': '#/pages/regardsSun/index',
      };
      for (const [testId, href] of Object.entries(links)) {
        await expect.poll(() => page.getByTestId(testId).getAttribute('href')).toBe(href);
      }
      await expect.poll(() => page.getByTestId('logout').isVisible()).toBe(true);
      // Signed in, the live stream stays open: the network never goes idle, so no expectCleanPage here.
      const lines = (await page.evaluate(() => document.body.innerText)).split('\n').map((line) => line.trim());
      expect(lines.filter((line) => RAW_KEY.test(line))).toEqual([]);
      await expectNothingCutOff(page, `manageSun in ${language}`);
      await shot(page, `manageSun-${language}`);
    });
  }
});

describe('the install offer', () => {
  it('says when no Android package is published, and installs the web app when the browser offers to', async () => {
    const context = await browser.newContext({ ...PHONE, userAgent: ANDROID_UA });
    try {
      const page = await context.newPage();
      await open(page, '/pages/down/index', 'en');
      await expect.poll(() => page.getByTestId('android-only').isVisible()).toBe(true);
      await expect.poll(() => page.locator('body').innerText()).toContain('The Android package is not available yet');
      expect(await page.getByTestId('install-app').count()).toBe(0);
      // Chromium's offer, as it fires when it deems the app installable: the page keeps it for its own button.
      await page.evaluate(() => {
        const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
          prompt: async () => {},
          userChoice: Promise.resolve({ outcome: 'accepted' }),
        });
        window.dispatchEvent(offer);
      });
      await page.getByTestId('install-app').click();
      await page.getByTestId('download-tab-desktop').click();
      await expect.poll(() => page.getByTestId('install-desktop').innerText()).toContain('SBC Wallet is installed on this device.');
      await expectCleanPage(page, 'down after installing');
    } finally {
      await context.close();
    }
  });
});

describe('the installed app', () => {
  let context: BrowserContext;
  let page: Page;
  let originalWorker: Buffer;

  beforeAll(async () => {
    originalWorker = await readFile(SW_FILE);
    context = await browser.newContext({ ...PHONE, serviceWorkers: 'allow' });
    page = await context.newPage();
  });
  afterAll(async () => {
    // The next deployment played below is undone whatever happened.
    await deployWorker(originalWorker);
    await context?.close();
  });

  it('registers the service worker, then opens offline from its cache and says it is offline', async () => {
    await page.goto(`${baseUrl()}/`);
    await page.evaluate(() => localStorage.setItem('sbc-wallet', JSON.stringify({ state: { language: 'en' }, version: 1 })));
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toBe(`${baseUrl()}/sw.js`);
    expect(await page.getByTestId('offline-notice').count()).toBe(0);

    await context.setOffline(true);
    await page.reload();
    await expect.poll(() => page.getByTestId('tab-home').isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('offline-notice').innerText()).toContain('You are offline');
    await shot(page, 'offline-home-en');
    // Every page of the build is in the cache: the version page opens too, from the bundle's 1.50.
    await page.goto(`${baseUrl()}/#/pages/app_version/index`);
    await expect.poll(() => page.getByTestId('app-version').innerText()).toContain(APP_VERSION);
    await expect.poll(() => page.getByTestId('offline-notice').isVisible()).toBe(true);

    await context.setOffline(false);
    await expect.poll(() => page.getByTestId('offline-notice').count()).toBe(0);
  });

  it('offers a newly deployed build, and applies it when asked', async () => {
    await page.goto(`${baseUrl()}/#/pages/appupdate/index`);
    await expect.poll(() => page.getByTestId('update-check').isVisible()).toBe(true);
    // A new deployment: a worker script that differs by a byte is a new version to the browser.
    await deployWorker(Buffer.concat([originalWorker, Buffer.from('\n// next deployment\n')]));
    await page.getByTestId('update-check').click();
    await expect.poll(() => page.getByTestId('update-now').isVisible(), { timeout: 20_000 }).toBe(true);
    // Found and installed: the build on disk goes back at once, so other browsers on this server never see it.
    await deployWorker(originalWorker);
    await shot(page, 'appupdate-ready-en');

    // Any other screen shows the prompt; Update switches to the new build and reloads on it.
    await page.goto(`${baseUrl()}/#/pages/account/index`);
    await expect.poll(() => page.getByTestId('update-prompt').innerText()).toContain('A new version is available');
    await shot(page, 'update-prompt-en');
    await Promise.all([page.waitForEvent('load'), page.getByTestId('update-apply').click()]);
    await expect.poll(() => page.getByTestId('tab-account').isVisible()).toBe(true);
    expect(await page.getByTestId('update-prompt').count()).toBe(0);
    const waiting = await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting));
    expect(waiting).toBe(false);
  });
});

describe('Lighthouse', () => {
  it('finds the app installable: manifest, icons, service worker, theme colour, viewport', async () => {
    const outcome = await runLighthouse(`${baseUrl()}/`, DEFAULT_CHECKS);
    for (const line of describeOutcome(outcome)) console.info(line);
    expect(outcome.checks.flatMap((check) => check.audits.filter((a) => !a.passed).map((a) => `${a.id}: ${a.detail}`))).toEqual([]);
    expect(outcome.passed).toBe(true);
  }, 120_000);
});
