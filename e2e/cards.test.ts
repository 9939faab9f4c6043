import { ERRORS, isLuhnValid, isTrivialPin } from '@wallet/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { en } from '../apps/web/src/lib/i18n/locales/en';
import { launchChromium } from './chromium';
import { E2E_PASSWORD, E2E_PAYMENT_PASSWORD, fundedMember, type Member, newEmail, sandboxAddress } from './http';
import { pickCountry, pickDate } from './kyc-pickers';
import { expectCleanPage, hash } from './page-checks';
import { issuerCall, openCard } from './sandbox-issuer';

/**
 * A virtual card in the browser, as a newcomer drives it: open it, pass KYC (approved in the sandbox
 * issuer), recharge it, buy something through the sandbox, and see the purchase in the card's list.
 * Runs as a member of its own, with USDT from the local chain's faucet.
 */
/** The physical card's PIN: not one anyone would guess first (the PIN page refuses those). */
const PIN = '246810';
const MERCHANT = `E2E Bakery ${Date.now()}`;

let browser: Browser;
let context: BrowserContext;
let page: Page;
let member: Member;
let sandbox: string;
const pageErrors: string[] = [];
const baseUrl = () => inject('baseUrl');
const input = (testId: string) => page.locator(`[data-testid="${testId}"] input, input[data-testid="${testId}"]`).first();

const sandboxCall = <T>(method: 'GET' | 'POST', route: string, body?: unknown) => issuerCall<T>(sandbox, method, route, body);

/**
 * Another card number with the same first and last digits that still passes the Luhn check: one digit
 * up and one down at indexes the Luhn sum does not double (odd indexes of a 16-digit number), so only
 * the issuer can tell it is not the printed one.
 */
function shiftDigits(pan: string, up: number, down: number): string {
  const digits = [...pan].map(Number);
  digits[up] = ((digits[up] as number) + 1) % 10;
  digits[down] = ((digits[down] as number) + 9) % 10;
  return digits.join('');
}

