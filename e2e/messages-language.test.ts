import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { ERRORS, type Language, type Withdrawal } from '@wallet/contract';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatMoney } from '../apps/web/src/lib/format';
import { CATALOGUES } from '../apps/web/src/lib/i18n/catalogues';
import { launchChromium, signedInPage } from './chromium';
import { call, codeMailedBy, newBscAddress, registerByApi, waitFor } from './http';
import { englishLines, expectCleanPage, fill, hash, RAW_PATTERN } from './page-checks';

/**
 * Every message a member sees is a sentence in their language: a form refused in zh and ko says why
 * in that language (no regular expression, no English), and a withdrawal approved automatically says
 * so on its result screen and in its history, translated in zh and ja, with its transaction hash
 * short and copyable and no developer detail (nonce). Screenshots with E2E_SCREENSHOTS=<dir>.
 */
const PAYMENT_PASSWORD = '135724';
const SCREENSHOTS = process.env.E2E_SCREENSHOTS;
const baseUrl = () => inject('baseUrl');

type Session = { token: string; email: string };

let browser: Browser;
let context: BrowserContext | undefined;
let page: Page;
let member: Session;
const pageErrors: string[] = [];

async function api<T>(method: 'GET' | 'POST', route: string, body?: unknown): Promise<T> {
  const res = await call(method, `${baseUrl()}${route}`, body, {
    authorization: `Bearer ${member.token}`,
    'idempotency-key': crypto.randomUUID(),
  });
  expect(res.status, `${method} ${route}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body as T;
}

/** An app text with its placeholders filled, as i18next shows it. */
const say = (template: string, values: Record<string, string> = {}) =>
  Object.entries(values).reduce((out, [name, value]) => out.replaceAll(`{{${name}}}`, value), template);

async function openAs(language: Language) {
  await context?.close();
  page = await signedInPage(browser, member.token, language, { deviceScaleFactor: SCREENSHOTS ? 2 : 1 });
  context = page.context();
  page.on('pageerror', (error) => pageErrors.push(error.message));
}

async function look(name: string) {
  await expectCleanPage(page, name);
  expect(pageErrors, `errors thrown on ${name}`).toEqual([]);
  if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, `messages-${name}.png`), fullPage: true });
}

/** The error texts under the form's fields. */
const fieldErrors = () => page.locator('.adm-form-item-feedback-error').allInnerTexts();

beforeAll(async () => {
  browser = await launchChromium();
  const email = `messages-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const token = await registerByApi(baseUrl(), { email, network: 'BSC', address: newBscAddress() });
  member = { token, email };
  const code = await codeMailedBy(baseUrl(), member.email, () => api('POST', '/api/v1/me/codes', { purpose: 'payment_password' }));
  await api('POST', '/api/v1/me/payment-password', { code, paymentPassword: PAYMENT_PASSWORD, confirmPaymentPassword: PAYMENT_PASSWORD });
  await api('POST', '/api/v1/dev/chain/deposits', { amount: '40' });
  const usdt = async () =>
    (await api<{ balances: Array<{ currency: string; balance: string }> }>('GET', '/api/v1/wallet/balances')).balances.find(
      (row) => row.currency === 'USDT',
    )?.balance;
  await waitFor(usdt, (balance) => balance === '40', 'the chain deposit', 60_000);
  if (SCREENSHOTS) await mkdir(SCREENSHOTS, { recursive: true });
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe.each(['zh', 'ko'] as const)('a refused form in %s', (language) => {
  const texts = CATALOGUES[language];

  it('says what is missing and what is wrong in the member’s language, without a pattern', async () => {
    await openAs(language);
    await page.goto(`${baseUrl()}/#/pages/editPassSun/index`);
    await page.getByTestId('password-submit').click();
    await expect.poll(fieldErrors).toContain(texts.form.required);

    await fill(page, 'old-password', 'whatever1');
    await fill(page, 'new-password', 'abc');
    await fill(page, 'new-password-confirm', 'abd');
    await page.getByTestId('password-submit').click();
    await expect.poll(fieldErrors).toContain(ERRORS.PASSWORD_TOO_WEAK.message[language]);
    const shown = await fieldErrors();
    expect(shown.filter((line) => RAW_PATTERN.test(line))).toEqual([]);
    expect(englishLines(shown, language)).toEqual([]);
    await look(`change-password-${language}`);
  });
});

describe('a withdrawal approved automatically', () => {
  let held: Withdrawal;

  it('says on its result screen that it is being sent, not that it waits for review (zh)', async () => {
    await openAs('zh');
    const zh = CATALOGUES.zh;
    await page.goto(`${baseUrl()}/#/pages/withdrawSun/index`);
    await page.getByTestId('withdraw-use-bound').click();
    await fill(page, 'withdraw-amount', '10');
    const code = await codeMailedBy(baseUrl(), member.email, () => page.getByTestId('send-code').click());
    await fill(page, 'code', code);
    await fill(page, 'withdraw-pay-password', PAYMENT_PASSWORD);
    const [response] = await Promise.all([
      page.waitForResponse(
        (res: Response) => res.request().method() === 'POST' && new URL(res.url()).pathname === '/api/v1/wallet/withdrawals',
        { timeout: 15_000 },
      ),
      page.getByTestId('withdraw-submit').click(),
    ]);
    expect(response.status(), await response.text()).toBe(200);
    held = (await response.json()) as Withdrawal;
    // The development server approves withdrawals below its limit itself (WITHDRAW_AUTO_APPROVE_BELOW).
    expect(held.status).toBe('approved');
    const done = say(zh.withdrawalEvents.done.sending, {
      total: formatMoney(held.total, 'USDT'),
      amount: formatMoney(held.amount, 'USDT'),
      fee: formatMoney(held.fee, 'USDT'),
    });
    await expect.poll(() => page.getByTestId('withdraw-done').innerText()).toBe(done);
    await look('withdraw-done-zh');
  });

  it('shows its history in zh: approved automatically, the hash short and copyable, no nonce', async () => {
    const zh = CATALOGUES.zh;
    await page.getByRole('button', { name: zh.withdraw.viewOrder }).click();
    await expect.poll(() => hash(page)).toBe(`#/pages/orderD/index?id=${held.id}`);
    const amount = held.history.find((step) => step.note?.code === 'auto_approved')?.note?.params.amount ?? '';
    expect(amount).toMatch(/^\d+(\.\d+)?$/);
    const history = page.getByTestId('withdrawal-history');
    await expect.poll(() => history.innerText()).toContain(say(zh.withdrawalEvents.note.auto_approved, { amount }));
    // The title is said once: by the nav bar.
    expect(await page.getByText(zh.orders.detailTitle, { exact: true }).count()).toBe(1);

    const status = async () => (await api<Withdrawal>('GET', `/api/v1/wallet/withdrawals/${held.id}`)).status;
    await waitFor(status, (value) => value === 'completed', 'the withdrawal to confirm on the local chain', 60_000);
    const done = await api<Withdrawal>('GET', `/api/v1/wallet/withdrawals/${held.id}`);
    const block = done.history.find((step) => step.note?.code === 'confirmed')?.note?.params.block ?? '';
    await page.reload();
    await expect.poll(() => history.innerText()).toContain(say(zh.withdrawalEvents.note.confirmed, { block }));
    const text = await history.innerText();
    expect(text).toContain(zh.withdrawalEvents.note.sent);
    expect(text).not.toContain(done.txHash ?? 'no hash');
    expect(text).toContain(`${done.txHash?.slice(0, 8)}…${done.txHash?.slice(-6)}`);
    expect(text).not.toMatch(/nonce|below the|confirmed in/i);
    await expect.poll(() => history.getByRole('button', { name: zh.withdrawalEvents.copyTxHash }).count()).toBeGreaterThan(0);
    await look('withdrawal-history-zh');
  });

  it('shows the same history in ja', async () => {
    const ja = CATALOGUES.ja;
    await openAs('ja');
    await page.goto(`${baseUrl()}/#/pages/orderD/index?id=${held.id}`);
    const history = page.getByTestId('withdrawal-history');
    const amount = held.history.find((step) => step.note?.code === 'auto_approved')?.note?.params.amount ?? '';
    await expect.poll(() => history.innerText()).toContain(say(ja.withdrawalEvents.note.auto_approved, { amount }));
    expect(await history.innerText()).toContain(ja.withdrawalEvents.note.sent);
    await look('withdrawal-history-ja');
  });
});
