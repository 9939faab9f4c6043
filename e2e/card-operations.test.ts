import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { type CardOperation, type Currency, Decimal, type Language } from '@wallet/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatExactMoney, formatRate } from '../apps/web/src/lib/format';
import { CATALOGUES } from '../apps/web/src/lib/i18n/catalogues';
import { en } from '../apps/web/src/lib/i18n/locales/en';
import { launchChromium, SCREENSHOTS, watchedPhone } from './chromium';
import { E2E_PAYMENT_PASSWORD, fundedMember, memberApi, newEmail, sandboxAddress, walletUsdt } from './http';
import { expectCleanPage, hash } from './page-checks';
import { issuerCall, openActiveCard } from './sandbox-issuer';

/**
 * Recharge and card to wallet in the browser, as the card issuer answers them: at once, late (the
 * screen says "processing" and turns into the result by itself), with a refusal (nothing taken, a
 * retry), or with the reply lost on the way (sent again with the same key, the money moves once).
 * The screen must show exactly what moved, checked against the API and the balances. Runs as a
 * member of its own, with USDT from the local chain's faucet and a virtual USD card.
 */

let browser: Browser;
let token: string;
let sandbox: string;
let cardId: string;
const baseUrl = () => inject('baseUrl');

const api = memberApi(baseUrl, () => token);

const sandboxCall = <T>(method: 'GET' | 'POST' | 'DELETE', route: string, body?: unknown) => issuerCall<T>(sandbox, method, route, body);

const walletBalance = () => walletUsdt(api);
const cardBalance = async () => new Decimal((await api<{ balance: string }>('GET', `/api/v1/cards/${cardId}`)).balance);
const shown = (amount: string, currency: string) => `${formatExactMoney(amount, currency as Currency)} ${currency}`;

const phone = (language: Language) => watchedPhone(browser, token, language);

const KINDS = {
  recharge: { prefix: 'recharge', route: 'rechargeCardSun', issuerCall: 'load' },
  withdraw: { prefix: 'to-wallet', route: 'cardToSun', issuerCall: 'unload' },
} as const;
type Kind = keyof typeof KINDS;

/** Opens the screen, types the amount and asks for the figures; returns them as shown. */
async function confirmation(page: Page, kind: Kind, amount: string): Promise<Record<string, string>> {
  const { prefix, route } = KINDS[kind];
  const url = `${baseUrl()}/#/pages/${route}/index?id=${cardId}`;
  // The same address again (a second try on the result screen) would not reload: start afresh.
  if (page.url() === url) await page.reload();
  else await page.goto(url);
  await page.locator(`[data-testid="${prefix}-amount"] input`).fill(amount);
  await page.getByTestId(`${prefix}-quote`).click();
  await page.getByTestId(`${prefix}-submit`).waitFor();
  return figures(page, `${prefix}-summary`);
}

async function figures(page: Page, testId: string): Promise<Record<string, string>> {
  const rows: Record<string, string> = {};
  for (const key of ['fee', 'debited', 'rate', 'credited']) {
    const cell = page.getByTestId(testId).getByTestId(`card-figure-${key}`);
    if ((await cell.count()) > 0) rows[key] = await cell.innerText();
  }
  return rows;
}

/** The figures the screen must show for an operation (or a quote in the same shape). */
function expectedFigures(
  m: Pick<CardOperation, 'kind' | 'debited' | 'debitedCurrency' | 'fee' | 'rate' | 'credited' | 'creditedCurrency'>,
) {
  return {
    // Card to wallet shows its fee too (none), so a member need not wonder.
    fee: shown(m.fee, m.debitedCurrency),
    debited: shown(m.debited, m.debitedCurrency),
    rate: `1 ${m.debitedCurrency} ≈ ${formatRate(m.rate)} ${m.creditedCurrency}`,
    credited: shown(m.credited, m.creditedCurrency),
  };
}

/** Confirms with the payment password; resolves with the operation the server answered. */
async function submit(page: Page, kind: Kind): Promise<CardOperation> {
  const { prefix } = KINDS[kind];
  await page.locator('input[type="password"]').fill(E2E_PAYMENT_PASSWORD);
  const reply = page.waitForResponse(
    (res) => res.request().method() === 'POST' && new URL(res.url()).pathname === `/api/v1/cards/${cardId}/${kind}` && res.status() === 200,
  );
  await page.getByTestId(`${prefix}-submit`).click();
  return ((await (await reply).json()) as { operation: CardOperation }).operation;
}

const operationNow = (id: string) => api<CardOperation>('GET', `/api/v1/cards/${cardId}/operations/${id}`);
const arm = (kind: Kind, mode: 'delay' | 'refuse', ms?: number) =>
  sandboxCall('POST', '/sandbox/faults', { operation: KINDS[kind].issuerCall, mode, ...(ms === undefined ? {} : { ms }) });
