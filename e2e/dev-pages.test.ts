import { hexToTronAddress } from '@wallet/contract';
import type { Browser, Page } from 'playwright-core';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, signedInPage } from './chromium';
import { call, memberApi, newBscAddress, registerByApi, sandboxAddress, walletUsdt } from './http';

/**
 * The development pages a newcomer uses first (/dev/mail, /dev/chain, /dev/issuer, /dev/payout), in
 * Chromium on a phone: each runs under its own Content-Security-Policy with no violation, is styled,
 * does its main job, and fits 390 px.
 */

const baseUrl = () => inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

type Watched = { page: Page; problems: string[] };

/**
 * A phone-sized page (signed in with the member's session cookie when a token is given) that notes every
 * policy violation, as the page's own event and as the console's error, and every script error.
 */
async function watchedDevPage(token: string | null): Promise<Watched> {
  const page = await signedInPage(browser, token);
  const problems: string[] = [];
  await page.context().addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`securitypolicyviolation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  page.on('console', (message) => {
    // A reply the page expects (401 signed out) is logged by Chromium too: what counts is refused or broken script.
    if (message.text().startsWith('Failed to load resource')) return;
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return { page, problems };
}

/** Styled by the page's own stylesheet (the unstyled page has a white body and the default font). */
async function expectStyledAndNarrow({ page, problems }: Watched, background: string) {
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(background);
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toContain('system-ui');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(problems).toEqual([]);
}

const SERVER_PAGE_BACKGROUND = 'rgb(244, 246, 249)';
const SANDBOX_PAGE_BACKGROUND = 'rgb(250, 251, 252)';

it('/dev/mail lists the mail a new member was sent, styled, within 390 px', async () => {
  const email = `dev-mail-${Date.now()}-with-a-rather-long-local-part@example.com`;
  expect((await call('POST', `${baseUrl()}/api/v1/auth/codes`, { email, purpose: 'register' })).status).toBe(200);
  const watched = await watchedDevPage(null);
  await watched.page.goto(`${baseUrl()}/dev/mail`);
  const article = watched.page.locator('article', { hasText: email }).first();
  expect(await article.locator('pre').innerText()).toMatch(/\b\d{6}\b/);
  await expectStyledAndNarrow(watched, SERVER_PAGE_BACKGROUND);
  await watched.page.context().close();
});

describe('/dev/chain', () => {
  /** Opens the page as the member and sends `amount` USDT from their bound address through its form. */
  async function sendFromPage(token: string, bound: string, amount: string) {
    const watched = await watchedDevPage(token);
    const { page } = watched;
    await page.goto(`${baseUrl()}/dev/chain`);
    await expect.poll(() => page.locator('#bound').textContent()).toBe(bound);
    await page.locator('#amount').fill(amount);
    await page.locator('#asset').selectOption('USDT');
    await page.locator('#send-button').click();
    await expect.poll(() => page.locator('#out').innerText()).toMatch(/^Sent /);
    return watched;
  }

  it('says how to sign in when nobody is', async () => {
    const watched = await watchedDevPage(null);
    await watched.page.goto(`${baseUrl()}/dev/chain`);
    await expect.poll(() => watched.page.locator('#me').innerText()).toContain('not signed in');
    expect(await watched.page.locator('#send-button').isDisabled()).toBe(true);
    await expectStyledAndNarrow(watched, SERVER_PAGE_BACKGROUND);
    await watched.page.context().close();
  });

  it('sends test USDT on BSC from the signed-in member, through the session cookie, and the deposit is credited', async () => {
    const address = newBscAddress();
    const token = await registerByApi(baseUrl(), { email: `dev-chain-bsc-${Date.now()}@example.com`, network: 'BSC', address });
    const watched = await sendFromPage(token, address, '12.5');
    const { page } = watched;
    expect(await page.locator('#out').innerText()).toContain(`on BSC from ${address}`);
    expect(await page.locator('#asset option[value="ETH"]').isDisabled()).toBe(false);
    const credited = page.locator('#deposits li[data-network="BSC"][data-status="credited"]');
    await expect.poll(() => credited.count(), { timeout: 30_000 }).toBe(1);
    expect(await credited.innerText()).toContain('12.5 USDT on BSC');
    expect((await walletUsdt(memberApi(baseUrl, () => token))).toFixed()).toBe('12.5');
    await expectStyledAndNarrow(watched, SERVER_PAGE_BACKGROUND);
    await page.context().close();
  });

  it('tops up a TRON-bound member: T addresses, credited, and shown on the top-up page', async () => {
    const address = hexToTronAddress(privateKeyToAddress(generatePrivateKey()));
    const token = await registerByApi(baseUrl(), { email: `dev-chain-tron-${Date.now()}@example.com`, network: 'TRON', address });
    const watched = await sendFromPage(token, address, '30');
    const { page } = watched;
    const tronDeposit = (await page.locator('code[data-network="TRON"]').innerText()).trim();
    expect(tronDeposit).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(await page.locator('#out').innerText()).toContain(`on TRON from ${address} to ${tronDeposit}`);
    // ETH is sent from a BSC address only.
    expect(await page.locator('#asset option[value="ETH"]').isDisabled()).toBe(true);
    const credited = page.locator('#deposits li[data-network="TRON"][data-status="credited"]');
    await expect.poll(() => credited.count(), { timeout: 30_000 }).toBe(1);
    expect((await walletUsdt(memberApi(baseUrl, () => token))).toFixed()).toBe('30');
    await expectStyledAndNarrow(watched, SERVER_PAGE_BACKGROUND);

    // The app's own top-up page, in the member's default network: the address to send to, and the deposit.
    await page.goto(`${baseUrl()}/#/pages/topUpSun/toSun/index`);
    await expect.poll(() => page.getByTestId('topup-address').innerText()).toBe(tronDeposit);
    expect(await page.getByTestId('topup-unavailable').count()).toBe(0);
    await expect.poll(() => page.getByTestId('deposit-status').first().innerText()).toBe('Credited');
    await page.context().close();
  });
});

