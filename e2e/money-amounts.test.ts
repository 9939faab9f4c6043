import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import {
  type BalancesReply,
  Decimal,
  LANGUAGES,
  type Language,
  type PayoutOrder,
  type PayoutQuote,
  type Quote,
  type Withdrawal,
} from '@wallet/contract';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatMoney, formatSignedMoney } from '../apps/web/src/lib/format';
import { CATALOGUES } from '../apps/web/src/lib/i18n/catalogues';
import { en } from '../apps/web/src/lib/i18n/locales/en';
import { launchChromium, signedInPage } from './chromium';
import { call, codeMailedBy, newBscAddress, registerByApi, waitFor } from './http';
import { expectCleanPage, fill, hash } from './page-checks';

/**
 * One rule for money on every wallet screen: what a member sees is exactly what moved. A new member
 * gets an odd chain deposit (100.123456 USDT), then exchanges 10.01 USDT, sends 10.05 USDT to a second
 * member and withdraws 10.07 USDT in the browser. Every figure on screen (the quote and its
 * confirmation sheet, the withdrawal summary before the password, each result screen, the home
 * balance, the records) is compared with what the API moved; a 3-decimal amount is refused on the spot
 * in every language. Screenshots with E2E_SCREENSHOTS=<dir>.
 */
const PAYMENT_PASSWORD = '246810';
/** Where the payee's ID number says the holder was born (with no card KYC passed, any holder name is accepted). */
const BIRTH_DATE = '1990-01-01';
const DEPOSIT = '100.123456';
const SCREENSHOTS = process.env.E2E_SCREENSHOTS;

type Session = { token: string; email: string; uid: string; address: string };
type RecordRow = { id: string; currency: BalancesReply['balances'][number]['currency']; amount: string; typeCode: number };

let browser: Browser;
let context: BrowserContext;
let page: Page;
let member: Session;
let friend: Session;
const pageErrors: string[] = [];
const baseUrl = () => inject('baseUrl');

async function api<T>(session: Session, method: 'GET' | 'POST', route: string, body?: unknown): Promise<T> {
  const res = await call(method, `${baseUrl()}${route}`, body, {
    authorization: `Bearer ${session.token}`,
    'idempotency-key': crypto.randomUUID(),
  });
  expect(res.status, `${method} ${route}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body as T;
}

async function newMember(prefix: string): Promise<Session> {
  const email = `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const address = newBscAddress();
  const token = await registerByApi(baseUrl(), { email, network: 'BSC', address });
  const me = await call('GET', `${baseUrl()}/api/v1/me`, undefined, { authorization: `Bearer ${token}` });
  return { token, email, address, uid: (me.body as { uid: string }).uid };
}

const balances = (session: Session) => api<BalancesReply>(session, 'GET', '/api/v1/wallet/balances');
const balanceOf = async (session: Session, currency: string) =>
  (await balances(session)).balances.find((row) => row.currency === currency)?.balance ?? '0';
const records = async (session: Session) =>
  (await api<{ records: RecordRow[] }>(session, 'GET', '/api/v1/wallet/records?limit=50')).records;

/** A mainland resident ID number for a birth date, with its MOD 11-2 check character. */
function residentIdNumber(birthDate: string): string {
  const body = `110105${birthDate.replaceAll('-', '')}123`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = weights.reduce((total, weight, i) => total + weight * Number(body[i]), 0);
  return `${body}${'10X98765432'[sum % 11]}`;
}

/** An English text of the app with its placeholders filled, as i18next shows it. */
const say = (template: string, values: Record<string, string> = {}) =>
  Object.entries(values).reduce((out, [name, value]) => out.replaceAll(`{{${name}}}`, value), template);
const usdt = (amount: string) => `${formatMoney(amount, 'USDT')} USDT`;
const text = (testId: string) => page.getByTestId(testId).first().innerText();

/** The JSON reply of the next API call to `route` by the page, started by `act`. */
async function replyTo<T>(route: string, act: () => Promise<unknown>): Promise<T> {
  const [response] = await Promise.all([
    page.waitForResponse((res: Response) => res.request().method() === 'POST' && new URL(res.url()).pathname === route, {
      timeout: 15_000,
    }),
    act(),
  ]);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

async function openAs(language: Language) {
  await context?.close();
  page = await signedInPage(browser, member.token, language, { deviceScaleFactor: SCREENSHOTS ? 2 : 1 });
  context = page.context();
  page.on('pageerror', (error) => pageErrors.push(error.message));
}

async function look(name: string) {
  await expectCleanPage(page, name);
  expect(pageErrors, `errors thrown on ${name}`).toEqual([]);
  if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, `money-amounts-${name}.png`), fullPage: true });
}