/** Holds the issuer's reply until the test has looked (still inside the app's 10 s issuer timeout)... */
const holdReply = (kind: Kind) => arm(kind, 'delay', 9000);
/** ...then lets it go at once, as if the hold were up: no test waits out a fixed delay. */
const letReplyGo = () => sandboxCall('POST', '/sandbox/faults/finish-holds');
const state = (page: Page, status: CardOperation['status']) => page.getByTestId(`card-op-${status}`);

beforeAll(async () => {
  sandbox = await sandboxAddress(baseUrl(), '/dev/issuer');
  browser = await launchChromium();
  if (SCREENSHOTS) await mkdir(SCREENSHOTS, { recursive: true });
});
afterAll(async () => {
  if (sandbox) await sandboxCall('DELETE', '/sandbox/faults');
  await browser?.close();
});

describe('recharge and card to wallet in the browser', () => {
  it('gives a member of its own an active virtual USD card', { timeout: 90_000 }, async () => {
    const member = await fundedMember(baseUrl, { email: newEmail('card-operations'), usdt: '150' });
    token = member.token;
    cardId = await openActiveCard(sandbox, { ...member, firstName: 'Ming', lastName: 'Lee' });
    expect(cardId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('recharges with the fee, rate and arrival shown first, then shows exactly what moved', async () => {
    const { context, page, errors } = await phone('en');
    try {
      const quote = await api<{ fee: string; total: string; rate: string; credited: string; sourceCurrency: string; cardCurrency: string }>(
        'POST',
        `/api/v1/cards/${cardId}/recharge/quote`,
        { amount: '20' },
      );
      // Before the payment password: the same figures the server quotes.
      expect(await confirmation(page, 'recharge', '20')).toEqual(
        expectedFigures({
          kind: 'recharge',
          debited: quote.total,
          debitedCurrency: quote.sourceCurrency,
          fee: quote.fee,
          rate: quote.rate,
          credited: quote.credited,
          creditedCurrency: quote.cardCurrency,
        }),
      );
      const [wallet, card] = [await walletBalance(), await cardBalance()];
      const started = await submit(page, 'recharge');
      await state(page, 'succeeded').waitFor();
      const op = await operationNow(started.id);
      expect(op).toMatchObject({ status: 'succeeded', kind: 'recharge', debited: quote.total, credited: quote.credited });
      expect(await state(page, 'succeeded').innerText()).toBe(
        en.cards.recharge.done.replace('{{amount}}', formatExactMoney(op.credited, 'USD')).replace('{{currency}}', 'USD'),
      );
      expect(await figures(page, 'card-op-figures')).toEqual(expectedFigures(op));
      // What the screen says moved is what moved.
      expect(wallet.minus(await walletBalance()).toFixed()).toBe(new Decimal(op.debited).toFixed());
      expect((await cardBalance()).minus(card).toFixed()).toBe(new Decimal(op.credited).toFixed());

      await page.getByTestId('card-op-back').click();
      await expect.poll(() => hash(page)).toBe(`#/pages/cardBasic/index?id=${cardId}`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('moves card balance to the wallet with what leaves, the rate and what arrives shown first', async () => {
    const { context, page, errors } = await phone('en');
    try {
      const quote = await api<{ amount: string; cardCurrency: string; rate: string; credited: string; walletCurrency: string }>(
        'POST',
        `/api/v1/cards/${cardId}/withdraw/quote`,
        { amount: '7.5' },
      );
      expect(await confirmation(page, 'withdraw', '7.5')).toEqual(
        expectedFigures({
          kind: 'withdraw',
          debited: quote.amount,
          debitedCurrency: quote.cardCurrency,
          fee: '0',
          rate: quote.rate,
          credited: quote.credited,
          creditedCurrency: quote.walletCurrency,
        }),
      );
      const [wallet, card] = [await walletBalance(), await cardBalance()];
      const started = await submit(page, 'withdraw');
      await state(page, 'succeeded').waitFor();
      const op = await operationNow(started.id);
      expect(op).toMatchObject({ status: 'succeeded', kind: 'withdraw', debited: '7.5', credited: quote.credited });
      expect(await figures(page, 'card-op-figures')).toEqual(expectedFigures(op));
      expect(card.minus(await cardBalance()).toFixed()).toBe('7.5');
      expect((await walletBalance()).minus(wallet).toFixed()).toBe(new Decimal(op.credited).toFixed());
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('says "processing" while the card issuer is slow, and turns into success without a reload', async () => {
    const { context, page, errors } = await phone('en');
    try {
      await confirmation(page, 'recharge', '20');
      const [wallet, card] = [await walletBalance(), await cardBalance()];
      await holdReply('recharge');
      const posts: string[] = [];
      page.on('request', (req) => {
        if (req.method() === 'POST' && req.url().endsWith(`/cards/${cardId}/recharge`)) posts.push(req.url());
      });
      // Set in this page's memory: a reload would lose it.
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));
      const started = await submit(page, 'recharge');
      expect(started.status).toBe('processing');
      await state(page, 'processing').waitFor();
      expect(await state(page, 'processing').innerText()).toBe(en.cards.operation.processingRecharge);
      expect(await figures(page, 'card-op-figures')).toEqual(expectedFigures(started));
      // The money is held meanwhile.
      expect(wallet.minus(await walletBalance()).toFixed()).toBe(new Decimal(started.debited).toFixed());

      await letReplyGo();
      await state(page, 'succeeded').waitFor({ timeout: 20_000 });
      expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
      expect(posts).toHaveLength(1);
      const op = await operationNow(started.id);
      expect(op.status).toBe('succeeded');
      expect(await figures(page, 'card-op-figures')).toEqual(expectedFigures(op));
      expect(wallet.minus(await walletBalance()).toFixed()).toBe(new Decimal(op.debited).toFixed());
      expect((await cardBalance()).minus(card).toFixed()).toBe(new Decimal(op.credited).toFixed());
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('says nothing was taken when the card issuer refuses, and a retry goes through as a new request', async () => {
    const { context, page, errors } = await phone('en');
    try {
      await confirmation(page, 'recharge', '20');
      const wallet = await walletBalance();
      const keys: string[] = [];
      page.on('request', (req) => {
        if (req.method() === 'POST' && req.url().endsWith(`/cards/${cardId}/recharge`)) keys.push(req.headers()['idempotency-key'] ?? '');
      });
      await arm('recharge', 'refuse');
      const refused = await submit(page, 'recharge');
      await state(page, 'failed').waitFor({ timeout: 15_000 });
      expect((await operationNow(refused.id)).status).toBe('failed');
      expect(await state(page, 'failed').innerText()).toBe(
        // The amount and its currency are kept on one line.
        en.cards.operation.rechargeReturned.replace('{{amount}}', shown(refused.debited, refused.debitedCurrency).replace(' ', '\u00a0')),
      );
      expect((await walletBalance()).toFixed()).toBe(wallet.toFixed());

      await page.getByTestId('card-op-retry').click();
      await page.getByTestId('recharge-submit').waitFor();
      expect(await page.locator('[data-testid="recharge-amount"] input').inputValue()).toBe('20');
      const retried = await submit(page, 'recharge');
      await state(page, 'succeeded').waitFor({ timeout: 15_000 });
      expect(retried.id).not.toBe(refused.id);
      expect(keys).toHaveLength(2);
      expect(keys[1]).not.toBe(keys[0]);
      expect(wallet.minus(await walletBalance()).toFixed()).toBe(new Decimal(retried.debited).toFixed());
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('sends a request whose reply was lost again with the same key, and the money moves once', async () => {
    const { context, page, errors } = await phone('en');
    try {
      await confirmation(page, 'withdraw', '5');
      const card = await cardBalance();
      const keys: string[] = [];
      let dropReply = true;
      await page.route(`**/api/v1/cards/${cardId}/withdraw`, async (route) => {
        keys.push(route.request().headers()['idempotency-key'] ?? '');
        if (!dropReply) return route.continue();
        dropReply = false;
        // The server gets the request and moves the money; the reply is lost on the way back.
        await route.fetch();
        await route.abort('connectionreset');
      });
      await page.locator('input[type="password"]').fill(E2E_PAYMENT_PASSWORD);
      await page.getByTestId('to-wallet-submit').click();
      await state(page, 'succeeded').waitFor({ timeout: 20_000 });
      expect(keys).toHaveLength(2);
      expect(keys[1]).toBe(keys[0]);
      expect(card.minus(await cardBalance()).toFixed()).toBe('5');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('fits a phone in every language: confirmation, processing, success and failure', { timeout: 300_000 }, async () => {
    for (const language of ['zh', 'en', 'ko', 'ja'] as const) {
      const t = CATALOGUES[language].cards;
      const { context, page, errors } = await phone(language);
      const look = async (name: string) => {
        await expectCleanPage(page, `${name} in ${language}`);
        if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, `card-${name}-${language}.png`), fullPage: true });
      };
      try {
        // Whichever the balances allow first: card to wallet brings the USDT a recharge needs, and back.
        const order = (await cardBalance()).gte(20) ? (['withdraw', 'recharge'] as const) : (['recharge', 'withdraw'] as const);
        for (const kind of order) {
          const amount = '20';
          await confirmation(page, kind, amount);
          await page.locator('input[type="password"]').fill(E2E_PAYMENT_PASSWORD);
          await look(`${kind}-confirm`);
          await holdReply(kind);
          await submit(page, kind);
          await state(page, 'processing').waitFor();
          expect(await state(page, 'processing').innerText()).toBe(
            kind === 'recharge' ? t.operation.processingRecharge : t.operation.processingWithdraw,
          );
          await look(`${kind}-processing`);
          await letReplyGo();
          await state(page, 'succeeded').waitFor({ timeout: 20_000 });
          await look(`${kind}-success`);

          await confirmation(page, kind, amount);
          await arm(kind, 'refuse');
          await submit(page, kind);
          await state(page, 'failed').waitFor({ timeout: 15_000 });
          await look(`${kind}-failure`);
        }
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });
});
