import path from 'node:path';
import { LANGUAGES, type Language } from '@wallet/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { CATALOGUES } from '../apps/web/src/lib/i18n/catalogues';
import { launchChromium, signedInPage } from './chromium';
import { fundedMember, memberApi, newBscAddress, registerByApi, sendUsdt } from './http';
import { expectCleanPage, hash } from './page-checks';

/**
 * Home's recent activity: the member's last records under the balances, the empty state for a new
 * member, a transfer appearing without a reload (the live stream), and each row opening its record.
 */
const baseUrl = () => inject('baseUrl');
const SCREENSHOTS = process.env.E2E_SCREENSHOTS;
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** Dismisses the member's pop-up announcements, which would cover home in the screenshots. */
async function dismissPopups(token: string): Promise<void> {
  const api = memberApi(baseUrl, () => token);
  const { popups } = await api<{ popups: Array<{ id: string }> }>('GET', '/api/v1/help/popups');
  for (const popup of popups) await api('POST', `/api/v1/help/popups/${encodeURIComponent(popup.id)}/dismiss`);
}

/** Home scrolled to its recent activity, which loads once it is near the screen. */
async function openRecent(page: Page): Promise<void> {
  await page.goto(`${baseUrl()}/`);
  await page.getByTestId('recent-slot').scrollIntoViewIfNeeded();
}

const rows = (page: Page) => page.locator('[data-testid="recent-activity"] [data-testid="record-row"]');
const amounts = (page: Page) => page.locator('[data-testid="recent-activity"] [data-testid="record-amount"]');

it.each(LANGUAGES.map((language) => [language]))('shows a new member that there is no activity yet, in %s', async (language) => {
  const texts = CATALOGUES[language as Language];
  const token = await registerByApi(baseUrl(), {
    email: `recent-new-${language}-${Date.now()}@example.com`,
    network: 'BSC',
    address: newBscAddress(),
  });
  await dismissPopups(token);
  const page = await signedInPage(browser, token, language);
  await openRecent(page);
  await expect.poll(() => page.getByTestId('recent-empty').innerText(), { timeout: 15_000 }).toContain(texts.home.recent.empty);
  expect(await page.getByTestId('recent-empty').innerText()).toContain(texts.home.recent.emptyText);
  await expectCleanPage(page, `home's empty recent activity in ${language}`);
  if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, `home-recent-empty-${language}.png`) });
  await page.context().close();
});

it('lists a transfer as it arrives, opens its record, and leads to all records', async () => {
  const sender = await fundedMember(baseUrl, { email: `recent-sender-${Date.now()}@sbc-wallet.local`, usdt: '10' });
  const receiver = await registerByApi(baseUrl(), {
    email: `recent-receiver-${Date.now()}@example.com`,
    network: 'BSC',
    address: newBscAddress(),
  });
  const { uid } = await memberApi(baseUrl, () => receiver)<{ uid: string }>('GET', '/api/v1/me');

  await dismissPopups(receiver);
  const page = await signedInPage(browser, receiver, 'en');
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await openRecent(page);
  await expect.poll(() => page.getByTestId('recent-empty').count(), { timeout: 15_000 }).toBe(1);

  await sendUsdt(baseUrl, sender, uid, '1.23');

  // No reload: the balance event of the credit re-reads the records.
  await expect.poll(() => rows(page).count(), { timeout: 15_000 }).toBe(1);
  expect(await amounts(page).first().innerText()).toContain('+1.23');
  await rows(page).first().click();
  await expect.poll(() => hash(page)).toMatch(/^#\/pages\/recordsSun\/detail\?id=/);
  await page.goBack();
  await page.getByTestId('recent-see-all').click();
  await expect.poll(() => hash(page)).toBe('#/pages/recordsSun/index');
  await expect.poll(() => page.getByTestId('record-row').count()).toBe(1);
  expect(errors).toEqual([]);
  await page.context().close();

  // The sender's deposit and transfer, newest first, in every language.
  await dismissPopups(sender.token);
  for (const language of LANGUAGES) {
    const senderPage = await signedInPage(browser, sender.token, language);
    await openRecent(senderPage);
    await expect.poll(() => rows(senderPage).count(), { timeout: 15_000 }).toBe(2);
    expect(await amounts(senderPage).first().innerText()).toContain('−1.23');
    await expectCleanPage(senderPage, `home's recent activity in ${language}`);
    if (SCREENSHOTS) await senderPage.screenshot({ path: path.join(SCREENSHOTS, `home-recent-${language}.png`) });
    await senderPage.context().close();
  }
});