beforeAll(async () => {
  [member, friend] = [await newMember('amounts'), await newMember('amounts-friend')];
  const code = await codeMailedBy(baseUrl(), member.email, () => api(member, 'POST', '/api/v1/me/codes', { purpose: 'payment_password' }));
  await api(member, 'POST', '/api/v1/me/payment-password', {
    code,
    paymentPassword: PAYMENT_PASSWORD,
    confirmPaymentPassword: PAYMENT_PASSWORD,
  });
  // Money from outside keeps every decimal it arrives with.
  await api(member, 'POST', '/api/v1/dev/chain/deposits', { amount: DEPOSIT });
  await waitFor(
    () => balanceOf(member, 'USDT'),
    (balance) => balance === DEPOSIT,
    'the chain deposit',
    60_000,
  );
  // An Alipay account to sell to, so the flash exchange screen shows its amount form.
  await api(member, 'POST', '/api/v1/payout/payees', {
    payee: {
      kind: 'alipay',
      alipayAccount: '13800138000',
      lastName: 'Li',
      firstName: 'Lei',
      birthDate: BIRTH_DATE,
      city: 'Hangzhou',
      address: '969 Wenyi West Road',
      idNumber: residentIdNumber(BIRTH_DATE),
    },
    paymentPassword: PAYMENT_PASSWORD,
  });
  if (SCREENSHOTS) await mkdir(SCREENSHOTS, { recursive: true });
  browser = await launchChromium();
  await openAs('en');
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('money amounts on every wallet screen', () => {
  it('shows the chain deposit whole on home and in the records', async () => {
    await page.goto(`${baseUrl()}/#/`);
    await expect.poll(() => text('balance-USDT'), { timeout: 15_000 }).toBe('100.123456');
    await look('home-deposit');
    await page.goto(`${baseUrl()}/#/pages/recordsSun/index`);
    await expect.poll(() => text('record-amount')).toBe('+100.123456 USDT');
  });

  it('refuses a 3-decimal amount on the spot, in every language, without asking the server', async () => {
    for (const language of LANGUAGES) {
      await openAs(language);
      const posts: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST') posts.push(request.url());
      });
      const refusal = say(CATALOGUES[language].amountInput.tooPrecise, { currency: 'USDT', decimals: '2' });
      for (const [route, field] of [
        ['/pages/exchangeSun/index', 'exchange-amount'],
        [`/pages/transferMoneySun/bindSun/index?uid=${friend.uid}`, 'transfer-amount'],
        ['/pages/withdrawSun/index', 'withdraw-amount'],
        ['/pages/huichu/index', 'payout-amount'],
      ] as const) {
        await page.goto(`${baseUrl()}/#${route}`);
        await page.locator(`[data-testid="${field}"] input`).waitFor();
        await fill(page, field, '10.015');
        // Said while typing: nothing was submitted.
        await expect.poll(() => text(field)).toContain(refusal);
        await fill(page, field, '10.01');
        await expect.poll(() => text(field)).not.toContain(refusal);
        await fill(page, field, '10.015');
        await expect.poll(() => text(field)).toContain(refusal);
        await look(`refusal-${field}-${language}`);
      }
      expect(posts).toEqual([]);
    }
    expect(say(en.amountInput.tooPrecise, { currency: 'USDT', decimals: '2' })).toBe('USDT amounts can have at most 2 decimals.');
    await openAs('en');
  });

  it('exchanges 10.01 USDT: the quote, the confirmation sheet and the result are what moved', async () => {
    const before = await balances(member);
    await page.goto(`${baseUrl()}/#/pages/exchangeSun/index`);
    await expect.poll(() => text('exchange-to')).toContain('USD');
    await fill(page, 'exchange-amount', '10.01');
    const quote = await replyTo<Quote>('/api/v1/wallet/exchange/quotes', () => page.getByTestId('exchange-quote').click());
    expect(quote).toMatchObject({ from: 'USDT', to: 'USD', amountIn: '10.01' });
    // The fee is 0.1% rounded up to what USDT keeps: more decimals than can be typed, shown whole.
    expect(new Decimal(quote.fee).decimalPlaces()).toBeGreaterThan(2);
    await expect.poll(() => text('quote-pay')).toBe(usdt(quote.amountIn));
    expect(await text('quote-fee')).toBe(usdt(quote.fee));
    expect(await text('quote-receive')).toBe(`${formatMoney(quote.amountOut, 'USD')} USD`);
    await look('exchange-quote');

    await page.getByTestId('quote-confirm').click();
    const money = { pay: usdt(quote.amountIn), receive: `${formatMoney(quote.amountOut, 'USD')} USD` };
    await expect.poll(() => text('exchange-confirm')).toContain(say(en.exchange.confirm.summary, money));
    await look('exchange-confirm');
    await fill(page, 'exchange-password', PAYMENT_PASSWORD);
    const done = await replyTo<{ quote: Quote }>('/api/v1/wallet/exchange', () => page.getByTestId('exchange-submit').click());
    expect(done.quote).toMatchObject({ amountIn: quote.amountIn, amountOut: quote.amountOut });
    await expect.poll(() => text('exchange-done')).toBe(say(en.exchange.done.description, money));
    await look('exchange-done');

    const after = await balances(member);
    const held = (reply: BalancesReply, currency: string) => reply.balances.find((row) => row.currency === currency)?.balance ?? '0';
    expect(new Decimal(held(before, 'USDT')).minus(held(after, 'USDT')).toFixed()).toBe('10.01');
    expect(new Decimal(held(after, 'USD')).minus(held(before, 'USD')).toFixed()).toBe(new Decimal(quote.amountOut).toFixed());
  });

  it('sends 10.05 USDT to another member: the result says what the friend received', async () => {
    const [mine, theirs] = [await balanceOf(member, 'USDT'), await balanceOf(friend, 'USDT')];
    await page.goto(`${baseUrl()}/#/pages/transferMoneySun/bindSun/index?uid=${friend.uid}`);
    await expect.poll(() => text('transfer-currency')).toContain('USDT');
    await fill(page, 'transfer-amount', '10.05');
    await page.getByTestId('transfer-next').click();
    await fill(page, 'code', await codeMailedBy(baseUrl(), member.email, () => page.getByTestId('send-code').click()));
    await fill(page, 'transfer-pay-password', PAYMENT_PASSWORD);
    await look('transfer-form');
    const sent = await replyTo<{ amount: string; currency: string; to: { displayName: string; uid: string } }>(
      '/api/v1/wallet/transfers',
      () => page.getByTestId('transfer-submit').click(),
    );
    expect(sent).toMatchObject({ amount: '10.05', currency: 'USDT' });
    await expect
      .poll(() => text('transfer-done'))
      .toBe(
        say(en.transfer.doneText, {
          amount: formatMoney(sent.amount, 'USDT'),
          currency: 'USDT',
          name: sent.to.displayName,
          uid: friend.uid,
        }),
      );
    await look('transfer-done');
    expect(new Decimal(mine).minus(await balanceOf(member, 'USDT')).toFixed()).toBe('10.05');
    expect(new Decimal(await balanceOf(friend, 'USDT')).minus(theirs).toFixed()).toBe('10.05');
  });

  it('withdraws: Max and the summary agree, and the result names exactly what is held', async () => {
    const available = await balanceOf(member, 'USDT');
    await page.goto(`${baseUrl()}/#/pages/withdrawSun/index`);
    await page.getByTestId('withdraw-use-bound').click();
    await expect.poll(() => text('withdraw-fee')).toMatch(/ USDT$/);
    const fee = (await text('withdraw-fee')).replace(/ USDT$/, '').replaceAll(',', '');
    // Max fills what may be typed: the balance less the fee, cut to 2 decimals; the summary is that same number.
    await page.getByTestId('amount-max').click();
    const max = new Decimal(available).minus(fee).toDecimalPlaces(2, Decimal.ROUND_DOWN);
    await expect.poll(() => page.locator('[data-testid="withdraw-amount"] input').inputValue()).toBe(max.toFixed());
    await expect.poll(() => text('withdraw-arrives')).toBe(usdt(max.toFixed()));
    expect(await text('withdraw-total')).toBe(usdt(max.plus(fee).toFixed()));
    expect(await text('withdraw-available')).toContain(formatMoney(available, 'USDT'));

    await fill(page, 'withdraw-amount', '10.07');
    await expect.poll(() => text('withdraw-arrives')).toBe('10.07 USDT');
    expect(await text('withdraw-total')).toBe(usdt(new Decimal('10.07').plus(fee).toFixed()));
    await fill(page, 'code', await codeMailedBy(baseUrl(), member.email, () => page.getByTestId('send-code').click()));
    await fill(page, 'withdraw-pay-password', PAYMENT_PASSWORD);
    await look('withdraw-form');
    const held = await replyTo<Withdrawal>('/api/v1/wallet/withdrawals', () => page.getByTestId('withdraw-submit').click());
    expect(held).toMatchObject({ amount: '10.07', fee: new Decimal(fee).toFixed() });
    // The wording follows the withdrawal's status (held for review, or approved at once and sending);
    // each names what was taken in all, what is sent and the fee, exactly.
    await page.getByTestId('withdraw-done').waitFor();
    const done = await text('withdraw-done');
    for (const part of [usdt(held.total), '10.07 USDT', usdt(held.fee)]) expect(done).toContain(part);
    await look('withdraw-done');
    expect(new Decimal(available).minus(await balanceOf(member, 'USDT')).toFixed()).toBe(new Decimal(held.total).toFixed());

    await page.getByRole('button', { name: en.withdraw.viewOrder }).click();
    await expect.poll(() => hash(page)).toMatch(/^#\/pages\/orderD\/index\?id=/);
    await expect.poll(() => text('withdrawal-amount')).toBe('10.07 USDT');
  });

  it('sells 10.03 USDT by flash exchange: the quote and the order are what moved', async () => {
    const before = await balanceOf(member, 'USDT');
    await page.goto(`${baseUrl()}/#/pages/huichu/index`);
    await fill(page, 'payout-amount', '10.03');
    const quote = await replyTo<PayoutQuote>('/api/v1/payout/quotes', () => page.getByTestId('payout-quote').click());
    expect(quote.amount).toBe('10.03');
    await expect.poll(() => text('payout-pay')).toBe(usdt(quote.amount));
    expect(await text('payout-fee')).toBe(usdt(quote.fee));
    expect(await text('payout-receive')).toBe(`${formatMoney(quote.amountOut, 'CNY')} CNY`);
    await look('payout-quote');
    await fill(page, 'payout-password', PAYMENT_PASSWORD);
    const order = await replyTo<PayoutOrder>('/api/v1/payout/orders', () => page.getByTestId('payout-password-submit').click());
    expect(order).toMatchObject({ amount: quote.amount, fee: quote.fee, amountOut: quote.amountOut });
    await expect.poll(() => hash(page)).toBe(`#/pages/huichu/order?id=${order.id}`);
    await expect.poll(() => text('payout-order-amount')).toBe(`${formatMoney(order.amountOut, 'CNY')} CNY`);
    expect(await text('payout-pay')).toBe(usdt(order.amount));
    expect(await text('payout-fee')).toBe(usdt(order.fee));
    await look('payout-order');
    expect(new Decimal(before).minus(await balanceOf(member, 'USDT')).toFixed()).toBe(new Decimal(order.amount).toFixed());
  });

  it('shows the balance left and every record exactly as the API has them', async () => {
    const left = await balanceOf(member, 'USDT');
    // 100.123456 - 10.01 - 10.05 - (10.07 + its fee) - 10.03: the deposit's last decimals are still there.
    expect(new Decimal(left).decimalPlaces()).toBe(6);
    await page.goto(`${baseUrl()}/#/`);
    await expect.poll(() => text('balance-USDT')).toBe(formatMoney(left, 'USDT'));
    await look('home-after');

    const rows = await records(member);
    expect(rows.map((row) => row.amount)).toEqual(expect.arrayContaining(['-10.01', '-10.05', DEPOSIT]));
    await page.goto(`${baseUrl()}/#/pages/recordsSun/index`);
    await expect.poll(() => page.getByTestId('record-amount').count()).toBe(rows.length);
    const shown = await page.getByTestId('record-amount').allInnerTexts();
    expect(shown).toEqual(rows.map((row) => `${formatSignedMoney(row.amount, row.currency).text} ${row.currency}`));
    await look('records');
  });
});
