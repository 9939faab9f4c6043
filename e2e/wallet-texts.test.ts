import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Decimal, type Language, LEDGER_TYPES, type Quote } from '@wallet/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatMoney, formatRate } from '../apps/web/src/lib/format';
import { CATALOGUES } from '../apps/web/src/lib/i18n/catalogues';
import { launchChromium, SCREENSHOTS, watchedPhone } from './chromium';
import {
  call,
  E2E_PAYMENT_PASSWORD,
  exchangeByApi,
  fundedMember,
  type Member,
  newTronAddress,
  registerByApi,
  sandboxAddress,
} from './http';
import { expectCleanPage, fill } from './page-checks';
import { openActiveCard } from './sandbox-issuer';

/**
 * Texts and screens of the wallet, in the four languages at 390x844: the transfer's confirmation
 * before the payment password, a record's rate and fee (exchange) and fee split (card top-up), the
 * Account tab without the API documentation, and Japanese labels broken between phrases only.
 */
const LANGUAGES = ['zh', 'en', 'ko', 'ja'] as const;
const baseUrl = () => inject('baseUrl');

let browser: Browser;
let member: Member;
let friend: { uid: string; email: string };
let cardId: string;

const phone = (language: Language) => watchedPhone(browser, member.token, language);
const text = (page: Page, testId: string) => page.getByTestId(testId).innerText();

async function look(page: Page, errors: string[], name: string, language: Language) {
  await expectCleanPage(page, `${name} in ${language}`);
  expect(errors, `errors thrown on ${name}`).toEqual([]);
  if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, `wallet-texts-${name}-${language}.png`), fullPage: true });
}

/** Every open of a page in each language, closed whatever happens. */
async function inEachLanguage(run: (page: Page, errors: string[], language: Language) => Promise<void>) {
  for (const language of LANGUAGES) {
    const { context, page, errors } = await phone(language);
    try {
      await run(page, errors, language);
    } finally {
      await context.close();
    }
  }
}

type Row = { id: string; typeCode: number; amount: string };
const records = async () => (await member.api<{ records: Row[] }>('GET', '/api/v1/wallet/records?limit=50')).records;