beforeAll(async () => {
  sandbox = await sandboxAddress(baseUrl(), '/dev/issuer');
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
  it('opens a card from the card pack', { timeout: 90_000 }, async () => {
    // A virtual card (10 USDT), its recharge (20 USDT and the fee) and a physical card (100 USDT).
    member = await fundedMember(baseUrl, { email: newEmail('cards'), usdt: '150' });
    await page.goto(`${baseUrl()}/#/pages/login/index`);
    await page.getByTestId('lang-en').click();
    await input('login-email').fill(member.email);
    await input('login-password').fill(E2E_PASSWORD);
    await page.getByTestId('login-submit').click();
    await expect.poll(() => hash(page)).toBe('#/');

    await page.goto(`${baseUrl()}/#/pages/wallet/index`);
    await page.getByTestId('open-card').first().click();
    await expect.poll(() => hash(page)).toBe('#/pages/cardNewSbc/index');
    await page.locator('.adm-list-item', { hasText: 'Virtual USD Classic' }).getByTestId('choose-product').click();
    await input('apply-first-name').fill('Demo');
    await input('apply-last-name').fill('User');
    await page.locator('input[type="password"]').fill(E2E_PAYMENT_PASSWORD);
    await page.getByTestId('apply-submit').click();
    await expect.poll(() => hash(page)).toMatch(/^#\/pages\/afterOpen\/index\?id=/);
    await expect
      .poll(() => page.getByTestId('after-open-message').innerText(), { timeout: 20_000 })
      .toContain(en.cards.after.awaitingKyc.split('{{')[0] as string);
  });

  it('passes KYC with compressed photos, approved in the sandbox', { timeout: 150_000 }, async () => {
    await page.getByTestId('go-kyc').click();
    await expect.poll(() => hash(page)).toMatch(/^#\/pages\/newKYC\/index/);
    await page.getByTestId('kyc-review').waitFor();
    // An ID card (the document type chosen first): photos of both sides.
    await page.getByTestId('kyc-documentType').getByText(en.kyc.fields.idCard, { exact: true }).click();
    const nationality = await pickCountry(page, 'nationality', 'hong kong', '344');
    expect(nationality).toContain('Hong Kong');
    await input('kyc-documentNumber').fill('A1234567');
    await pickDate(page, 'en', 'issueDate', [2020, 1, 15]);
    expect(await page.getByTestId('kyc-issueDate-open').innerText()).toBe(
      new Intl.DateTimeFormat('en', { dateStyle: 'long' }).format(new Date(2020, 0, 15)),
    );
    await pickDate(page, 'en', 'expiryDate', [2031, 1, 14]);
    expect(await page.getByTestId('kyc-expiryDate-open').innerText()).toBe(
      new Intl.DateTimeFormat('en', { dateStyle: 'long' }).format(new Date(2031, 0, 14)),
    );
    for (const [id, value] of Object.entries({
      'kyc-firstName': 'Demo',
      'kyc-lastName': 'User',
      'kyc-phoneAreaCode': '+852',
      'kyc-phone': '91234567',
      'kyc-email': 'demo@example.com',
      'kyc-houseNumber': '1',
      'kyc-street': 'Queen Road',
      'kyc-postcode': '999077',
      'kyc-city': 'Hong Kong',
    }))
      await input(id).fill(value);
    expect(await pickCountry(page, 'country', 'hong kong', '344')).toBe(nationality);
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
    // Uploaded now, by this form: not "Uploaded earlier".
    for (const side of ['front', 'back'])
      await expect
        .poll(async () => (await page.getByTestId(`kyc-photo-${side}-state`).innerText()).split('\n')[0], { timeout: 45_000 })
        .toBe(en.kyc.photos.uploaded);
    const sent: unknown[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/v1/cards/kyc') sent.push(r.postDataJSON());
    });
    // Checking the details first: a summary, with nothing sent yet.
    await page.getByTestId('kyc-review').click();
    await page.getByTestId('kyc-summary').waitFor();
    const summary = await page.getByTestId('kyc-summary-document').innerText();
    expect(summary).toContain(en.kyc.fields.idCard);
    expect(summary).toContain(nationality);
    expect(summary).toContain('A1234567');
    expect(summary).toContain(new Intl.DateTimeFormat('en', { dateStyle: 'long' }).format(new Date(2020, 0, 15)));
    expect(await page.getByTestId('kyc-summary-address').innerText()).toContain('1, Queen Road');
    await expect.poll(() => page.getByTestId('kyc-summary-photos').locator('img').count()).toBe(2);
    expect(sent).toEqual([]);
    await page.getByTestId('kyc-submit').click();
    // After submitting: the KYC status page, in review, with the spec's timing guidance.
    await expect.poll(() => hash(page)).toMatch(/^#\/pages\/kycPokey\/index\?id=/);
    expect(sent).toEqual([
      expect.objectContaining({
        documentType: 'id_card',
        nationality: '344',
        country: '344',
        documentNumber: 'A1234567',
        issueDate: '2020-01-15',
        expiryDate: '2031-01-14',
        firstName: 'Demo',
        lastName: 'User',
        address: expect.objectContaining({ houseNumber: '1', street: 'Queen Road', city: 'Hong Kong', postcode: '999077', country: '344' }),
      }),
    ]);
    await expect.poll(() => page.getByTestId('kyc-result').innerText()).toContain(en.kyc.status.in_progress);
    expect(await page.getByTestId('kyc-guidance').innerText()).toContain(en.kyc.status.within.replace('{{minutes}}', '30'));

    const { cardholders } = await sandboxCall<{ cardholders: Array<{ id: string; kycStatus: string; email: string }> }>(
      'GET',
      '/sandbox/cardholders',
    );
    // The issuer knows the member by their account email.
    const pending = cardholders.find((h) => h.kycStatus === 'pending' && h.email === member.email);
    expect(pending).toBeDefined();
    await sandboxCall('POST', `/sandbox/cardholders/${pending?.id}/kyc`, { decision: 'approve' });
    await page.getByTestId('go-card').click({ timeout: 45_000 });
    await expect.poll(() => hash(page)).toMatch(/^#\/pages\/cardBasic\/index/);
  });

  it('recharges the card with the fee shown first, then shows a simulated purchase', async () => {
    await page.getByTestId('go-recharge').click();
    await expect.poll(() => page.getByTestId('recharge-available').innerText()).toMatch(/^Available: [\d,]+\.\d{2} USDT$/);
    await input('recharge-amount').fill('20');
    // The fee under the amount while typing, then again on the confirmation sheet before the password.
    await expect.poll(() => page.getByTestId('recharge-preview').getByTestId('card-figure-fee').innerText()).toBe('0.30 USDT');
    await page.getByTestId('recharge-quote').click();
    const sheet = page.getByTestId('recharge-sheet');
    await sheet.waitFor();
    await expect.poll(() => sheet.getByTestId('recharge-summary').getByTestId('card-figure-fee').innerText()).toBe('0.30 USDT');
    expect(await sheet.getByTestId('recharge-summary').getByTestId('card-figure-credited').innerText()).toBe('19.99 USD');
    expect(await sheet.locator('input[type="password"]').inputValue()).toBe('');
    await sheet.locator('input[type="password"]').fill(E2E_PAYMENT_PASSWORD);
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
    await expect.poll(() => page.getByTestId('card-funding').innerText()).toContain('Card top-up');
    expect(await page.getByTestId('card-funding').innerText()).toContain('+19.99 USD');
    // The tab is kept in the address: a reload shows the same list.
    await page.reload();
    await expect.poll(() => page.getByTestId('card-funding').count()).toBe(1);
    // The tabs follow the WAI-ARIA pattern: the arrow keys move between them, and only the open one is in the tab order.
    const funding = page.getByRole('tab', { name: en.cards.basic.funding });
    expect(await funding.getAttribute('aria-selected')).toBe('true');
    await funding.focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => hash(page)).not.toContain('tab=funding');
    await expect.poll(() => page.getByTestId('card-transactions').count()).toBe(1);
    const transactions = page.getByRole('tab', { name: en.cards.basic.transactionsTab });
    expect(await transactions.evaluate((tab) => tab === document.activeElement)).toBe(true);
    expect(await funding.getAttribute('tabindex')).toBe('-1');
    expect(pageErrors).toEqual([]);
  });
});

describe('a physical card in the browser', () => {
  let cardId = '';
  let issuerId = '';

  it('shows the KYC status as passed in the profile and on the KYC status page', async () => {
    await page.goto(`${baseUrl()}/#/pages/account/index`);
    const kycRow = page.locator('.adm-list-item').filter({ has: page.getByTestId('kyc-state') });
    await expect.poll(() => kycRow.innerText()).toContain(en.account.kyc.passed);
    await page.getByTestId('kyc-state').click();
    await expect.poll(() => hash(page)).toBe('#/pages/kycPokey/index');
    await expect.poll(() => page.getByTestId('kyc-result').innerText()).toContain(en.kyc.status.passed);
  });

  it('refuses binding until delivery, then binds the printed number after a wrong one, and sets the PIN', { timeout: 60_000 }, async () => {
    // Active once opened: the member's KYC passed above.
    cardId = await openCard({ ...member, firstName: 'Demo', lastName: 'User' }, 'physical');
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

    const binds: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith(`/api/v1/cards/${cardId}/bind`)) binds.push(r.url());
    });
    // A typo the Luhn check catches is refused on the spot: no request, no attempt spent.
    const typo = `${pan.slice(0, 8)}${(Number(pan[8]) + 1) % 10}${pan.slice(9)}`;
    expect(isLuhnValid(typo)).toBe(false);
    await input('bind-card-number').fill(typo);
    await page.getByTestId('bind-submit').click();
    await expect.poll(() => page.locator('.adm-form-item-feedback-error').first().innerText()).toBe(en.cardMoney.bind.invalid);
    expect(binds).toEqual([]);

    // The same first and last digits, Luhn-valid, but not the printed number: only the issuer can tell.
    const wrong = shiftDigits(pan, 9, 11);
    expect(wrong).not.toBe(pan);
    expect(wrong.slice(-4)).toBe(pan.slice(-4));
    expect(isLuhnValid(wrong)).toBe(true);
    await input('bind-card-number').fill(wrong);
    expect(await input('bind-card-number').inputValue()).toMatch(/^\d{4} \d{4} \d{4} \d{4}$/);
    // The refusal goes as the number is corrected, while the field still has focus: the first tap on
    // "Bind card" sends it (the message leaving on blur used to move the button from under the tap).
    await expect.poll(() => page.locator('.adm-form-item-feedback-error').count()).toBe(0);
    await page.getByTestId('bind-submit').click();
    await expect.poll(() => page.getByRole('alert').innerText()).toContain(ERRORS.CARD_NUMBER_MISMATCH.message.en);
    // The typo cost nothing: this is the first of five attempts.
    expect(await page.getByRole('alert').innerText()).toContain(en.errors.attemptsLeft.replace('{{attempts}}', '4'));
    expect(binds).toHaveLength(1);

    await input('bind-card-number').fill(pan);
    await page.getByTestId('bind-submit').click();
    await expect.poll(() => hash(page)).toBe(`#/pages/bound/index?id=${cardId}`);
    const result = await page.getByTestId('bound-result').innerText();
    expect(result).toContain(en.cards.bound.done);
    expect(result).toContain(pan.slice(-4));
    expect(result).not.toContain(pan);

    await page.getByTestId('bound-result').getByRole('button').click();
    await expect.poll(() => hash(page)).toBe(`#/pages/anfCardPass/index?id=${cardId}`);
    expect(isTrivialPin(PIN)).toBe(false);
    const secret = (testId: string) => page.locator(`[data-testid="${testId}"] input`);
    await secret('pin-new').fill(PIN);
    await secret('pin-confirm').fill(PIN);
    await secret('pin-pay-password').fill(E2E_PAYMENT_PASSWORD);
    await page.getByTestId('pin-submit').click();
    await expect.poll(() => hash(page)).toBe(`#/pages/cardBasic/index?id=${cardId}`);
    expect((await member.api<{ pinSet: boolean }>('GET', `/api/v1/cards/${cardId}`)).pinSet).toBe(true);
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
