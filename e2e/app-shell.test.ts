import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, signedInPage, waitForQuiet } from './chromium';
import { fundedMember, newBscAddress, registerByApi } from './http';
import { expectNothingCutOff, RAW_KEY } from './page-checks';

/** What a person should read on the tab bar in each language. */
const TAB_LABELS = {
  en: { home: 'Home', wallet: 'Card pack', account: 'Account' },
  zh: { home: '首页', wallet: '卡包', account: '我的' },
  ko: { home: '홈', wallet: '카드 지갑', account: '내 계정' },
  ja: { home: 'ホーム', wallet: 'カードケース', account: 'アカウント' },
} as const;

// i18next shows a missing key as the key itself, e.g. "home.hero.title".

const SCREENSHOTS = process.env.E2E_SCREENSHOTS;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
  if (SCREENSHOTS) await mkdir(SCREENSHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

async function visibleText(p: Page): Promise<string> {
  return p.evaluate(() => document.body.innerText);
}

async function expectNoRawKeys(p: Page, where: string) {
  const lines = (await visibleText(p)).split('\n').map((l) => l.trim());
  expect(
    lines.filter((l) => RAW_KEY.test(l)),
    where,
  ).toEqual([]);
}

describe('the app shell', () => {
  it('launches in English with the three tabs', async () => {
    await page.goto(inject('baseUrl'));
    await expect.poll(() => page.getByTestId('tab-home').innerText()).toContain(TAB_LABELS.en.home);
    expect(await page.getByTestId('tab-wallet').innerText()).toContain(TAB_LABELS.en.wallet);
    expect(await page.getByTestId('tab-account').innerText()).toContain(TAB_LABELS.en.account);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
  });

  for (const language of ['zh', 'en', 'ko', 'ja'] as const) {
    it(`switches to ${language}: tab labels translated, no raw keys on any tab, no sideways scrolling`, async () => {
      await page.getByTestId('tab-account').click();
      await page.getByTestId(`lang-${language}`).click();
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(language);

      const labels = TAB_LABELS[language];
      expect(await page.getByTestId('tab-home').innerText()).toContain(labels.home);
      expect(await page.getByTestId('tab-wallet').innerText()).toContain(labels.wallet);
      expect(await page.getByTestId('tab-account').innerText()).toContain(labels.account);

      for (const tab of ['home', 'wallet', 'account'] as const) {
        await page.getByTestId(`tab-${tab}`).click();
        await waitForQuiet(page);
        await expectNoRawKeys(page, `${tab} in ${language}`);
        await expectNothingCutOff(page, `${tab} in ${language}`);
        if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, `${tab}-${language}.png`) });
      }
    });
  }

  it('remembers the chosen language after a reload', async () => {
    await page.getByTestId('tab-account').click();
    await page.getByTestId('lang-ko').click();
    await page.reload();
    await expect.poll(() => page.getByTestId('tab-home').innerText()).toContain(TAB_LABELS.ko.home);
  });

  it('shows supported assets from the API on the home tab', async () => {
    await page.getByTestId('tab-account').click();
    await page.getByTestId('lang-en').click();
    await page.getByTestId('tab-home').click();
    await expect.poll(() => visibleText(page)).toContain('USDT');
    expect(await visibleText(page)).toContain('TRC20');
  });
});

describe('the first screen', () => {
  // The first load carries only the first screen's texts (apps/web/src/lib/i18n/first-screen-sections.ts);
  // every page's catalogue is a file of its own. With those files held back, home, its pop-up and the tab
  // bar must still read as words, signed in and signed out.
  for (const language of ['en', 'zh', 'ko', 'ja'] as const) {
    it(`reads as words in ${language} with only the first screen's texts`, async () => {
      const email = `first-${language}-${Date.now()}@example.com`;
      const token = await registerByApi(inject('baseUrl'), { email, network: 'BSC', address: newBscAddress() });
      for (const session of [token, null]) {
        const phone = await signedInPage(browser, session, language);
        const heldBack: string[] = [];
        await phone.route('**/assets/catalogue-*.js', (route) => {
          heldBack.push(route.request().url());
          return route.abort();
        });
        await phone.goto(inject('baseUrl'));
        await expect.poll(() => phone.getByTestId('tab-home').innerText()).toContain(TAB_LABELS[language].home);
        await waitForQuiet(phone);
        await expectNoRawKeys(phone, `home ${session ? 'signed in' : 'signed out'} in ${language}, first-screen texts only`);
        // Nor does home ask for them: they come with the first other page opened (or its intent).
        expect(heldBack, "home asked for every page's texts").toEqual([]);
        await phone.context().close();
      }
    });
  }
});

