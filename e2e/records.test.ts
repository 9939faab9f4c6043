import path from 'node:path';
import type { Language } from '@wallet/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { CATALOGUES } from '../apps/web/src/lib/i18n/catalogues';
import { launchChromium, signedInPage } from './chromium';
import { fundedMember, memberApi, registerByApi, sendUsdt } from './http';
import { expectCleanPage } from './page-checks';

/**
 * Records as a member reads them: filtered by family (transfers, deposits...) rather than by raw type
 * codes, and a transfer's detail naming the other member by UID and masked email, never by an
 * internal reference such as "transfer:f26d...".
 */
const baseUrl = () => inject('baseUrl');
const SCREENSHOTS = process.env.E2E_SCREENSHOTS;
let browser: Browser;
let receiver: string;
let senderUid: string;

const pageFor = (token: string, language: string) => signedInPage(browser, token, language);

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

it('filters records by family and names the sender of a transfer, in every language', async () => {
  receiver = await registerByApi(baseUrl(), {
    email: `records-${Date.now()}@example.com`,
    network: 'BSC',
    address: '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc',
  });
  const sender = await fundedMember(baseUrl, { email: `sender-${Date.now()}@sbc-wallet.local`, usdt: '10' });
  senderUid = (await sender.api<{ uid: string }>('GET', '/api/v1/me')).uid;
  const { uid } = await memberApi(baseUrl, () => receiver)<{ uid: string }>('GET', '/api/v1/me');
  await sendUsdt(baseUrl, sender, uid, '1.23');
  for (const language of ['en', 'zh', 'ko', 'ja']) {
    const page = await pageFor(receiver, language);
    await page.goto(`${baseUrl()}/#/pages/recordsSun/index`);
    // The choices close without choosing, by Escape or a tap on the shade under them, and say so to a reader.
    const typeFilter = page.getByRole('button', { expanded: false }).filter({ has: page.getByTestId('records-filter-type') });
    await typeFilter.click();
    await expect.poll(() => page.getByTestId('records-type-transfers').isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('records-type-transfers').count()).toBe(0);
    await typeFilter.click();
    await page.getByRole('button', { name: CATALOGUES[language as Language].records.closeFilters }).click({ position: { x: 20, y: 680 } });
    await expect.poll(() => page.getByTestId('records-type-transfers').count()).toBe(0);
    await page.getByTestId('records-filter-type').click();
    expect(await page.getByRole('button', { expanded: true }).count()).toBe(1);
    await page.getByTestId('records-type-transfers').click();
    await expect.poll(() => page.evaluate(() => window.location.hash)).toBe('#/pages/recordsSun/index?family=transfers');
    await expect.poll(() => page.getByTestId('record-row').count()).toBe(1);
    await expectCleanPage(page, `records filtered by transfers in ${language}`);

    await page.getByTestId('record-row').click();
    await expect.poll(() => page.getByTestId('record-counterparty').innerText()).toContain(`UID ${senderUid}`);
    expect(await page.getByTestId('record-counterparty').innerText()).toContain('se***@sbc-wallet.local');
    expect(await page.evaluate(() => document.body.innerText)).not.toMatch(/transfer:[0-9a-f]/);
    await expectCleanPage(page, `transfer record in ${language}`);
    if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, `record-transfer-${language}.png`) });

    // No deposit yet: the family filter shows the filtered empty state, not other movements.
    await page.goto(`${baseUrl()}/#/pages/recordsSun/index?family=deposits`);
    await expect.poll(() => page.getByTestId('records-filter-type').innerText()).not.toBe('');
    await expect.poll(() => page.getByTestId('record-row').count()).toBe(0);
    await page.context().close();
  }
});
