import { type BalancesReply, Decimal, ERRORS, formatAmount, LEDGER_TYPES, LIMITS } from '@wallet/contract';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatMoney } from '../apps/web/src/lib/format';
import { en } from '../apps/web/src/lib/i18n/locales/en';
import { launchChromium } from './chromium';
import { E2E_PASSWORD, E2E_PAYMENT_PASSWORD, exchangeByApi, fundedMember, type Member, newEmail } from './http';
import { expectCleanPage as expectPageClean, hash } from './page-checks';

/**
 * The wallet screens in the browser against the real server, as a member of its own holding USDT,
 * USD, HKD and JPY: home with its balances and total, an exchange refused below the minimum and one
 * done with the payment password, the records it leaves (filtered by currency), and the display
 * currency of the total.
 */

let browser: Browser;
let context: BrowserContext;
let page: Page;
let member: Member;
const pageErrors: string[] = [];
const requests: Request[] = [];
const baseUrl = () => inject('baseUrl');

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: { authorization: `Bearer ${member.token}`, 'content-type': 'application/json', 'accept-language': 'en' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status, `${method} ${path}`).toBe(200);
  return (await res.json()) as T;
}
const balances = () => api<BalancesReply>('GET', '/api/v1/wallet/balances');
const balanceOf = (reply: BalancesReply, currency: string) => reply.balances.find((row) => row.currency === currency)?.balance ?? '0';

/** An English text of the app with its placeholders filled, as i18next shows it. */
const say = (template: string, values: Record<string, string> = {}) =>
  Object.entries(values).reduce((out, [name, value]) => out.replaceAll(`{{${name}}}`, value), template);

const text = (testId: string) => page.getByTestId(testId).first().innerText();

const expectCleanPage = (where: string) => expectPageClean(page, where);

