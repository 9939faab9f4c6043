import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Language } from '@wallet/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CATALOGUES } from '../apps/web/src/lib/i18n/catalogues';
import { launchChromium, SCREENSHOTS, signedInPage, waitForQuiet } from './chromium';
import { call, E2E_PASSWORD, newEmail, newTronAddress, operatorKey, registerByApi } from './http';
import { expectCleanPage, fill, hash } from './page-checks';

/**
 * The help centre in the browser against the demo content `npm start` seeds: read signed out, searched
 * (in Chinese too), an article with its related articles and its fallback language, FAQ answers that
 * open in place, the support page, and the pop-up announcement a member sees once on opening the app.
 * Screenshots of every screen with E2E_SCREENSHOTS=<dir>.
 */
const LANGUAGES: readonly Language[] = ['zh', 'en', 'ko', 'ja'];
/** The demo content's fixed ids (apps/server/src/modules/demo/help-content.ts). */
const DEMO = {
  securityNotice: '5e1f0000-0000-4000-8000-000000000001',
  payPassword: '5e1f0000-0000-4000-8000-000000000011',
  accountCategory: '5e1f0000-0000-4000-8000-000000000101',
  topUpGuide: '5e1f0000-0000-4000-8000-000000000051',
  cardAbroadGuide: '5e1f0000-0000-4000-8000-000000000053',
};
/** Page chunks and replies can take seconds on a busy test machine. */
const SLOW = { timeout: 15_000 };

let browser: Browser;
const baseUrl = () => inject('baseUrl');
const texts = (language: Language) => CATALOGUES[language].help;

