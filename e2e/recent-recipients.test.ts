import path from 'node:path';
import { LANGUAGES } from '@wallet/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, SCREENSHOTS, waitForQuiet, watchedPhone } from './chromium';
import { call, codeMailedBy, E2E_PAYMENT_PASSWORD, fundedMember, newBscAddress, registerByApi } from './http';
import { expectCleanPage, fill, hash } from './page-checks';

/*
 * Recent recipients on the transfer screen against the real server: none before the first transfer;
 * after one, the recipient is listed by nickname and UID, and a tap fills the UID and looks it up.
 * E2E_SCREENSHOTS=<folder> keeps a picture of the screen in every language.
 */

const baseUrl = () => inject('baseUrl');
const TRANSFER_PAGE = '/#/pages/transferMoneySun/index';
/** The shared machine can take seconds to open a lazy page; expect.poll's own default is 1 s. */
const SLOW = { timeout: 10_000 };
const NICKNAME = 'Mina';

let browser: Browser;
let sender: Awaited<ReturnType<typeof fundedMember>>;
let recipientUid: string;

const text = (page: Page, testId: string) => page.getByTestId(testId).first().innerText();
const uidTyped = (page: Page) => page.locator('[data-testid="recipient-uid"] input').inputValue();

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe('recent recipients', () => {
  it('has a sender with USDT and a recipient with a nickname', async () => {
    const tag = Date.now().toString(36);
    sender = await fundedMember(baseUrl, { email: `e2e-recent-${tag}@example.com`, usdt: '20' });
    const token = await registerByApi(baseUrl(), { email: `e2e-recent-to-${tag}@example.com`, network: 'BSC', address: newBscAddress() });
    const auth = { authorization: `Bearer ${token}` };
    const named = await call('PATCH', `${baseUrl()}/api/v1/me`, { nickname: NICKNAME }, auth);
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    recipientUid = ((await call('GET', `${baseUrl()}/api/v1/me`, undefined, auth)).body as { uid: string }).uid;
  }, 90_000);

  it('lists whom the member just paid, and a tap fills the UID and looks it up', async () => {
    const { page, errors, context } = await watchedPhone(browser, sender.token, 'en');
    try {
      await page.goto(`${baseUrl()}${TRANSFER_PAGE}`);
      await expect.poll(() => text(page, 'recipient-submit'), SLOW).toBe('Next');
      await waitForQuiet(page);
      expect(await page.getByTestId('recent-recipients').count()).toBe(0);

      await fill(page, 'recipient-uid', recipientUid);
      await page.getByTestId('recipient-submit').click();
      await page.getByTestId('recipient-continue').click();
      await fill(page, 'transfer-amount', '2');
      await page.getByTestId('transfer-next').click();
      await fill(page, 'code', await codeMailedBy(baseUrl(), sender.email, () => page.getByTestId('send-code').click()));
      await fill(page, 'transfer-pay-password', E2E_PAYMENT_PASSWORD);
      await page.getByTestId('transfer-submit').click();
      await expect.poll(() => text(page, 'transfer-done'), { timeout: 15_000 }).toContain('2.00 USDT');

      await page.goto(`${baseUrl()}${TRANSFER_PAGE}`);
      await expect.poll(() => page.getByTestId('recent-recipient').count(), SLOW).toBe(1);
      expect(await text(page, 'recent-recipient-name')).toBe(NICKNAME);
      expect(await text(page, 'recent-recipient')).toContain(`UID ${recipientUid}`);
      expect(await page.getByTestId('recipient-continue').count()).toBe(0);

      await page.getByTestId('recent-recipient').click();
      await expect.poll(() => uidTyped(page), SLOW).toBe(recipientUid);
      await expect.poll(() => text(page, 'recipient-name'), SLOW).toBe(NICKNAME);
      // The list makes way once the UID is filled, as it does while one is typed.
      expect(await page.getByTestId('recent-recipients').count()).toBe(0);
      await page.getByTestId('recipient-continue').click();
      await expect.poll(() => hash(page), SLOW).toBe(`#/pages/transferMoneySun/bindSun/index?uid=${recipientUid}`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('reads cleanly in every language', async () => {
    for (const language of LANGUAGES) {
      const { page, errors, context } = await watchedPhone(browser, sender.token, language);
      try {
        await page.goto(`${baseUrl()}${TRANSFER_PAGE}`);
        await expect.poll(() => page.getByTestId('recent-recipient').count(), { timeout: 20_000 }).toBe(1);
        await expectCleanPage(page, `the transfer page with recent recipients in ${language}`);
        if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, `transfer-recent-recipients-${language}.png`) });
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }
  }, 60_000);
});