beforeAll(async () => {
  member = await fundedMember(baseUrl, { email: newEmail('wallet'), usdt: '300' });
  // Four currencies held, as a member who has exchanged before; USD enough for the paging test's exchanges back.
  await exchangeByApi(member.api, 'USDT', 'USD', '120');
  await exchangeByApi(member.api, 'USDT', 'HKD', '20');
  await exchangeByApi(member.api, 'USDT', 'JPY', '20');

  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('request', (request) => requests.push(request));
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('the wallet of a member holding four currencies', () => {
  it('logs in and shows every balance and the total on home', async () => {
    await page.goto(`${baseUrl()}/#/pages/login/index`);
    await page.getByTestId('lang-en').click();
    await page.locator('[data-testid="login-email"] input').fill(member.email);
    await page.locator('[data-testid="login-password"] input').fill(E2E_PASSWORD);
    await page.getByTestId('login-submit').click();
    await expect.poll(() => hash(page)).toBe('#/');

    const reply = await balances();
    expect(reply.displayCurrency).toBe('USD');
    await expect.poll(() => text('home-total-amount')).toBe(formatMoney(reply.totalEstimate, 'USD'));
    expect(await text('home-total-label')).toBe(say(en.home.total.label, { currency: 'USD' }));
    // The member holds USDT, USD, HKD and JPY; currencies it never held show as zero.
    expect(await text('balance-USDT')).toBe(formatMoney(balanceOf(reply, 'USDT'), 'USDT'));
    expect(await text('balance-HKD')).toBe(formatMoney(balanceOf(reply, 'HKD'), 'HKD'));
    expect(await text('balance-JPY')).toBe(formatMoney(balanceOf(reply, 'JPY'), 'JPY'));
    expect(await text('balance-EUR')).toBe('0.00');
    expect(await text('balance-KRW')).toBe('0');
    await expectCleanPage('home');
  });

  it('refuses an exchange below the minimum in the browser, without asking the server', async () => {
    await page.getByTestId('action-exchange').click();
    await expect.poll(() => hash(page)).toBe('#/pages/exchangeSun/index');
    await page.getByTestId('exchange-quote').waitFor();
    await expectCleanPage('exchange');

    const before = requests.length;
    await page.locator('[data-testid="exchange-amount"] input').fill('9.99');
    await page.getByTestId('exchange-quote').click();
    await expect
      .poll(() => page.getByTestId('exchange-amount').innerText())
      .toContain(say(en.amountInput.belowMinimum, { minimum: formatAmount(LIMITS.exchange.minimum, 'USDT'), currency: 'USDT' }));
    expect(requests.slice(before).filter((request) => request.url().includes('/exchange/quotes'))).toEqual([]);
    expect(await page.getByTestId('exchange-quote-card').count()).toBe(0);
  });

  it('exchanges with the payment password, once, under one idempotency key', async () => {
    const before = await balances();
    await page.locator('[data-testid="exchange-amount"] input').fill('25');
    await page.getByTestId('exchange-quote').click();
    await page.getByTestId('quote-confirm').waitFor();
    expect(await text('quote-pay')).toBe('25.00 USDT');
    expect(await text('quote-countdown')).toMatch(new RegExp(`^${say(en.exchange.quote.expiresIn, { seconds: '\\d+' })}$`));
    const receive = (await text('quote-receive')).replace(/ USD$/, '');
    await expectCleanPage('exchange quote');

    await page.getByTestId('quote-confirm').click();
    await page.locator('[data-testid="exchange-password"] input').fill('000000');
    await page.getByTestId('exchange-submit').click();
    await expect.poll(() => page.getByTestId('exchange-password').innerText()).toContain(ERRORS.PAYMENT_PASSWORD_WRONG.message.en);

    await page.locator('[data-testid="exchange-password"] input').fill(E2E_PAYMENT_PASSWORD);
    await page.getByTestId('exchange-submit').click();
    await expect
      .poll(() => text('exchange-done'))
      .toBe(say(en.exchange.done.description, { pay: '25.00 USDT', receive: `${receive} USD` }));

    const posts = requests.filter((request) => request.method() === 'POST' && request.url().endsWith('/api/v1/wallet/exchange'));
    expect(posts).toHaveLength(2);
    const keys = posts.map((request) => request.headers()['idempotency-key']);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);

    const after = await balances();
    expect(new Decimal(balanceOf(before, 'USDT')).minus(balanceOf(after, 'USDT')).toFixed()).toBe('25');
    expect(formatMoney(balanceOf(after, 'USD'), 'USD')).not.toBe(formatMoney(balanceOf(before, 'USD'), 'USD'));
  });

  it('lists the exchange in the records, newest first, and filters them by currency', async () => {
    await page.getByText(en.exchange.done.records).click();
    await expect.poll(() => hash(page)).toBe('#/pages/recordsSun/index');
    const label = LEDGER_TYPES[41].label.en;
    await expect.poll(() => page.getByTestId('record-row').first().innerText()).toContain(label);
    const first = await page.getByTestId('record-amount').nth(0).innerText();
    const second = await page.getByTestId('record-amount').nth(1).innerText();
    // One journal, two entries: the USDT paid and the USD received.
    const paid = [first, second].find((amount) => amount.endsWith(' USDT'));
    const received = [first, second].find((amount) => amount.endsWith(' USD'));
    expect(paid).toBe('−25.00 USDT');
    expect(received).toMatch(/^\+[\d,]+\.\d{2} USD$/);
    await expectCleanPage('records');

    await page.getByTestId('records-filter-currency').click();
    await page.getByTestId('records-currency-JPY').click();
    await expect.poll(() => hash(page)).toBe('#/pages/recordsSun/index?currency=JPY');
    await expect.poll(async () => (await page.getByTestId('record-amount').allInnerTexts()).length).toBeGreaterThan(0);
    const jpy = await page.getByTestId('record-amount').allInnerTexts();
    expect(
      jpy.every((amount) => amount.endsWith(' JPY')),
      jpy.join(' | '),
    ).toBe(true);
    expect(await text('records-filter-currency')).toBe('JPY');

    await page.getByTestId('records-filter-currency').click();
    await page.getByTestId('records-currency-USDT').click();
    await expect.poll(() => hash(page)).toBe('#/pages/recordsSun/index?currency=USDT');
    await expect.poll(() => page.getByTestId('record-amount').first().innerText()).toBe('−25.00 USDT');
    const usdt = await page.getByTestId('record-amount').allInnerTexts();
    expect(
      usdt.every((amount) => amount.endsWith(' USDT')),
      usdt.join(' | '),
    ).toBe(true);

    await page.getByTestId('record-row').first().click();
    await expect.poll(() => hash(page)).toMatch(/^#\/pages\/recordsSun\/detail\?id=\d+$/);
    await expect.poll(() => text('record-detail-amount')).toBe('−25.00 USDT');
    expect(await text('record-type')).toBe(label);
    await expectCleanPage('record detail');
  });

  it('loads older records page by page as the list scrolls', async () => {
    // More movements than one page holds (20): exchanges made through the API.
    for (let i = 0; i < 8; i += 1) await exchangeByApi(member.api, 'USD', 'USDT', '10');
    const all = await api<{ records: Array<{ id: string }>; nextCursor: string | null }>('GET', '/api/v1/wallet/records?limit=100');
    expect(all.nextCursor).toBeNull();
    expect(all.records.length).toBeGreaterThan(20);

    await page.goto(`${baseUrl()}/#/pages/recordsSun/index`);
    // The list may first show what an earlier visit cached, then the first page fetched again.
    await expect.poll(() => page.getByTestId('record-row').count()).toBe(20);
    await expect
      .poll(
        async () => {
          await page.mouse.wheel(0, 5000);
          return page.getByTestId('record-row').count();
        },
        { timeout: 15_000 },
      )
      .toBe(all.records.length);
    const shown = await page.getByTestId('record-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('href')));
    expect(shown).toEqual(all.records.map((record) => `#/pages/recordsSun/detail?id=${record.id}`));
    await expect.poll(() => page.evaluate(() => document.body.innerText)).toContain(en.records.end);
  });

  it('totals home in the display currency chosen from the total', async () => {
    await page.goto(`${baseUrl()}/#/`);
    await expect.poll(() => text('home-total-label')).toBe(say(en.home.total.label, { currency: 'USD' }));
    await page.getByTestId('home-total').click();
    await expect.poll(() => hash(page)).toBe('#/pages/changeBZSun/index');
    await expectCleanPage('display currency');
    await page.getByTestId('display-currency-EUR').click();

    await expect.poll(() => hash(page)).toBe('#/');
    await expect.poll(() => text('home-total-label')).toBe(say(en.home.total.label, { currency: 'EUR' }));
    const reply = await balances();
    expect(reply.displayCurrency).toBe('EUR');
    await expect.poll(() => text('home-total-amount')).toBe(formatMoney(reply.totalEstimate, 'EUR'));
    expect(pageErrors).toEqual([]);
  });
});
