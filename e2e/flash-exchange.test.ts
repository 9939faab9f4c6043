import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Decimal, ERRORS, type Language, LEDGER_TYPES, type PayoutOrder, type PayoutQuote } from '@wallet/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatExactMoney } from '../apps/web/src/lib/format';
import { CATALOGUES } from '../apps/web/src/lib/i18n/catalogues';
import { en } from '../apps/web/src/lib/i18n/locales/en';
import { launchChromium, SCREENSHOTS, watchedPhone } from './chromium';
import { call, E2E_PAYMENT_PASSWORD, fundedMember, memberApi, newEmail, sandboxAddress, walletUsdt } from './http';
import { expectCleanPage, fill, hash } from './page-checks';

/**
 * Flash exchange in the browser against the real server and its sandbox payout partner: an Alipay
 * account added in the form, USDT sold at a quote with the payment password, and the order followed
 * on screen until the partner pays it (arrived) or refuses it (rejected, the USDT back to the cent).
 * Runs as a member of its own, with USDT from the local chain's faucet; screenshots of every screen in
 * every language with E2E_SCREENSHOTS=<dir>.
 */
/** The account holder: any name while no card KYC of the member's has passed (none here) to compare it with. */
const holder = { lastName: 'Wang', firstName: 'Fang' };
/** Where the birth date wheels start when nothing is picked: the ID number is made for it. */
const BIRTH_DATE = '1990-01-01';
const ALIPAY_ACCOUNT = '13800138000';

let browser: Browser;
let token: string;
let partner: string;
const baseUrl = () => inject('baseUrl');

const api = memberApi(baseUrl, () => token);

const walletBalance = () => walletUsdt(api);

/** A mainland resident ID number for a birth date, with its MOD 11-2 check character. */
function residentIdNumber(birthDate: string, sequence = '123'): string {
  const body = `110105${birthDate.replaceAll('-', '')}${sequence}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = weights.reduce((total, weight, i) => total + weight * Number(body[i]), 0);
  return `${body}${'10X98765432'[sum % 11]}`;
}

/** The sandbox partner's answer for an order (its payout id is our order id), once the app has sent it. */
async function partnerSays(orderId: string, outcome: 'paid' | 'rejected', reason?: string) {
  const route = `${partner}/sandbox/payouts/${orderId}/${outcome}`;
  // The order reaches the partner from a background job: wait until the partner knows it.
  await expect
    .poll(async () => (await call('POST', route, outcome === 'rejected' ? { reason } : undefined)).status, { timeout: 20_000 })
    .toBe(200);
}

const phone = (language: Language, width = 390) => watchedPhone(browser, token, language, { viewport: { width, height: 844 } });

const text = (page: Page, testId: string) => page.getByTestId(testId).first().innerText();
const usdt = (amount: string) => `${formatExactMoney(amount, 'USDT')} USDT`;

async function look(page: Page, name: string) {
  await expectCleanPage(page, name);
  if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, `flash-${name}.png`), fullPage: true });
}

/** Types an amount on the sell screen and asks for a quote; resolves with the quote the server gave. */
async function quoteFor(page: Page, amount: string): Promise<PayoutQuote> {
  await fill(page, 'payout-amount', amount);
  const reply = page.waitForResponse((res) => res.request().method() === 'POST' && res.url().endsWith('/api/v1/payout/quotes'));
  await page.getByTestId('payout-quote').click();
  const quote = (await (await reply).json()) as PayoutQuote;
  await page.getByTestId('payout-password-submit').waitFor();
  return quote;
}

/** Confirms the quote on screen with the payment password; resolves with the order and the key it was sent with. */
async function sell(page: Page): Promise<{ order: PayoutOrder; key: string }> {
  await fill(page, 'payout-password', E2E_PAYMENT_PASSWORD);
  const reply = page.waitForResponse(
    (res) => res.request().method() === 'POST' && res.url().endsWith('/api/v1/payout/orders') && res.status() === 200,
  );
  await page.getByTestId('payout-password-submit').click();
  const response = await reply;
  const order = (await response.json()) as PayoutOrder;
  await expect.poll(() => hash(page)).toBe(`#/pages/huichu/order?id=${order.id}`);
  return { order, key: response.request().headers()['idempotency-key'] ?? '' };
}

