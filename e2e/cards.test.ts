import { ERRORS } from '@wallet/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SHIPPING } from '../apps/server/test/shipping';
import { en } from '../apps/web/src/lib/i18n/locales/en';
import { launchChromium } from './chromium';
import { expectCleanPage, hash } from './page-checks';

/**
 * A virtual card in the browser, as a newcomer drives it: open it, pass KYC (approved in the sandbox
 * issuer), recharge it, buy something through the sandbox, and see the purchase in the card's list.
 */
const DEMO = { email: 'demo@sbc-wallet.local', password: 'demo12345', paymentPassword: '123456' };
const MERCHANT = `E2E Bakery ${Date.now()}`;

let browser: Browser;
let context: BrowserContext;
let page: Page;
let token: string;
let sandbox: string;
const pageErrors: string[] = [];
const baseUrl = () => inject('baseUrl');
const input = (testId: string) => page.locator(`[data-testid="${testId}"] input, input[data-testid="${testId}"]`).first();

async function sandboxCall<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${sandbox}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status, `${method} ${path}`).toBe(200);
  return (await res.json()) as T;
}

beforeAll(async () => {
  const login = await fetch(`${baseUrl()}/api/v1/auth/login/password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO.email, password: DEMO.password }),
  });
  token = ((await login.json()) as { token: string }).token;
  const link = await fetch(`${baseUrl()}/dev/issuer`, { redirect: 'manual' });
  sandbox = (link.headers.get('location') ?? '').replace(/\/$/, '');
  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('a virtual card in the browser', () => {
  it('opens a card from the card pack', async () => {
    expect(sandbox).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    await page.goto(`${baseUrl()}/#/pages/login/index`);
    await page.getByTestId('lang-en').click();
    await input('login-email').fill(DEMO.email);
    await input('login-password').fill(DEMO.password);
    await page.getByTestId('login-submit').click();
    await expect.poll(() => hash(page)).toBe('#/');

    await page.goto(`${baseUrl()}/#/pages/wallet/index`);
    await page.getByTestId('open-card').first().click();
    await expect.poll(() => hash(page)).toBe('#/pages/cardNewSbc/index');
    await page.locator('.adm-list-item', { hasText: 'Virtual USD Classic' }).getByTestId('choose-product').click();
    await input('apply-first-name').fill('Demo');
    await input('apply-last-name').fill('User');
    await page.locator('input[type="password"]').fill(DEMO.paymentPassword);
    await page.getByTestId('apply-submit').click();
    await expect.poll(() => hash(page)).toMatch(/^#\/pages\/afterOpen\/index\?id=/);
    await expect
      .poll(() => page.getByTestId('after-open-message').innerText(), { timeout: 20_000 })
      .toContain(en.cards.after.awaitingKyc.split('{{')[0] as string);
  });

  it('passes KYC with compressed photos, approved in the sandbox', { timeout: 150_000 }, async () => {
    await page.getByTestId('go-kyc').click();
    await expect.poll(() => hash(page)).toMatch(/^#\/pages\/newKYC\/index/);
    for (const [id, value] of Object.entries({
      'kyc-firstName': 'Demo',
      'kyc-lastName': 'User',
      'kyc-phone': '91234567',
      'kyc-email': 'demo@example.com',
      'kyc-houseNumber': '1',
      'kyc-street': 'Queen Road',
      'kyc-postcode': '999077',
      'kyc-city': 'Hong Kong',
      'kyc-documentNumber': 'A1234567',
      'kyc-issueDate': '2020-01-15',
    }))
      await input(id).fill(value);
    // A real JPEG drawn in the page, so the browser's compression has something to decode.
    const jpeg = await page.evaluate(async () => {
      const canvas = new OffscreenCanvas(640, 400);
      const g = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
      g.fillStyle = '#3a6fd8';
      g.fillRect(0, 0, 640, 400);
      const blob = await canvas.convertToBlob({ type: 'image/jpeg' });
      return Array.from(new Uint8Array(await blob.arrayBuffer()));
    });
    for (const side of ['front', 'back'])
      await page.getByTestId(`kyc-photo-${side}`).setInputFiles({ name: `${side}.jpg`, mimeType: 'image/jpeg', buffer: Buffer.from(jpeg) });
    await expect.poll(() => page.getByTestId('kyc-uploaded').textContent(), { timeout: 45_000 }).toMatch(/front/);
    await expect.poll(() => page.getByTestId('kyc-uploaded').textContent(), { timeout: 45_000 }).toMatch(/back/);
    await page.getByTestId('kyc-submit').click();
    // After submitting: the KYC status page, in review, with the spec's timing guidance.
    await expect.poll(() => hash(page)).toMatch(/^#\/pages\/kycPokey\/index\?id=/);
    await expect.poll(() => page.getByTestId('kyc-result').innerText()).toContain(en.cards.kyc.status.in_progress);
    expect(await page.getByTestId('kyc-guidance').innerText()).toContain(en.cards.kycStatus.within.replace('{{minutes}}', '30'));

    const { cardholders } = await sandboxCall<{ cardholders: Array<{ id: string; kycStatus: string }> }>('GET', '/sandbox/cardholders');
    const pending = cardholders.find((h) => h.kycStatus === 'pending');
    expect(pending).toBeDefined();
    await sandboxCall('POST', `/sandbox/cardholders/${pending?.id}/kyc`, { decision: 'approve' });
    await page.getByTestId('go-card').click({ timeout: 45_000 });
    await expect.poll(() => hash(page)).toMatch(/^#\/pages\/cardBasic\/index/);
  });

  it('recharges the card with the fee shown first, then shows a simulated purchase', async () => {
    await page.getByTestId('go-recharge').click();
    await expect.poll(() => page.getByTestId('recharge-available').innerText()).toMatch(/^Available: [\d,]+\.\d{2} USDT$/);
    await input('recharge-amount').fill('20');
    await page.getByTestId('recharge-quote').click();
    await expect.poll(() => page.getByTestId('recharge-summary').innerText()).toContain('0.30 USDT');
    await page.locator('input[type="password"]').fill(DEMO.paymentPassword);
    await page.getByTestId('recharge-submit').click();
    // The recharge's outcome, then back to the card.
    await expect.poll(() => page.getByTestId('card-op-succeeded').innerText()).toBe('Recharged 19.99 USD');
    await page.getByTestId('card-op-back').click();
    await expect.poll(() => hash(page)).toMatch(/^#\/pages\/cardBasic\/index/);
    await expect.poll(() => page.getByTestId('card-balance').first().innerText()).toBe('19.99 USD');

    const cardId = new URLSearchParams((await hash(page)).split('?')[1]).get('id');
    const { cards } = await sandboxCall<{ cards: Array<{ id: string; reference: string }> }>('GET', '/sandbox/cards');
    const issuerCard = cards.find((c) => c.reference === cardId);
    const purchase = await sandboxCall<{ approved: boolean }>('POST', `/sandbox/cards/${issuerCard?.id}/purchase`, {
      amount: '4.5',
      merchant: MERCHANT,
    });
    expect(purchase.approved).toBe(true);
    // No reload: an open card screen picks up what the issuer reports (CARD_ACTIVITY_REFRESH_MS).
    await expect.poll(() => page.getByTestId('card-transactions').innerText(), { timeout: 20_000 }).toContain(MERCHANT);
    // The balance is its own query, refreshed on the same beat: it may land a moment after the list.
    await expect.poll(() => page.getByTestId('card-balance').first().innerText()).toBe('15.49 USD');
    expect(pageErrors).toEqual([]);
    expect(token).toBeTruthy();
  });

  it('opens the purchase in full, and lists the recharge under funding', async () => {
    await page.getByTestId('card-tx').filter({ hasText: MERCHANT }).click();
    await expect.poll(() => hash(page)).toMatch(/^#\/pages\/cardBasic\/transaction\?id=[0-9a-f-]{36}&tx=\d+$/);
    await expect.poll(() => page.getByTestId('card-tx-title').innerText()).toBe(`${MERCHANT} · ${en.cards.tx.authorization}`);
    expect(await page.getByTestId('card-tx-amount').innerText()).toBe('\u22124.50 USD');
    expect(await page.getByTestId('card-tx-status').innerText()).toBe(en.cards.tx.unsettled);

    await page.goBack();
    await page.getByRole('tab', { name: en.cards.basic.funding }).click();
    await expect.poll(() => hash(page)).toContain('tab=funding');
    await expect.poll(() => page.getByTestId('card-funding').innerText()).toContain('Credit card deposit');
    expect(await page.getByTestId('card-funding').innerText()).toContain('+19.99 USD');
    // The tab is kept in the address: a reload shows the same list.
    await page.reload();
    await expect.poll(() => page.getByTestId('card-funding').count()).toBe(1);
    expect(pageErrors).toEqual([]);
  });
});

const api = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
  const res = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'idempotency-key': crypto.randomUUID(),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status, `${method} ${path}`).toBe(200);
  return (await res.json()) as T;
};

describe('a physical card in the browser', () => {
  let cardId = '';
  let issuerId = '';

  it('shows the KYC status as passed in the profile and on the KYC status page', async () => {
    await page.goto(`${baseUrl()}/#/pages/account/index`);
    const kycRow = page.locator('.adm-list-item').filter({ has: page.getByTestId('kyc-state') });
    await expect.poll(() => kycRow.innerText()).toContain(en.account.kyc.passed);
    await page.getByTestId('kyc-state').click();
    await expect.poll(() => hash(page)).toBe('#/pages/kycPokey/index');
    await expect.poll(() => page.getByTestId('kyc-result').innerText()).toContain(en.cards.kyc.status.passed);
  });

  it('refuses binding until delivery, then binds the printed number after a wrong one, and sets the PIN', { timeout: 60_000 }, async () => {
    const { products } = await api<{ products: Array<{ id: string; type: string }> }>('GET', '/api/v1/cards/products');
    const productId = products.find((p) => p.type === 'physical')?.id;
    const card = await api<{ id: string }>('POST', '/api/v1/cards', {
      productId,
      firstName: 'Demo',
      lastName: 'User',
      paymentPassword: DEMO.paymentPassword,
      shipping: { ...SHIPPING, recipient: 'Demo User' },
    });
    cardId = card.id;
    await expect
      .poll(async () => (await api<{ status: string }>('GET', `/api/v1/cards/${cardId}`)).status, { timeout: 20_000 })
      .toBe('active');
    const { cards } = await sandboxCall<{ cards: Array<{ id: string; reference: string }> }>('GET', '/sandbox/cards');
    issuerId = cards.find((c) => c.reference === cardId)?.id ?? '';

    await page.goto(`${baseUrl()}/#/pages/bindCardSun/index?id=${cardId}`);
    await expect.poll(() => page.locator('h2').first().innerText()).toBe(en.cards.bind.notDeliveredTitle);

    await sandboxCall('POST', `/sandbox/cards/${issuerId}/ship`, {});
    await sandboxCall('POST', `/sandbox/cards/${issuerId}/deliver`, {});
    const { pan } = await sandboxCall<{ pan: string }>('GET', `/sandbox/cards/${issuerId}/printed`);
    await page.goto(`${baseUrl()}/#/pages/cardBasic/index?id=${cardId}`);
    await page.getByTestId('go-bind').click();
    await expect.poll(() => hash(page)).toBe(`#/pages/bindCardSun/index?id=${cardId}`);
    expect(await page.getByTestId('bind-guidance').innerText()).toContain(en.cards.bind.afterKyc.replace('{{minutes}}', '15'));

    const wrong = `${pan.slice(0, 8)}${pan.slice(8, 12) === '0000' ? '1111' : '0000'}${pan.slice(-4)}`;
    await input('bind-card-number').fill(wrong);
    expect(await input('bind-card-number').inputValue()).toMatch(/^\d{4} \d{4} \d{4} \d{4}$/);
    await page.getByTestId('bind-submit').click();
    await expect.poll(() => page.getByRole('alert').innerText()).toContain(ERRORS.CARD_NUMBER_MISMATCH.message.en);
    expect(await page.getByRole('alert').innerText()).toContain(en.errors.attemptsLeft.replace('{{attempts}}', '4'));

    await input('bind-card-number').fill(pan);
    await page.getByTestId('bind-submit').click();
    await expect.poll(() => hash(page)).toBe(`#/pages/bound/index?id=${cardId}`);
    const result = await page.getByTestId('bound-result').innerText();
    expect(result).toContain(en.cards.bound.done);
    expect(result).toContain(pan.slice(-4));
    expect(result).not.toContain(pan);

    await page.getByTestId('bound-result').getByRole('button').click();
    await expect.poll(() => hash(page)).toBe(`#/pages/anfCardPass/index?id=${cardId}`);
    const secrets = page.locator('input[type="password"]');
    await secrets.nth(0).fill('246810');
    await secrets.nth(1).fill(DEMO.paymentPassword);
    await page.getByTestId('pin-submit').click();
    await expect.poll(() => hash(page)).toBe(`#/pages/cardBasic/index?id=${cardId}`);
    expect((await api<{ pinSet: boolean; boundAt: string | null }>('GET', `/api/v1/cards/${cardId}`)).pinSet).toBe(true);
    expect(pageErrors).toEqual([]);
  });
});

describe('the card pack with cards', () => {
  it('fits a phone in every language: nothing cut off at the screen edge', async () => {
    for (const language of ['zh', 'ko', 'ja', 'en'] as const) {
      await page.goto(`${baseUrl()}/#/pages/account/index`);
      await page.getByTestId(`lang-${language}`).click();
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(language);
      await page.goto(`${baseUrl()}/#/pages/wallet/index`);
      await expect.poll(() => page.getByTestId('open-card').count()).toBe(1);
      await expectCleanPage(page, `the card pack in ${language}`);
    }
  });
});
