import path from 'node:path';
import { LANGUAGES } from '@wallet/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { CATALOGUES } from '../apps/web/src/lib/i18n/catalogues';
import { launchChromium, signedInPage } from './chromium';
import { call, fundedMember, memberApi, newBscAddress, registerByApi, sendUsdt } from './http';
import { englishLines, expectCleanPage } from './page-checks';

/**
 * Live updates over Server-Sent Events: a deposit credited on the local chain shows on the home screen
 * within 2 s of its credit, without a reload and without the home screen polling (it has no poll), and
 * the deposit's message is waiting in the messages page with the account tab's unread badge.
 */
// Its own sender: a deposit from an address two members are bound to is attributed to neither.
const baseUrl = () => inject('baseUrl');
let browser: Browser;
let member: string;
const SCREENSHOTS = process.env.E2E_SCREENSHOTS;

async function ok<T>(method: string, path: string, token?: string, body?: unknown): Promise<T> {
  const res = await call(method, `${baseUrl()}${path}`, body, token ? { authorization: `Bearer ${token}` } : {});
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body as T;
}

const register = () => registerByApi(baseUrl(), { email: `live-${Date.now()}@example.com`, network: 'BSC', address: newBscAddress() });

const pageFor = (token: string, language = 'en') => signedInPage(browser, token, language);

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

it('shows a deposit credited on the local chain on the home screen within 2 s, without a reload', async () => {
  const token = await register();
  member = token;
  const page = await pageFor(token);
  const streams: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/me/events')) streams.push(request.url());
  });
  await page.goto(`${baseUrl()}/#/`);
  await expect.poll(() => page.getByTestId('balance-USDT').innerText(), { timeout: 15_000 }).toBe('0.00');
  await expect.poll(() => streams.length).toBeGreaterThan(0);
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });

  await ok('POST', '/api/v1/dev/chain/deposits', token, { amount: '25.5' });
  // The moment of the credit, as the API sees it.
  let creditedAt = 0;
  await expect
    .poll(
      async () => {
        const { balances } = await ok<{ balances: Array<{ currency: string; balance: string }> }>('GET', '/api/v1/wallet/balances', token);
        if (balances.find((b) => b.currency === 'USDT')?.balance === '25.5') creditedAt = Date.now();
        return creditedAt > 0;
      },
      { timeout: 60_000, interval: 100 },
    )
    .toBe(true);
  await expect.poll(() => page.getByTestId('balance-USDT').innerText(), { timeout: 2_000, interval: 50 }).toBe('25.50');
  expect(Date.now() - creditedAt).toBeLessThan(2_000);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

  // The message is there, and the account tab shows it unread.
  await expect.poll(() => page.getByTestId('tab-account').innerText()).toMatch(/\d/);
  await page.goto(`${baseUrl()}/#/pages/messageSun/index`);
  const rows = page.getByTestId('notification-row');
  await expect.poll(() => rows.first().getAttribute('data-code')).toBe('deposit_credited');
  expect(await page.getByTestId('notification-body').first().innerText()).toContain('25.50 USDT');
  await page.getByTestId('mark-all-read').click();
  await expect.poll(() => page.getByTestId('mark-all-read').count()).toBe(0);
  await page.context().close();
});

it('shows the messages page in every language, worded for it, with nothing cut off', async () => {
  for (const language of LANGUAGES) {
    const page = await pageFor(member, language);
    await page.goto(`${baseUrl()}/#/pages/messageSun/index`);
    await expect.poll(() => page.getByTestId('notification-row').count()).toBeGreaterThan(0);
    await expectCleanPage(page, `messages in ${language}`);
    if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, `messages-${language}.png`) });
    await page.context().close();
  }
});

it('rewords a live notice that is on screen when the member switches language', async () => {
  const sender = await fundedMember(baseUrl, { email: `live-sender-${Date.now()}@sbc-wallet.local`, usdt: '5' });
  const receiver = await register();
  const { uid } = await memberApi(baseUrl, () => receiver)<{ uid: string }>('GET', '/api/v1/me');
  const page = await pageFor(receiver);
  await page.goto(`${baseUrl()}/#/pages/account/index`);
  const switchTo = async (language: 'zh' | 'en') => {
    await page.getByTestId(`lang-${language}`).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(language);
  };
  // Chinese is loaded once beforehand, so the switch below takes no download and the notice is still up.
  await switchTo('zh');
  await switchTo('en');

  await sendUsdt(baseUrl, sender, uid, '1.5');
  const toast = page.locator('.adm-toast-main').last();
  await expect.poll(() => toast.textContent(), { timeout: 15_000 }).toContain(CATALOGUES.en.notifications.title.transfer_received);

  await switchTo('zh');
  // Title and text joined as Chinese punctuates them.
  await expect.poll(() => toast.textContent()).toContain(`${CATALOGUES.zh.notifications.title.transfer_received}：`);
  expect(englishLines([(await toast.textContent()) ?? ''], 'zh')).toEqual([]);
  if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, 'live-notice-reworded-zh.png') });
  await page.context().close();
});