beforeAll(async () => {
  // Sold below: 100, 50.5 (given back) and 10 USDT with their fees.
  ({ token } = await fundedMember(baseUrl, { email: newEmail('flash'), usdt: '300' }));
  partner = await sandboxAddress(baseUrl(), '/dev/payout');
  browser = await launchChromium();
  if (SCREENSHOTS) await mkdir(SCREENSHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

describe('flash exchange to Alipay', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  beforeAll(async () => {
    ({ context, page, errors } = await phone('en'));
  });
  afterAll(() => context?.close());

  it('adds an Alipay account in the form, each field checked as the contract says', async () => {
    await page.goto(`${baseUrl()}/#/pages/huichu/index`);
    await page.getByTestId('payee-add').waitFor();
    await look(page, 'sell-no-payee-en');
    await page.getByTestId('payee-add').click();
    await expect.poll(() => hash(page)).toBe('#/pages/addInfo/index?kind=alipay&redirect=%2Fpages%2Fhuichu%2Findex');

    const posts: string[] = [];
    page.on('request', (req) => {
      if (req.method() === 'POST' && req.url().endsWith('/api/v1/payout/payees')) posts.push(req.url());
    });
    await page.getByTestId('payee-submit').click();
    await expect.poll(() => text(page, 'payee-alipayAccount')).toContain(ERRORS.PAYEE_ALIPAY_ACCOUNT_INVALID.message.en);
    expect(await text(page, 'payee-idNumber')).toContain(ERRORS.PAYEE_ID_NUMBER_INVALID.message.en);
    await look(page, 'payee-form-errors-en');

    await fill(page, 'payee-alipayAccount', ALIPAY_ACCOUNT);
    await fill(page, 'payee-lastName', holder.lastName);
    await fill(page, 'payee-firstName', holder.firstName);
    await page.getByTestId('birth-date-open').click();
    await page.locator('.adm-picker-header-button').last().click();
    await expect.poll(() => text(page, 'birth-date-open')).toBe(BIRTH_DATE);
    await fill(page, 'payee-city', 'Shanghai');
    await fill(page, 'payee-address', '1 Century Avenue, Pudong');
    // Another birthday in the ID number: the form says which field disagrees, before sending.
    await fill(page, 'payee-idNumber', residentIdNumber('1991-05-20'));
    await fill(page, 'payee-pay-password', E2E_PAYMENT_PASSWORD);
    await page.getByTestId('payee-submit').click();
    await expect.poll(() => text(page, 'payee-birthDate')).toContain(ERRORS.PAYEE_BIRTH_DATE_MISMATCH.message.en);
    expect(posts).toEqual([]);

    await fill(page, 'payee-idNumber', residentIdNumber(BIRTH_DATE));
    await page.getByTestId('payee-submit').click();
    await expect.poll(() => hash(page), { timeout: 15_000 }).toMatch(/^#\/pages\/huichu\/index\?payee=[0-9a-f-]{36}$/);
    expect((await text(page, 'payee-holder')).toLowerCase()).toBe(`${holder.lastName} ${holder.firstName}`.toLowerCase());
    expect(await text(page, 'payee-account')).toBe(`•••• ${ALIPAY_ACCOUNT.slice(-4)}`);
    // The server keeps only the last 4 characters where lists can see them.
    const { payees } = await api<{ payees: Array<{ accountLast4: string; idNumberLast4: string }> }>(
      'GET',
      '/api/v1/payout/payees?kind=alipay',
    );
    expect(payees[0]).toMatchObject({ accountLast4: '8000', idNumberLast4: residentIdNumber(BIRTH_DATE).slice(-4) });
    expect(errors).toEqual([]);
  });

  it('sells 100 USDT at the quote shown, and follows the order until the partner pays it', async () => {
    await page.getByTestId('payout-remaining').waitFor();
    await look(page, 'sell-en');
    await page.getByTestId('amount-max').click();
    const max = new Decimal(await page.locator('[data-testid="payout-amount"] input').inputValue());
    expect(max.decimalPlaces()).toBeLessThanOrEqual(2);
    expect((await walletBalance()).minus(max).lt('0.01')).toBe(true);

    const quote = await quoteFor(page, '100');
    expect(quote.amount).toBe('100');
    expect(await text(page, 'payout-pay')).toBe(usdt(quote.amount));
    expect(await text(page, 'payout-fee')).toBe(usdt(quote.fee));
    expect(await text(page, 'payout-rate')).toBe(`1 USDT = ${quote.rate} CNY`);
    expect(await text(page, 'payout-receive')).toBe(`${formatExactMoney(quote.amountOut, 'CNY')} CNY`);
    expect(await text(page, 'quote-countdown')).toMatch(/^Price held for \d+ s$/);
    await look(page, 'quote-en');

    const before = await walletBalance();
    const { order, key } = await sell(page);
    expect(key).toMatch(/^[A-Za-z0-9_.:-]{8,128}$/);
    expect(order).toMatchObject({ status: 'in_progress', amount: quote.amount, amountOut: quote.amountOut });
    await expect.poll(() => text(page, 'payout-status')).toBe(en.payout.orders.status.in_progress);
    expect(await text(page, 'payout-order-amount')).toBe(`${formatExactMoney(order.amountOut, 'CNY')} CNY`);
    // The USDT sold is held at once.
    expect(before.minus(await walletBalance()).toFixed()).toBe(new Decimal(order.amount).toFixed());
    await look(page, 'order-in-progress-en');

    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await partnerSays(order.id, 'paid');
    await expect.poll(() => text(page, 'payout-status'), { timeout: 20_000 }).toBe(en.payout.orders.status.arrived);
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(await page.getByTestId('payout-history').innerText()).toContain(en.payout.orders.step.arrived);
    expect((await api<PayoutOrder>('GET', `/api/v1/payout/orders/${order.id}`)).status).toBe('arrived');
    await look(page, 'order-arrived-en');

    await page.getByTestId('payout-orders-link').click();
    await expect.poll(() => hash(page)).toBe('#/pages/huichu/orders');
    const row = page.getByTestId('payout-order-row').first();
    await row.waitFor();
    expect(await row.innerText()).toContain(`${usdt(order.amount)} → ${formatExactMoney(order.amountOut, 'CNY')} CNY`);
    expect(await row.getByTestId('payout-status').innerText()).toBe(en.payout.orders.status.arrived);
    await look(page, 'orders-en');

    // The wallet's records show the sale under its ledger code, exactly as much as moved.
    await page.goto(`${baseUrl()}/#/pages/recordsSun/index?currency=USDT`);
    const record = page.getByTestId('record-row').first();
    await expect.poll(() => record.innerText()).toContain(LEDGER_TYPES[118].label.en);
    expect(await text(page, 'record-amount')).toBe(`\u2212${usdt(order.amount)}`);
    expect(errors).toEqual([]);
  });

  it('shows a rejection with its reason, and the USDT comes back to the cent', async () => {
    await page.goto(`${baseUrl()}/#/pages/huichu/index`);
    const start = await walletBalance();
    await quoteFor(page, '50.5');
    const { order } = await sell(page);
    expect(start.minus(await walletBalance()).toFixed()).toBe('50.5');

    const reason = 'The account cannot receive payments (sandbox)';
    await partnerSays(order.id, 'rejected', reason);
    await page.getByTestId('payout-rejected').waitFor({ timeout: 20_000 });
    expect(await text(page, 'payout-rejected')).toContain(en.payout.orders.rejected);
    expect(await text(page, 'payout-status')).toBe(en.payout.orders.status.rejected);
    expect(await text(page, 'payout-order-amount')).toBe(usdt(order.amount));
    await expect.poll(async () => (await walletBalance()).toFixed()).toBe(start.toFixed());
    const ended = await api<PayoutOrder>('GET', `/api/v1/payout/orders/${order.id}`);
    expect(ended).toMatchObject({ status: 'rejected' });
    if (ended.reason) expect(await text(page, 'payout-rejected')).toContain(ended.reason);
    await look(page, 'order-rejected-en');
    expect(errors).toEqual([]);
  });

  it('confirms again with the same key after a lost reply, and sells once', async () => {
    await page.goto(`${baseUrl()}/#/pages/huichu/index`);
    await quoteFor(page, '10');
    const start = await walletBalance();
    const keys: string[] = [];
    let dropReply = true;
    await page.route('**/api/v1/payout/orders', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (!dropReply) return route.continue();
      dropReply = false;
      // The server gets the order and holds the USDT; the reply is lost on the way back.
      await route.fetch();
      await route.abort('connectionreset');
    });
    await fill(page, 'payout-password', E2E_PAYMENT_PASSWORD);
    await page.getByTestId('payout-password-submit').click();
    await expect.poll(() => page.getByRole('alert').innerText()).toContain('Cannot reach the server');
    expect(start.minus(await walletBalance()).toFixed()).toBe('10');

    await page.getByTestId('payout-password-submit').click();
    await expect.poll(() => hash(page), { timeout: 15_000 }).toMatch(/^#\/pages\/huichu\/order\?id=/);
    await page.unroute('**/api/v1/payout/orders');
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(start.minus(await walletBalance()).toFixed()).toBe('10');
    expect(errors).toEqual([]);
  });
});

describe('flash exchange screens', () => {
  it('manage receiving accounts: a bank account added with the payment password, then edited after it', async () => {
    const { context, page, errors } = await phone('en');
    try {
      await page.goto(`${baseUrl()}/#/pages/collectionDui/index?kind=bank`);
      await page.getByTestId('payee-add').first().click();
      await expect.poll(() => hash(page)).toMatch(/^#\/pages\/addInfo\/index\?kind=bank&redirect=/);
      await fill(page, 'payee-name', `${holder.lastName} ${holder.firstName}`);
      await fill(page, 'payee-idNumber', residentIdNumber(BIRTH_DATE, '456'));
      await fill(page, 'payee-bankName', 'Bank of China');
      await fill(page, 'payee-accountNumber', '6217 0000 1234 5678');
      await fill(page, 'payee-phone', '139 0013 9000');
      await fill(page, 'payee-pay-password', E2E_PAYMENT_PASSWORD);
      await page.getByTestId('payee-submit').click();
      await expect.poll(() => hash(page), { timeout: 15_000 }).toMatch(/^#\/pages\/collectionDui\/index\?kind=bank&payee=/);
      const row = page.getByTestId('payee-row').first();
      await row.waitFor();
      expect(await row.getByTestId('payee-account').innerText()).toBe('Bank of China\n•••• 5678');
      await look(page, 'payees-bank-en');

      await row.getByTestId('payee-edit').click();
      await fill(page, 'payee-reveal-password', E2E_PAYMENT_PASSWORD);
      await page.getByTestId('payee-reveal-password-submit').click();
      await expect.poll(() => page.locator('[data-testid="payee-accountNumber"] input').inputValue()).toBe('6217000012345678');
      await fill(page, 'payee-bankName', 'Industrial and Commercial Bank of China');
      await page.getByTestId('payee-submit').click();
      await expect
        .poll(() => page.getByTestId('payee-row').first().getByTestId('payee-account').innerText(), { timeout: 15_000 })
        .toContain('Industrial and Commercial Bank of China');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('fit a phone in every language', { timeout: 240_000 }, async () => {
    const { orders } = await api<{ orders: PayoutOrder[] }>('GET', '/api/v1/payout/orders');
    const order = orders[0];
    expect(order).toBeDefined();
    for (const language of ['zh', 'en', 'ko', 'ja'] as const) {
      const t = CATALOGUES[language].payout;
      const { context, page, errors } = await phone(language, 320);
      try {
        await page.goto(`${baseUrl()}/#/pages/huichu/index`);
        await page.getByTestId('payout-remaining').waitFor();
        await quoteFor(page, '20');
        await look(page, `quote-${language}-320`);
        await page.goto(`${baseUrl()}/#/pages/duihuan/index`);
        await page.getByTestId('payee-change').waitFor();
        await look(page, `sell-bank-${language}-320`);
        await page.goto(`${baseUrl()}/#/pages/huichu/order?id=${order?.id}`);
        await page.getByTestId('payout-status').waitFor();
        expect(await text(page, 'payout-status')).toBe(t.orders.status[order?.status ?? 'arrived']);
        await look(page, `order-${language}-320`);
        await page.goto(`${baseUrl()}/#/pages/huichu/orders`);
        await page.getByTestId('payout-order-row').first().waitFor();
        await look(page, `orders-${language}-320`);
        await page.goto(`${baseUrl()}/#/pages/collectionDui/index`);
        await page.getByTestId('payee-row').first().waitFor();
        await look(page, `payees-${language}-320`);
        await page.goto(`${baseUrl()}/#/pages/addInfo/index?kind=alipay`);
        await page.getByTestId('payee-submit').click();
        await look(page, `payee-form-${language}-320`);
        await page.goto(`${baseUrl()}/#/`);
        await page.getByTestId('action-payout').waitFor();
        await look(page, `home-${language}-320`);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });

  it('make another account the default, and delete one after confirming', async () => {
    const second = await api<{ id: string }>('POST', '/api/v1/payout/payees', {
      payee: {
        kind: 'alipay',
        alipayAccount: 'demo.second@example.com',
        ...holder,
        birthDate: BIRTH_DATE,
        city: 'Hangzhou',
        address: '969 Wenyi West Road',
        idNumber: residentIdNumber(BIRTH_DATE),
      },
      paymentPassword: E2E_PAYMENT_PASSWORD,
    });
    const { context, page, errors } = await phone('en');
    try {
      await page.goto(`${baseUrl()}/#/pages/collectionDui/index?kind=alipay`);
      const rows = page.getByTestId('payee-row');
      await expect.poll(() => rows.count()).toBe(2);
      // An email account reads by its start and its domain ('de•••@example.com').
      const secondRow = rows.filter({ hasText: '@example.com' });
      await secondRow.getByTestId('payee-set-default').click();
      // The default comes first.
      await expect.poll(() => rows.first().innerText(), { timeout: 10_000 }).toContain('@example.com');
      expect(await rows.first().getByTestId('payee-default').count()).toBe(1);

      await rows.nth(1).getByTestId('payee-delete').click();
      await page.getByRole('button', { name: en.payout.payees.delete }).last().click();
      await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(1);
      const { payees } = await api<{ payees: Array<{ id: string; isDefault: boolean }> }>('GET', '/api/v1/payout/payees?kind=alipay');
      expect(payees).toEqual([expect.objectContaining({ id: second.id, isDefault: true })]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
