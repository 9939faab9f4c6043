import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { launchChromium } from './chromium';

/**
 * The newcomer's top-up on `npm start`: register with a BSC address, open the USDT top-up page, send
 * test USDT on the local chain (the dev faucet), and watch the deposit confirm and be credited.
 */

const BSC_ADDRESS = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';
const baseUrl = () => inject('baseUrl');
let browser: Browser;

async function api<T>(method: string, path: string, token?: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as T;
  expect(res.status, `${method} ${path}: ${JSON.stringify(json)}`).toBe(200);
  return json;
}

async function register(): Promise<string> {
  const email = `topup-${Date.now()}@example.com`;
  await api('POST', '/api/v1/auth/codes', undefined, { email, purpose: 'register' });
  const mail = await api<{ messages: Array<{ text: string }> }>('GET', `/api/v1/dev/mail?to=${encodeURIComponent(email)}`);
  const code = mail.messages[0]?.text.match(/\b(\d{6})\b/)?.[1];
  const session = await api<{ token: string }>('POST', '/api/v1/auth/register', undefined, {
    email,
    code,
    password: 'correct horse 42',
    confirmPassword: 'correct horse 42',
    network: 'BSC',
    address: BSC_ADDRESS,
  });
  return session.token;
}

async function pageFor(token: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addInitScript((t) => {
    localStorage.setItem(
      'sbc-wallet',
      JSON.stringify({ state: { language: 'en', token: t, serverUrl: '', serverRegion: null }, version: 1 }),
    );
  }, token);
  return context.newPage();
}

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

it('shows where to send, then a deposit from the bound address confirming and credited', async () => {
  const token = await register();
  const page = await pageFor(token);
  await page.goto(`${baseUrl()}/#/pages/topUpSun/index`);
  await page.getByTestId('topup-usdt').click();
  await expect.poll(() => page.evaluate(() => window.location.hash)).toBe('#/pages/topUpSun/toSun/index');
  const address = await page.getByTestId('topup-address').innerText();
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  await expect.poll(() => page.getByTestId('topup-qr').count()).toBe(1);
  expect(await page.getByTestId('topup-bound').innerText()).toBe(BSC_ADDRESS);
  expect(await page.getByTestId('topup-remaining').innerText()).toContain('5 of 5');

  await api('POST', '/api/v1/dev/chain/deposits', token, { amount: '25' });
  await expect.poll(() => page.getByTestId('deposit-status').first().innerText(), { timeout: 30_000 }).toMatch(/Confirming|Credited/);
  await expect.poll(() => page.getByTestId('deposit-status').first().innerText(), { timeout: 30_000 }).toBe('Credited');
  const balances = await api<{ balances: Array<{ currency: string; balance: string }> }>('GET', '/api/v1/wallet/balances', token);
  expect(balances.balances.find((b) => b.currency === 'USDT')?.balance).toBe('25');
  await page.context().close();
});