beforeAll(async () => {
  browser = await launchChromium();
  if (SCREENSHOTS) await mkdir(SCREENSHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

async function ok<T>(method: string, route: string, token?: string, body?: unknown): Promise<T> {
  const res = await call(method, `${baseUrl()}${route}`, body, token ? { authorization: `Bearer ${token}` } : {});
  expect(res.status, `${method} ${route}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body as T;
}

/** A new member, registered through the API with the code from the development outbox. */
async function register(): Promise<{ email: string; token: string }> {
  const email = newEmail('help');
  return { email, token: await registerByApi(baseUrl(), { email, network: 'TRON', address: newTronAddress() }) };
}

/** A phone-sized page in `language`, signed in when a token is given; page errors and foreign requests are collected. */
async function phone(language: Language, token: string | null = null) {
  const page = await signedInPage(browser, token, language, {
    deviceScaleFactor: SCREENSHOTS ? 2 : 1,
    // Without the offline worker (e2e/app-install.test.ts tests it): its precaching of every chunk in each
    // fresh context only slows these pages down.
    serviceWorkers: 'block',
    // Only on the first load: a reload keeps what the app stored since (a sign-in).
    firstLoadOnly: true,
  });
  const context = page.context();
  const errors: string[] = [];
  const foreign: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(baseUrl()) && !/^(data|blob):/.test(url)) foreign.push(url);
  });
  return { context, page, errors, foreign };
}

async function look(page: Page, name: string) {
  await expectCleanPage(page, name);
  if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, `help-${name}.png`), fullPage: true });
}

const open = (page: Page, route: string) => page.goto(`${baseUrl()}/#${route}`);

describe('the help centre, signed out', () => {
  it('lists announcements, FAQ categories and guides, searches, and opens an article with its related articles', async () => {
    const { context, page, errors, foreign } = await phone('en');
    try {
      await open(page, '/pages/helpcenterSun/index');
      await page.getByTestId('help-announcements-row').first().waitFor();
      expect(await page.getByTestId('help-category').count()).toBe(4);
      expect(await page.getByTestId('help-guides-row').count()).toBeGreaterThanOrEqual(3);
      expect(await page.getByTestId('help-announcements').innerText()).toContain('Security notice: we never ask for your codes');
      await look(page, 'home-en');

      await fill(page, 'help-search', 'USDT');
      await expect.poll(() => hash(page), SLOW).toBe('#/pages/helpcenterSun/index?q=USDT');
      await page.getByTestId('help-results-row').first().waitFor();
      expect(await page.getByTestId('help-results').innerText()).toContain('Which networks can I top up USDT on?');
      await look(page, 'search-en');

      await fill(page, 'help-search', 'zzzz-nothing');
      await expect.poll(() => page.getByTestId('help-results-contact').count(), SLOW).toBe(1);
      await look(page, 'search-empty-en');

      await open(page, `/pages/helpcenterSun/correlation/index?id=${DEMO.topUpGuide}`);
      await expect.poll(() => page.getByTestId('help-article-title').innerText(), SLOW).toBe('Top up USDT safely, step by step');
      // Its Markdown: headings and lists, outside links in a new tab without an opener, in-app links in place.
      const body = page.getByTestId('help-article-body');
      // Markdown beyond the simple subset is drawn by a library loaded on its own time, after the title.
      await body.waitFor();
      expect(await body.locator('h3').count()).toBe(3);
      const tronscan = body.locator('a[href="https://tronscan.org"]');
      expect([await tronscan.getAttribute('target'), await tronscan.getAttribute('rel')]).toEqual(['_blank', 'noopener noreferrer']);
      expect(await body.locator('a[href="#/pages/service/index"]').getAttribute('target')).toBeNull();
      expect(await body.locator('script, iframe, img[src^="http"]').count()).toBe(0);
      expect(await page.getByTestId('help-related-row').count()).toBe(2);
      expect(await page.getByTestId('help-language-note').count()).toBe(0);
      await look(page, 'article-en');

      await page.getByTestId('help-related-row').first().click();
      await expect.poll(() => page.getByTestId('help-article-title').innerText(), SLOW).toBe('Which networks can I top up USDT on?');

      await open(page, '/pages/helpcenterSun/correlation/index?id=not-an-id');
      await expect.poll(() => page.getByTestId('help-back').count(), SLOW).toBe(1);
      await look(page, 'missing-en');
      expect(errors).toEqual([]);
      expect(foreign).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('searches in Chinese and opens FAQ answers in place', async () => {
    const zh = texts('zh');
    const { context, page, errors } = await phone('zh');
    try {
      await open(page, '/pages/helpcenterSun/index');
      await page.getByTestId('help-category').first().waitFor();
      await look(page, 'home-zh');
      await fill(page, 'help-search', '支付密码');
      await page.locator('[data-testid="help-search"] input').press('Enter');
      await expect.poll(() => page.getByTestId('help-results').innerText(), SLOW).toContain('如何设置或修改支付密码？');
      await look(page, 'search-zh');
      await page.getByTestId('help-results-row').filter({ hasText: '如何设置或修改支付密码？' }).click();
      await expect.poll(() => hash(page), SLOW).toBe(`#/pages/helpcenterSun/correlation/index?id=${DEMO.payPassword}`);
      await expect.poll(() => page.getByTestId('help-article-body').innerText(), SLOW).toContain('6位数字');
      await look(page, 'article-zh');

      await open(page, `/pages/helpcenterSun/familiar/index?id=${DEMO.accountCategory}`);
      const questions = page.getByTestId('help-faq-question');
      await questions.first().waitFor();
      expect(await questions.count()).toBe(3);
      expect(await page.getByTestId('help-faq-answer').first().isVisible()).toBe(false);
      await questions.first().click();
      await expect.poll(() => page.getByTestId('help-faq-answer').first().innerText(), SLOW).toContain('支付密码是一个');
      await look(page, 'faq-zh');
      expect(await page.getByTestId('help-faq-open').first().innerText()).toBe(zh.faq.openPage);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows the card guide in Korean and Japanese, as every demo article', async () => {
    for (const [language, title] of [
      ['ko', '해외에서 카드 사용하기'],
      ['ja', '海外でカードを使う'],
    ] as const) {
      const { context, page } = await phone(language);
      try {
        await open(page, `/pages/helpcenterSun/correlation/index?id=${DEMO.cardAbroadGuide}`);
        await expect.poll(() => page.getByTestId('help-article-title').innerText(), SLOW).toBe(title);
        expect(await page.getByTestId('help-language-note').count()).toBe(0);
        await look(page, `card-guide-${language}`);
      } finally {
        await context.close();
      }
    }
  });

  it('says when an article is shown in English because it is not written in Korean', async () => {
    // An operator publishes a guide in English only.
    const operator = operatorKey();
    const title = `Paying at a parking meter ${Date.now()}`;
    const guide = await ok<{ id: string }>('POST', '/api/v1/admin/help/articles', operator, {
      kind: 'guide',
      sort: 99,
      texts: { en: { title, body: 'Tap the card on the reader, then wait for the beep.' } },
    });
    const { context, page } = await phone('ko');
    try {
      await open(page, `/pages/helpcenterSun/correlation/index?id=${guide.id}`);
      await expect.poll(() => page.getByTestId('help-article-title').innerText(), SLOW).toBe(title);
      expect(await page.getByTestId('help-language-note').innerText()).toBe(texts('ko').article.shownIn.replace('{{language}}', 'English'));
      await look(page, 'fallback-ko');
    } finally {
      await context.close();
    }
  });

  it('shows the support contacts, opening hours and the way to the tickets', async () => {
    for (const language of ['zh', 'en'] as const) {
      const { context, page, errors } = await phone(language);
      try {
        await open(page, '/pages/service/index');
        await page.getByTestId('service-contacts').waitFor();
        expect(await page.getByTestId('service-tickets').getAttribute('href')).toBe('#/pages/workOrder/index');
        expect(await page.getByTestId('service-tickets').innerText()).toContain(texts(language).service.tickets);
        const telegram = page.getByTestId('service-contact-telegram').getByTestId('service-contact-link');
        expect(await telegram.getAttribute('href')).toBe('https://t.me/SBCWalletSupport');
        expect(await telegram.getAttribute('rel')).toBe('noopener noreferrer');
        expect(await page.getByTestId('service-contact-email').getByTestId('service-contact-link').getAttribute('href')).toBe(
          'mailto:support@sbc-wallet.local',
        );
        expect(await page.getByTestId('service-hours').innerText()).toContain(language === 'zh' ? '在线客服' : 'Live chat');
        await look(page, `service-${language}`);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });

  for (const language of LANGUAGES) {
    it(`has no raw keys and nothing cut off on any of its pages in ${language}`, async () => {
      const { context, page, errors } = await phone(language);
      try {
        await open(page, '/pages/helpcenterSun/index');
        await page.getByTestId('help-category').first().waitFor();
        await look(page, `home-${language}-check`);
        await page.getByTestId('help-category').first().click();
        await page.getByTestId('help-faq-question').first().waitFor();
        await page.getByTestId('help-faq-question').first().click();
        await look(page, `faq-${language}-check`);
        await open(page, `/pages/helpcenterSun/correlation/index?id=${DEMO.topUpGuide}`);
        await page.getByTestId('help-article-body').waitFor();
        await look(page, `article-${language}-check`);
        await open(page, '/pages/service/index');
        await page.getByTestId('service-contacts').waitFor();
        await look(page, `service-${language}-check`);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});

describe('the pop-up announcement', () => {
  it('shows once to a member opening the app, in their language, and not again after it is dismissed', async () => {
    const zh = texts('zh');
    const member = await register();
    const first = await phone('zh', member.token);
    try {
      await first.page.goto(`${baseUrl()}/#/`);
      await expect.poll(() => first.page.getByTestId('help-popup-title').innerText(), SLOW).toBe('安全提醒：我们绝不会索要您的验证码');
      expect(await first.page.getByTestId('help-popup').innerText()).toContain('绝不会');
      await look(first.page, 'popup-zh');
      await first.page.getByRole('button', { name: zh.popup.close }).click();
      await expect.poll(() => first.page.getByTestId('help-popup').count(), SLOW).toBe(0);
      await expect
        .poll(async () => (await ok<{ popups: unknown[] }>('GET', '/api/v1/help/popups', member.token)).popups.length, SLOW)
        .toBe(0);

      await first.page.reload();
      await first.page.getByTestId('tab-home').waitFor();
      await waitForQuiet(first.page);
      expect(await first.page.getByTestId('help-popup').count()).toBe(0);
      expect(first.errors).toEqual([]);
    } finally {
      await first.context.close();
    }
    // Another phone of the same member: dismissed is dismissed everywhere.
    const second = await phone('ja', member.token);
    try {
      await second.page.goto(`${baseUrl()}/#/`);
      await second.page.getByTestId('tab-home').waitFor();
      await waitForQuiet(second.page);
      expect(await second.page.getByTestId('help-popup').count()).toBe(0);
    } finally {
      await second.context.close();
    }
  });

  it('waits for the next opening of the app rather than interrupting a sign-in, and opens in the help centre', async () => {
    const en = texts('en');
    const member = await register();
    const { context, page, errors } = await phone('en');
    try {
      await open(page, '/pages/login/index');
      await fill(page, 'login-email', member.email);
      await fill(page, 'login-password', E2E_PASSWORD);
      await page.getByTestId('login-submit').click();
      await expect.poll(() => hash(page), SLOW).toBe('#/');
      await waitForQuiet(page);
      expect(await page.getByTestId('help-popup').count()).toBe(0);

      await page.reload();
      await expect.poll(() => page.getByTestId('help-popup-title').innerText(), SLOW).toBe('Security notice: we never ask for your codes');
      await look(page, 'popup-en');
      await page.getByRole('button', { name: en.popup.more }).click();
      await expect.poll(() => hash(page), SLOW).toBe(`#/pages/helpcenterSun/correlation/index?id=${DEMO.securityNotice}`);
      await expect
        .poll(() => page.getByTestId('help-article-title').innerText(), SLOW)
        .toBe('Security notice: we never ask for your codes');
      await expect
        .poll(async () => (await ok<{ popups: unknown[] }>('GET', '/api/v1/help/popups', member.token)).popups.length, SLOW)
        .toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
