import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { launchChromium, signedInPage } from './chromium';
import { newBscAddress, registerByApi } from './http';
import { expectCleanPage } from './page-checks';

/**
 * The newcomer's top-up on `npm start`: register with a BSC address, open the USDT top-up page, send
 * test USDT on the local chain (the dev faucet), and watch the deposit confirm and be credited.
 */

const BSC_ADDRESS = newBscAddress();
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

const register = () => registerByApi(baseUrl(), { email: `topup-${Date.now()}@example.com`, network: 'BSC', address: BSC_ADDRESS });

const pageFor = (token: string) => signedInPage(browser, token);

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
  // The day's count follows the credit on the same screen, without a reload.
  await expect.poll(() => page.getByTestId('topup-remaining').innerText(), { timeout: 5_000 }).toContain('4 of 5');
  const balances = await api<{ balances: Array<{ currency: string; balance: string }> }>('GET', '/api/v1/wallet/balances', token);
  expect(balances.balances.find((b) => b.currency === 'USDT')?.balance).toBe('25');
  await page.context().close();
});

it('says in each language why BTC cannot be topped up in this demo (no Bitcoin wallet is set up), with no rules for an address not shown', async () => {
  const token = await registerByApi(baseUrl(), { email: `topup-btc-${Date.now()}@example.com`, network: 'BSC', address: newBscAddress() });
  const reasons = new Set<string>();
  for (const language of ['en', 'zh', 'ko', 'ja']) {
    const page = await signedInPage(browser, token, language);
    await page.goto(`${baseUrl()}/#/pages/topUpSun/toBtc/index`);
    const reason = await page.getByTestId('topup-unavailable').innerText();
    expect(reason).toContain('BTC');
    reasons.add(reason);
    expect(await page.getByTestId('topup-remaining').count()).toBe(0);
    await expectCleanPage(page, `BTC top-up (${language})`);
    await page.context().close();
  }
  expect([...reasons][0]).toBe(
    'BTC top-up is not offered yet: this service has no Bitcoin deposit wallet set up, so there is no address to send BTC to.',
  );
  expect(reasons.size).toBe(4);
});
