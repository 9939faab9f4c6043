import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Language } from '@wallet/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { en } from '../apps/web/src/lib/i18n/locales/en';
import { zh } from '../apps/web/src/lib/i18n/locales/zh';
import { launchChromium, SCREENSHOTS, watchedPhone } from './chromium';
import { fundedMember, memberApi, newEmail, sandboxAddress } from './http';
import { expectCleanPage, fill } from './page-checks';
import { issuerCall, openActiveCard } from './sandbox-issuer';

/**
 * A card's spending controls as a member sets them: limits, the online switch and a blocked
 * category saved from the page, then a purchase above the per-purchase limit sent through the sandbox
 * issuer, declined with its reason, which the card's transactions show in English and Chinese.
 * Runs as a newcomer with a card of its own (funded by the local chain's faucet), so no other test's
 * card gets limits.
 */
const LANGUAGES = ['zh', 'en', 'ko', 'ja'] as const;
const MERCHANT = 'Controls Test Store';

let browser: Browser;
let token: string;
let sandbox: string;
let cardId: string;
const baseUrl = () => inject('baseUrl');
const api = memberApi(baseUrl, () => token);

const sandboxCall = <T>(method: 'GET' | 'POST', route: string, body?: unknown) => issuerCall<T>(sandbox, method, route, body);

/** A newcomer with USDT from the faucet, a payment password, and an active virtual USD card (KYC approved in the sandbox). */
async function newcomerWithCard() {
  const member = await fundedMember(baseUrl, { email: newEmail('controls'), usdt: '40' });
  token = member.token;
  return openActiveCard(sandbox, { ...member, firstName: 'Ling', lastName: 'Chan' });
}

const phone = (language: Language) => watchedPhone(browser, token, language);

async function look(page: Page, name: string, language: Language, options: { latinData?: boolean } = {}) {
  // The card page shows the holder's name and the merchant's, Latin-lettered data in any language:
  // there the check for English is left out (the reason's language is asserted by the test itself).
  await expectCleanPage(page, `${name} in ${language}`, options.latinData ? { language: 'en' } : {});
  // From the top: a page scrolled to its button would draw its sticky bar across the middle of a full-page shot.
  await page.evaluate(() => window.scrollTo(0, 0));
  if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, `card-controls-${name}-${language}.png`), fullPage: true });
}

const controlsNow = () =>
  api<{ perPurchaseLimit: string | null; monthlyLimit: string | null; onlineEnabled: boolean; blockedCategories: string[] }>(
    'GET',
    `/api/v1/cards/${cardId}/controls`,
  );

beforeAll(async () => {
  sandbox = await sandboxAddress(baseUrl(), '/dev/issuer');
  browser = await launchChromium();
  if (SCREENSHOTS) await mkdir(SCREENSHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

describe('card spending controls', () => {
  it('gives a newcomer an active virtual USD card', { timeout: 90_000 }, async () => {
    cardId = await newcomerWithCard();
    expect(cardId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses a monthly limit below the per-purchase limit with a sentence, sending nothing', async () => {
    const { context, page, errors } = await phone('en');
    try {
      await page.goto(`${baseUrl()}/#/pages/cardControls/index?id=${cardId}`);
      await page.getByTestId('card-controls-form').waitFor();
      await fill(page, 'controls-per-purchase', '50');
      await fill(page, 'controls-monthly', '20');
      await page.getByTestId('controls-save').click();
      expect(await page.getByTestId('controls-invalid').innerText()).toBe('The monthly limit cannot be lower than the per-purchase limit.');
      await look(page, 'refused', 'en');
      expect((await controlsNow()).perPurchaseLimit).toBeNull();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('saves limits, the online switch and a blocked category from the page', async () => {
    const { context, page, errors } = await phone('en');
    try {
      await page.goto(`${baseUrl()}/#/pages/cardControls/index?id=${cardId}`);
      await page.getByTestId('card-controls-form').waitFor();
      expect(await page.locator('#controls-per-purchase').getAttribute('placeholder')).toBe('No limit');
      await fill(page, 'controls-per-purchase', '5');
      await fill(page, 'controls-monthly', '100');
      await page.getByTestId('controls-online').click();
      await page.getByTestId('controls-categories').getByText(en.cardControls.categories.gambling).click();
      await page.getByTestId('controls-save').click();
      await expect.poll(() => page.getByTestId('controls-saved').innerText()).toContain(en.cardControls.saved);
      expect(await controlsNow()).toMatchObject({
        perPurchaseLimit: '5.00',
        monthlyLimit: '100.00',
        onlineEnabled: false,
        blockedCategories: ['gambling'],
      });
      // What the server now holds is what the page shows.
      expect(await page.locator('#controls-per-purchase').inputValue()).toBe('5.00');
      await look(page, 'saved', 'en');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('declines a purchase above the limit with its reason, shown in the card transactions in English and Chinese', async () => {
    const { cards } = await sandboxCall<{ cards: Array<{ id: string; reference: string }> }>('GET', '/sandbox/cards');
    const issuerCard = cards.find((c) => c.reference === cardId);
    const purchase = await sandboxCall<{ approved: boolean; reason: string | null }>('POST', `/sandbox/cards/${issuerCard?.id}/purchase`, {
      amount: '7.50',
      merchant: MERCHANT,
      channel: 'pos',
    });
    expect(purchase).toMatchObject({ approved: false, reason: 'over_purchase_limit' });
    const online = await sandboxCall<{ approved: boolean; reason: string | null }>('POST', `/sandbox/cards/${issuerCard?.id}/purchase`, {
      amount: '1.00',
      merchant: MERCHANT,
      channel: 'online',
    });
    expect(online).toMatchObject({ approved: false, reason: 'online_disabled' });
    // Nothing moved: the card holds what it held.
    expect(await api<{ balance: string; held: string }>('GET', `/api/v1/cards/${cardId}`)).toMatchObject({ balance: '0', held: '0' });

    for (const [language, reason] of [
      ['en', 'Over your per-purchase limit'],
      ['zh', '超过单笔限额'],
    ] as const) {
      const { context, page, errors } = await phone(language);
      try {
        await page.goto(`${baseUrl()}/#/pages/cardBasic/index?id=${cardId}`);
        await expect.poll(() => page.getByTestId('card-transactions').innerText(), { timeout: 20_000 }).toContain(reason);
        const declined = language === 'en' ? en.cards.tx.declined : zh.cards.tx.declined;
        const row = page.getByTestId('card-tx').filter({ hasText: reason });
        expect(await row.innerText()).toContain(declined);
        expect(await row.innerText()).toContain('7.50');
        await look(page, 'declined', language, { latinData: true });
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });

  it('shows the page in every language, and "card not found" with a way back without a card', async () => {
    for (const language of LANGUAGES) {
      const { context, page, errors } = await phone(language);
      try {
        await page.goto(`${baseUrl()}/#/pages/cardControls/index?id=${cardId}`);
        await page.getByTestId('card-controls-form').waitFor();
        await look(page, 'page', language);
        await page.goto(`${baseUrl()}/#/pages/cardControls/index`);
        await page.getByTestId('card-not-found').waitFor();
        await look(page, 'no-card', language);
        await page.getByTestId('card-not-found-back').click();
        await expect.poll(() => page.evaluate(() => window.location.hash)).toContain('/pages/wallet/index');
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });
});