describe('the sandboxes’ pages', () => {
  /** Arms a fault from the page, sees it listed, then clears it again (other tests use the sandbox next). */
  async function armAndClear(link: string, mode: string, armedRow: RegExp) {
    const sandbox = await sandboxAddress(baseUrl(), link);
    const page = await watchedDevPage(null);
    await page.page.goto(`${baseUrl()}${link}`);
    expect(page.page.url()).toBe(`${sandbox}/`);
    await expect.poll(() => page.page.locator('#faults').innerText()).toContain('none armed');
    await page.page.locator('#f-mode').selectOption(mode);
    await page.page.locator('#f-ms').fill('1000');
    await page.page.getByRole('button', { name: 'arm', exact: true }).click();
    await expect.poll(() => page.page.locator('#faults').innerText()).toMatch(armedRow);
    expect(await page.page.locator('#out').innerText()).toMatch(/^200 /);
    await page.page.getByRole('button', { name: 'clear all faults' }).click();
    await expect.poll(() => page.page.locator('#faults').innerText()).toContain('none armed');
    return page;
  }

  it('/dev/issuer arms and clears a fault from its page, styled, within 390 px', async () => {
    const watched = await armAndClear('/dev/issuer', 'refuse', /load\s+refuse\s+1000\s+1/);
    await expectStyledAndNarrow(watched, SANDBOX_PAGE_BACKGROUND);
    await watched.page.context().close();
  });

  it('/dev/payout arms and clears a fault from its page, styled, within 390 px', async () => {
    const watched = await armAndClear('/dev/payout', 'timeout-before', /timeout-before\s+1000\s+1/);
    await expectStyledAndNarrow(watched, SANDBOX_PAGE_BACKGROUND);
    await watched.page.context().close();
  });
});