beforeAll(async () => {
  browser = await launchChromium();
  if (SCREENSHOTS) await mkdir(SCREENSHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

// expect.poll (the faucet's credit, the card's state) runs only inside a test: the setup is one.
it('sets up a funded member and a friend with a nickname', { timeout: 60_000 }, async () => {
  const tag = randomBytes(4).toString('hex');
  member = await fundedMember(baseUrl, { email: `e2e-texts-${tag}@example.com`, usdt: '200' });
  const friendEmail = `yuki.tanaka.${tag}@example.com`;
  const friendToken = await registerByApi(baseUrl(), { email: friendEmail, network: 'TRON', address: newTronAddress() });
  const named = await call('PATCH', `${baseUrl()}/api/v1/me`, { nickname: 'Yuki' }, { authorization: `Bearer ${friendToken}` });
  expect(named.status, JSON.stringify(named.body)).toBe(200);
  friend = { uid: (named.body as { uid: string }).uid, email: friendEmail };
});

describe('transfer confirmation', () => {
  it('shows what leaves, the fee, what arrives and who receives it before the payment password', async () => {
    await inEachLanguage(async (page, errors, language) => {
      const texts = CATALOGUES[language].transfer;
      await page.goto(`${baseUrl()}/#/pages/transferMoneySun/bindSun/index?uid=${friend.uid}`);
      await fill(page, 'transfer-amount', '12.5');
      expect(await page.getByTestId('transfer-pay-password').count()).toBe(0);
      await page.getByTestId('transfer-next').click();

      await expect.poll(() => text(page, 'transfer-review-send')).toBe('12.50 USDT');
      expect(await text(page, 'transfer-review-fee')).toBe('0.00 USDT');
      expect(await text(page, 'transfer-review-receive')).toBe('12.50 USDT');
      expect(await text(page, 'transfer-review-nickname')).toBe('Yuki');
      expect(await text(page, 'transfer-review-email')).toBe('yu***@example.com');
      const review = await text(page, 'transfer-review');
      expect(review).toContain(texts.fee);
      expect(review).not.toContain(friend.email);
      // The figures come before the payment password, in reading order.
      const figuresFirst = await page.evaluate(() => {
        const figures = document.querySelector('[data-testid="transfer-review"]');
        const password = document.querySelector('[data-testid="transfer-pay-password"] input');
        return !!figures && !!password && (figures.compareDocumentPosition(password) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
      });
      expect(figuresFirst).toBe(true);
      await look(page, errors, 'transfer-review', language);
    });
  });
});

describe('record details', () => {
  let exchange: Quote;
  let topUp: { fee: string; total: string; amount: string; rate: string; credited: string; cardCurrency: string };

  it('has an exchange and a card top-up to show', { timeout: 90_000 }, async () => {
    exchange = await exchangeByApi(member.api, 'USDT', 'USD', '40');

    cardId = await openActiveCard(await sandboxAddress(baseUrl(), '/dev/issuer'), { ...member, firstName: 'Texts', lastName: 'Member' });
    topUp = await member.api('POST', `/api/v1/cards/${cardId}/recharge/quote`, { amount: '50' });
    const done = await member.api<{ operation: { status: string } }>(
      'POST',
      `/api/v1/cards/${cardId}/recharge`,
      { amount: '50', paymentPassword: E2E_PAYMENT_PASSWORD },
      { 'idempotency-key': crypto.randomUUID() },
    );
    expect(done.operation.status).toBe('succeeded');
  });

  it('shows an exchange with its rate and fee', async () => {
    const paid = (await records()).find((r) => r.typeCode === 41 && r.amount.startsWith('-'));
    expect(paid).toBeDefined();
    await inEachLanguage(async (page, errors, language) => {
      await page.goto(`${baseUrl()}/#/pages/recordsSun/detail?id=${paid?.id}`);
      await expect.poll(() => text(page, 'record-figure-rate')).toBe(`1 USDT ≈ ${formatRate(exchange.rate)} USD`);
      expect(await text(page, 'record-figure-fee')).toBe(`${formatMoney(exchange.fee, 'USDT')} USDT`);
      expect(await text(page, 'record-figure-paid')).toBe('40.00 USDT');
      expect(await text(page, 'record-figure-received')).toBe(`${formatMoney(exchange.amountOut, 'USD')} USD`);
      await look(page, errors, 'record-exchange', language);
    });
  });

  it('shows a card top-up by its name, with the amount loaded, the fee and the total', async () => {
    const row = (await records()).find((r) => r.typeCode === 24);
    expect(row?.amount).toBe(`-${new Decimal(topUp.total).toFixed()}`);
    await inEachLanguage(async (page, errors, language) => {
      await page.goto(`${baseUrl()}/#/pages/recordsSun/detail?id=${row?.id}`);
      await expect.poll(() => text(page, 'record-figure-fee')).toBe(`${formatMoney(topUp.fee, 'USDT')} USDT`);
      expect(await text(page, 'record-type')).toBe(LEDGER_TYPES[24].label[language]);
      expect(await text(page, 'record-figure-loaded')).toBe('50.00 USDT');
      expect(await text(page, 'record-figure-total')).toBe(`${formatMoney(topUp.total, 'USDT')} USDT`);
      expect(await text(page, 'record-figure-rate')).toBe(`1 USDT ≈ ${formatRate(topUp.rate)} USD`);
      expect(await text(page, 'record-figure-cardReceived')).toBe(`${formatMoney(topUp.credited, 'USD')} USD`);
      await look(page, errors, 'record-card-top-up', language);
    });
    expect(LEDGER_TYPES[24].label.en).toBe('Card top-up');
  });
});

describe('account tab', () => {
  it('offers members no API documentation', async () => {
    await inEachLanguage(async (page, errors, language) => {
      await page.goto(`${baseUrl()}/#/pages/account/index`);
      await page.getByText(CATALOGUES[language].account.about.version).waitFor();
      expect(await page.locator('a[href$="/docs"]').count()).toBe(0);
      expect(await page.locator('body').innerText()).not.toMatch(/API/);
      await look(page, errors, 'account', language);
    });
  });
});

/**
 * How many lines each of `words` spans inside the element `testId`, measured on the rendered text
 * (Range.getClientRects of the word): 1 when the word is kept whole, -1 when the word is not there.
 */
function linesOfWords(page: Page, testId: string, words: string[]): Promise<Record<string, number>> {
  return page.evaluate(
    ([id, list]) => {
      const element = document.querySelector(`[data-testid="${id}"]`);
      const lines: Record<string, number> = {};
      for (const word of list) {
        lines[word] = -1;
        const walker = element ? document.createTreeWalker(element, NodeFilter.SHOW_TEXT) : null;
        for (let node = walker?.nextNode(); node; node = walker?.nextNode()) {
          const at = (node as Text).data.indexOf(word);
          if (at < 0) continue;
          const range = document.createRange();
          range.setStart(node, at);
          range.setEnd(node, at + word.length);
          lines[word] = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
          break;
        }
      }
      return lines;
    },
    [testId, words] as const,
  );
}

describe('Japanese line breaks', () => {
  it('breaks labels between phrases, never inside a word', async () => {
    const { context, page, errors } = await phone('ja');
    try {
      await page.goto(`${baseUrl()}/#/`);
      await page.getByTestId('action-payout').waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('ja');
      expect(await linesOfWords(page, 'action-payout', ['クイック両替'])).toEqual({ クイック両替: 1 });
      await look(page, errors, 'home', 'ja');

      await page.goto(`${baseUrl()}/#/pages/cardBasic/index?id=${cardId}`);
      await page.getByTestId('go-to-wallet').waitFor();
      expect(await linesOfWords(page, 'go-to-wallet', ['ウォレットへ'])).toEqual({ ウォレットへ: 1 });
      expect(await linesOfWords(page, 'show-details', ['カード番号と', 'CVV'])).toEqual({ カード番号と: 1, CVV: 1 });
      await look(page, errors, 'card', 'ja');
    } finally {
      await context.close();
    }
  });
});