describe('a list of dated rows opened directly', () => {
  it("has its language's first date formatter made by boot.js before the frame is painted, and home none", async () => {
    const made = async (token: string, hash: string) => {
      const phone = await signedInPage(browser, token, 'ja');
      // Every Intl.DateTimeFormat the page makes, with the file that made it and when.
      await phone.addInitScript(() => {
        const Original = Intl.DateTimeFormat;
        const log: Array<{ locale: unknown; by: string; at: number }> = [];
        (window as unknown as { __dateFormats: typeof log }).__dateFormats = log;
        const Logged = function (this: unknown, ...args: ConstructorParameters<typeof Original>) {
          log.push({ locale: args[0], by: new Error().stack?.split('\n')[2] ?? '', at: performance.now() });
          return new Original(...args);
        } as unknown as typeof Intl.DateTimeFormat;
        Object.assign(Logged, Original);
        Intl.DateTimeFormat = Logged;
      });
      await phone.goto(`${inject('baseUrl')}/${hash}`);
      await waitForQuiet(phone);
      const { log, firstPaint } = await phone.evaluate(() => ({
        log: (window as unknown as { __dateFormats: Array<{ locale: unknown; by: string; at: number }> }).__dateFormats,
        firstPaint: performance.getEntriesByName('first-paint')[0]?.startTime ?? Number.NaN,
      }));
      await phone.context().close();
      return log.map(({ locale, by, at }) => ({ locale, by: by.includes('/boot.js') ? 'boot.js' : 'app', beforePaint: at < firstPaint }));
    };
    const funded = await fundedMember(() => inject('baseUrl'), { email: `dated-${Date.now()}@example.com`, usdt: '1' });
    expect((await made(funded.token, '#/pages/recordsSun/index'))[0]).toEqual({ locale: 'ja-JP', by: 'boot.js', beforePaint: true });
    expect((await made(funded.token, '#/')).filter((entry) => entry.by === 'boot.js')).toEqual([]);
  });
});

describe('an error on the first screen', () => {
  it("is worded by the contract in the member's language, whose messages are fetched only then", async () => {
    const email = `first-error-${Date.now()}@example.com`;
    const token = await registerByApi(inject('baseUrl'), { email, network: 'BSC', address: newBscAddress() });
    const phone = await signedInPage(browser, token, 'zh');
    const rest: string[] = [];
    phone.on('request', (request) => {
      if (/\/assets\/catalogue-zh-[^/]+\.js$/.test(request.url())) rest.push(request.url());
    });
    // The reply's own sentence differs from the contract's, so the screen shows which one it used.
    await phone.route('**/api/v1/wallet/balances', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'RATE_LIMITED', message: 'the reply’s own sentence' } }),
      }),
    );
    await phone.goto(inject('baseUrl'));
    await expect.poll(() => visibleText(phone)).toContain('余额加载失败');
    await expect.poll(() => visibleText(phone)).toContain('请求过于频繁，请稍后再试。');
    expect(await visibleText(phone)).not.toContain('the reply’s own sentence');
    expect(rest, 'the rest of the language was fetched for the error').toHaveLength(1);
    await phone.context().close();
  });
});

describe('moving between pages', () => {
  it('shows a page whose chunk does not load as a failed page with Retry, keeping the tab bar', async () => {
    const phone = await signedInPage(browser, null, 'en');
    await phone.goto(inject('baseUrl'));
    await expect.poll(() => phone.getByTestId('tab-home').isVisible()).toBe(true);
    // The account tab's chunk, by the list index.html gives boot.js (apps/web/build/boot.ts).
    const chunk = await phone.evaluate(() => {
      const data = JSON.parse(document.getElementById('boot-data')?.textContent ?? '{}');
      return data.files[data.routes['/pages/account/index']] as string;
    });
    await phone.route(`**/assets/${chunk}.js`, (route) => route.abort());
    await phone.getByTestId('tab-account').click();
    await expect.poll(() => visibleText(phone)).toContain('This page failed to load');
    expect(await phone.getByRole('button', { name: 'Retry' }).isVisible()).toBe(true);
    expect(await phone.getByTestId('tab-home').isVisible()).toBe(true);

    // Another page draws again: the failure belongs to the page that failed.
    await phone.getByTestId('tab-home').click();
    await expect.poll(() => visibleText(phone)).not.toContain('This page failed to load');
    await phone.context().close();
  });

  it('opens a new page at its top and goes back to where the last one was left', async () => {
    const phone = await signedInPage(browser, null, 'en', { viewport: { width: 390, height: 400 } });
    await phone.goto(inject('baseUrl'));
    await expect.poll(() => visibleText(phone)).toContain('USDT');
    const bottom = await phone.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
    expect(bottom, 'home is taller than a short screen').toBeGreaterThan(100);
    await phone.evaluate((y) => window.scrollTo(0, y), bottom);
    await expect.poll(() => phone.evaluate(() => window.scrollY)).toBe(bottom);
    await phone.getByTestId('tab-account').click();
    await expect.poll(() => phone.evaluate(() => window.location.hash)).toBe('#/pages/account/index');
    await waitForQuiet(phone);
    expect(await phone.evaluate(() => window.scrollY)).toBe(0);
    await phone.goBack();
    await expect.poll(() => phone.evaluate(() => window.scrollY)).toBe(bottom);
    await phone.context().close();
  });
});
