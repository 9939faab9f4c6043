import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Language } from '@wallet/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CATALOGUES } from '../apps/web/src/lib/i18n/catalogues';
import { launchChromium, SCREENSHOTS, watchedPhone } from './chromium';
import { fundedMember, memberApi, newEmail, sandboxAddress } from './http';
import { pickCountry, pickDate } from './kyc-pickers';
import { expectCleanPage, hash } from './page-checks';
import { issuerCall, openCard } from './sandbox-issuer';

/**
 * The card KYC form as a newcomer fills it on a phone, in each language: countries found by typing
 * their name in that language, dates picked on wheels, the document type deciding the photo slots,
 * photos compressed and uploaded with their progress (a failed upload tried again, a photo replaced),
 * a summary to check, then the status page in review and, after the issuer refuses, failed with the
 * reason and a redo. Screenshots of every KYC screen with E2E_SCREENSHOTS=<dir>.
 */

let browser: Browser;
let token: string;
let email: string;
let sandbox: string;
let cardId: string;
const baseUrl = () => inject('baseUrl');
const api = memberApi(baseUrl, () => token);

/** How each language asks for a country: a name in its own script (or in English). */
const SEARCH: Record<Language, { nationality: [string, string]; country: [string, string] }> = {
  zh: { nationality: ['香港', '344'], country: ['香港', '344'] },
  ko: { nationality: ['대한', '410'], country: ['홍콩', '344'] },
  ja: { nationality: ['日本', '392'], country: ['香港', '344'] },
  en: { nationality: ['hong kong', '344'], country: ['japan', '392'] },
};

const sandboxCall = <T>(method: 'GET' | 'POST', route: string, body?: unknown) => issuerCall<T>(sandbox, method, route, body);

/** A newcomer with USDT from the faucet, a payment password and a virtual card waiting for KYC. */
async function newcomerWithCard() {
  const member = await fundedMember(baseUrl, { email: newEmail('kyc-form'), usdt: '60' });
  ({ token, email } = member);
  cardId = await openCard({ ...member, firstName: 'Tai Man', lastName: 'Chan' });
}

const phone = (language: Language) => watchedPhone(browser, token, language);

async function shot(page: Page, language: Language, name: string) {
  if (!SCREENSHOTS) return;
  await mkdir(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `kyc-${name}-${language}.png`) });
}

const field = (page: Page, name: string) => page.getByTestId(`kyc-${name}`);
const fill = (page: Page, name: string, value: string) => field(page, name).locator('input').fill(value);
const fieldError = (page: Page, name: string) => field(page, name).locator('.adm-form-item-feedback-error').innerText();

/** Picks a country by searching its name in the language of the screen. */
function pickCountryIn(page: Page, language: Language, which: 'nationality' | 'country', shotName?: string) {
  const [query, numeric] = SEARCH[language][which];
  return pickCountry(page, which, query, numeric, shotName ? () => shot(page, language, shotName) : undefined);
}

/** Picks a day on the wheels, with a screenshot of them open when asked. */
function pickDateIn(page: Page, language: Language, name: 'issueDate' | 'expiryDate', day: [number, number, number], shotName?: string) {
  return pickDate(page, language, name, day, shotName ? () => shot(page, language, shotName) : undefined);
}

/** A real photo drawn in the page (noise, so it is large and compressing it takes a moment). */
async function photo(page: Page, seed: number): Promise<Buffer> {
  const bytes = await page.evaluate(async (s) => {
    const canvas = new OffscreenCanvas(1600, 1000);
    const g = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
    const image = g.createImageData(1600, 1000);
    let x = s;
    for (let i = 0; i < image.data.length; i += 1) {
      x = (x * 1103515245 + 12345) & 0x7fffffff;
      image.data[i] = i % 4 === 3 ? 255 : 96 + ((x >> 16) & 0x7f);
    }
    g.putImageData(image, 0, 0);
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.95 });
    return Array.from(new Uint8Array(await blob.arrayBuffer()));
  }, seed);
  return Buffer.from(bytes);
}

/** Records every text a photo's progress line shows while it works. */
async function watchPhotoStates(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { photoStates: string[] }).photoStates = seen;
    new MutationObserver(() => {
      for (const el of Array.from(document.querySelectorAll('[data-testid^="kyc-photo-"][data-testid$="-state"]'))) {
        const text = (el as HTMLElement).innerText.trim();
        if (text && seen.at(-1) !== text) seen.push(text);
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}
const photoStates = (page: Page) => page.evaluate(() => (window as unknown as { photoStates: string[] }).photoStates);

async function upload(page: Page, side: string, seed: number) {
  await page
    .getByTestId(`kyc-photo-${side}`)
    .setInputFiles({ name: `${side}.jpg`, mimeType: 'image/jpeg', buffer: await photo(page, seed) });
}

const uploadedText = (language: Language) => CATALOGUES[language].kyc.photos.uploaded;

/**
 * Fills the whole form in `language` up to the summary. `passport` picks the passport with no expiry;
 * otherwise an ID card with both sides and an expiry date.
 */
async function fillForm(page: Page, language: Language, { passport }: { passport: boolean }) {
  const texts = CATALOGUES[language].kyc;
  // The same address again would not reload: a fresh form either way.
  const url = `${baseUrl()}/#/pages/newKYC/index?id=${cardId}`;
  if (page.url() === url) await page.reload();
  else await page.goto(url);
  await page.getByTestId('kyc-review').waitFor();
  await expectCleanPage(page, `KYC form (${language})`);
  await shot(page, language, 'form-document');

  // Checking an empty form: one sentence per field in the member's language, never a pattern.
  await page.getByTestId('kyc-review').click();
  await expect.poll(() => fieldError(page, 'firstName')).toBe(texts.issues.firstName);
  expect(await fieldError(page, 'phone')).toBe(texts.issues.phone);
  expect(await fieldError(page, 'country')).toBe(texts.issues.country);
  expect(await fieldError(page, 'nationality')).toBe(texts.issues.nationality);
  expect(await fieldError(page, 'issueDate')).toBe(texts.issues.issueDate);
  // A side never sent asks for its photo; one sent in an earlier language run shows as sent before.
  expect([texts.issues.photo, `${texts.photos.earlier}\n${texts.photos.replace}`]).toContain(
    await page.getByTestId('kyc-photo-front-state').innerText(),
  );
  const body = await page.evaluate(() => document.body.innerText);
  expect(body).not.toMatch(/\^\[|\\d|\{4,15\}|yyyy-mm-dd/);
  await shot(page, language, 'form-errors');

  // The document type decides the photo slots.
  await field(page, 'documentType').getByText(texts.fields.passport, { exact: true }).click();
  await expect.poll(() => page.getByTestId('kyc-photo-passport').locator('xpath=../..').isVisible()).toBe(true);
  expect(await page.getByTestId('kyc-photo-front-state').isVisible()).toBe(false);
  if (!passport) {
    await field(page, 'documentType').getByText(texts.fields.idCard, { exact: true }).click();
    await expect.poll(() => page.getByTestId('kyc-photo-front-state').isVisible()).toBe(true);
    expect(await page.getByTestId('kyc-photo-passport-state').isVisible()).toBe(false);
  }

  const [, nationalityCode] = SEARCH[language].nationality;
  const nationality = await pickCountryIn(page, language, 'nationality', 'country-picker');
  expect(nationality).not.toMatch(/\d/);
  expect(nationality.length).toBeGreaterThan(1);
  await fill(page, 'documentNumber', passport ? 'K7654321' : 'A1234567');
  await pickDateIn(page, language, 'issueDate', [2020, 1, 15], 'date-picker');
  expect(await page.getByTestId('kyc-issueDate-open').innerText()).toBe(
    new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(new Date(2020, 0, 15)),
  );
  // The switch is named by its words, and a tap on the words turns it, on and off.
  const noExpiry = page.getByRole('switch', { name: texts.help.noExpiry, exact: true });
  expect(await noExpiry.getAttribute('aria-checked')).toBe('false');
  await page.getByTestId('kyc-noExpiry-label').click();
  await expect.poll(() => noExpiry.getAttribute('aria-checked')).toBe('true');
  await page.getByTestId('kyc-noExpiry-label').click();
  await expect.poll(() => noExpiry.getAttribute('aria-checked')).toBe('false');
  if (passport) {
    await page.getByTestId('kyc-noExpiry-label').click();
    await expect.poll(() => page.getByTestId('kyc-expiryDate-open').innerText()).toBe(texts.fields.noExpiry);
    expect(await page.getByTestId('kyc-expiryDate-open').isDisabled()).toBe(true);
  } else {
    // Without an expiry date, the form names the switch as it is labelled.
    await page.getByTestId('kyc-review').click();
    await expect.poll(() => field(page, 'expiryDate').locator('.adm-form-item-feedback-error').innerText()).toBe(texts.issues.expiryDate);
    expect(texts.issues.expiryDate).toContain(texts.help.noExpiry);
    await pickDateIn(page, language, 'expiryDate', [2031, 1, 14]);
  }
  await shot(page, language, 'form-document-filled');

  await fill(page, 'firstName', 'Tai Man');
  await fill(page, 'lastName', 'Chan');
  await fill(page, 'phoneAreaCode', '+852');
  await fill(page, 'phone', '91234567');
  await fill(page, 'email', 'taiman@example.com');
  await field(page, 'firstName').scrollIntoViewIfNeeded();
  await shot(page, language, 'form-personal-contact');

  const [, countryCode] = SEARCH[language].country;
  await pickCountryIn(page, language, 'country');
  await fill(page, 'houseNumber', 'Flat 12A');
  await fill(page, 'street', '18 Queen Road Central');
  await fill(page, 'district', 'Central');
  await fill(page, 'city', 'Hong Kong');
  await fill(page, 'postcode', '999077');
  await field(page, 'country').scrollIntoViewIfNeeded();
  await shot(page, language, 'form-address');

  await watchPhotoStates(page);
  const sides = passport ? ['passport'] : ['front', 'back'];
  for (const [i, side] of sides.entries()) await upload(page, side, i + 1);
  for (const side of sides)
    await expect.poll(() => page.getByTestId(`kyc-photo-${side}-state`).innerText(), { timeout: 60_000 }).toContain(uploadedText(language));
  const states = await photoStates(page);
  const before = (text: string) => text.split(' {{')[0] ?? text;
  const [compressing, uploading] = [before(texts.photos.compressing), before(texts.photos.uploading)];
  expect(
    states.some((s) => s.startsWith(compressing) && /\d+%/.test(s)),
    JSON.stringify(states),
  ).toBe(true);
  expect(
    states.some((s) => s.startsWith(uploading) && /\d+%/.test(s)),
    JSON.stringify(states),
  ).toBe(true);
  await page.getByTestId('kyc-photos').scrollIntoViewIfNeeded();
  await shot(page, language, 'form-photos');
  await expectCleanPage(page, `KYC form filled (${language})`);

  await page.getByTestId('kyc-review').click();
  const summary = page.getByTestId('kyc-summary');
  await summary.waitFor();
  const documentText = await page.getByTestId('kyc-summary-document').innerText();
  expect(documentText).toContain(passport ? texts.fields.passport : texts.fields.idCard);
  expect(documentText).toContain(nationality);
  expect(documentText).toContain(new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(new Date(2020, 0, 15)));
  if (passport) expect(documentText).toContain(texts.fields.noExpiry);
  expect(await summary.innerText()).not.toContain('2099');
  expect(await page.getByTestId('kyc-summary-address').innerText()).toContain('Flat 12A, 18 Queen Road Central');
  await expect.poll(() => page.getByTestId('kyc-summary-photos').locator('img').count()).toBe(sides.length);
  for (const img of await page.getByTestId('kyc-summary-photos').locator('img').all())
    expect(await img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  await expectCleanPage(page, `KYC summary (${language})`);
  await shot(page, language, 'summary');
  await page.getByTestId('kyc-submit').scrollIntoViewIfNeeded();
  await shot(page, language, 'summary-end');
  return { nationalityCode, countryCode };
}

beforeAll(async () => {
  sandbox = await sandboxAddress(baseUrl(), '/dev/issuer');
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe('the card KYC form', () => {
  it('starts as a newcomer whose new card waits for KYC', { timeout: 90_000 }, async () => {
    await newcomerWithCard();
  });

  it('in Korean: a passport with no expiry, a failed upload tried again, a photo replaced, then back to edit', {
    timeout: 120_000,
  }, async () => {
    const { context, page, errors } = await phone('ko');
    const posts: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && r.url().includes('/api/v1/cards/kyc') && posts.push(r.url()));
    // The first upload of the passport page is cut off on the way: the member tries again.
    let cut = false;
    await page.route('**/api/v1/cards/kyc/photos/passport', (route) => {
      if (cut) return route.continue();
      cut = true;
      return route.abort('connectionreset');
    });
    const texts = CATALOGUES.ko.kyc;
    await page.goto(`${baseUrl()}/#/pages/newKYC/index?id=${cardId}`);
    await page.getByTestId('kyc-review').waitFor();
    await field(page, 'documentType').getByText(texts.fields.passport, { exact: true }).click();
    await watchPhotoStates(page);
    await upload(page, 'passport', 7);
    await expect.poll(() => page.getByTestId('kyc-photo-passport-state').innerText(), { timeout: 60_000 }).toContain('업로드 실패');
    expect(await page.getByTestId('kyc-photo-passport-state').innerText()).toContain(CATALOGUES.ko.errors.network);
    await page.getByTestId('kyc-photo-passport-state').scrollIntoViewIfNeeded();
    await shot(page, 'ko', 'photo-failed');
    await page.getByTestId('kyc-photo-passport-retry').click();
    await expect.poll(() => page.getByTestId('kyc-photo-passport-state').innerText(), { timeout: 60_000 }).toContain(uploadedText('ko'));
    // Replacing it: compressed and uploaded again.
    const before = (await photoStates(page)).length;
    await upload(page, 'passport', 8);
    await expect
      .poll(async () => (await photoStates(page)).slice(before).join('|'), { timeout: 60_000 })
      .toMatch(/업로드 중 \d+%.*업로드 완료/);
    await page.unroute('**/api/v1/cards/kyc/photos/passport');

    await fillForm(page, 'ko', { passport: true });
    expect(await page.getByTestId('kyc-summary-document').innerText()).toContain('대한민국');
    // Edit: back to the form as it was left.
    await page.getByTestId('kyc-edit').click();
    await page.getByTestId('kyc-review').waitFor();
    expect(await page.getByTestId('kyc-nationality-open').innerText()).toBe('대한민국');
    expect(await field(page, 'firstName').locator('input').inputValue()).toBe('Tai Man');
    expect(posts).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const language of ['en', 'ja'] as const)
    it(`in ${language}: the whole form up to the summary`, { timeout: 120_000 }, async () => {
      const { context, page, errors } = await phone(language);
      await fillForm(page, language, { passport: language === 'ja' });
      expect(errors).toEqual([]);
      await context.close();
    });

  it('in Chinese: an ID card sent for review, then the status page in review', { timeout: 120_000 }, async () => {
    const { context, page, errors } = await phone('zh');
    const sent: unknown[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/v1/cards/kyc')) sent.push(r.postDataJSON());
    });
    await fillForm(page, 'zh', { passport: false });
    expect(await page.getByTestId('kyc-summary-document').innerText()).toContain('香港');
    await page.getByTestId('kyc-submit').click();
    await expect.poll(() => hash(page)).toBe(`#/pages/kycPokey/index?id=${cardId}`);
    expect(sent).toEqual([
      expect.objectContaining({
        cardId,
        documentType: 'id_card',
        nationality: '344',
        country: '344',
        address: expect.objectContaining({ country: '344', houseNumber: 'Flat 12A', postcode: '999077' }),
        issueDate: '2020-01-15',
        expiryDate: '2031-01-14',
        firstName: 'Tai Man',
        lastName: 'Chan',
      }),
    ]);
    await expect.poll(() => page.getByTestId('kyc-result').innerText()).toContain(CATALOGUES.zh.kyc.status.in_progress);
    expect(await page.getByTestId('kyc-result').innerText()).toContain('提交于');
    expect(await page.getByTestId('kyc-details').innerText()).toContain(CATALOGUES.zh.kyc.status.sent);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the review in every language, and the form leads there while it runs', async () => {
    for (const language of ['zh', 'en', 'ko', 'ja'] as const) {
      const { context, page, errors } = await phone(language);
      await page.goto(`${baseUrl()}/#/pages/newKYC/index?id=${cardId}`);
      await expect.poll(() => hash(page)).toBe(`#/pages/kycPokey/index?id=${cardId}`);
      await expect.poll(() => page.getByTestId('kyc-result').innerText()).toContain(CATALOGUES[language].kyc.status.in_progress);
      await page.getByTestId('kyc-sent-at').waitFor();
      await expectCleanPage(page, `KYC in review (${language})`);
      await shot(page, language, 'status-review');
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('after the issuer refuses: the reason and a redo, with the photos already sent', { timeout: 60_000 }, async () => {
    const { cardholders } = await sandboxCall<{ cardholders: Array<{ id: string; kycStatus: string; email: string }> }>(
      'GET',
      '/sandbox/cardholders',
    );
    // The issuer knows this member by their account email; only theirs is refused.
    const mine = cardholders.find((h) => h.email === email);
    expect(mine?.kycStatus).toBe('pending');
    await sandboxCall('POST', `/sandbox/cardholders/${mine?.id}/kyc`, { decision: 'reject', reason: 'photo unreadable' });
    await expect.poll(async () => (await api<{ status: string }>('GET', '/api/v1/cards/kyc')).status, { timeout: 20_000 }).toBe('failed');

    for (const language of ['zh', 'en', 'ko', 'ja'] as const) {
      const { context, page, errors } = await phone(language);
      await page.goto(`${baseUrl()}/#/pages/kycPokey/index?id=${cardId}`);
      await expect.poll(() => page.getByTestId('kyc-result').innerText()).toContain(CATALOGUES[language].kyc.status.failed);
      expect(await page.getByTestId('kyc-reason').innerText()).toContain('photo unreadable');
      await expectCleanPage(page, `KYC failed (${language})`);
      await shot(page, language, 'status-failed');
      if (language === 'ja') {
        await page.getByTestId('kyc-redo').click();
        await expect.poll(() => hash(page)).toBe(`#/pages/newKYC/index?id=${cardId}`);
        await expect
          .poll(() => page.getByTestId('kyc-photo-front-state').innerText())
          .toBe(`${CATALOGUES.ja.kyc.photos.earlier}\n${CATALOGUES.ja.kyc.photos.replace}`);
        await expect.poll(() => page.getByTestId('kyc-photo-front').locator('xpath=..').locator('img').count()).toBe(1);
        await expectCleanPage(page, 'KYC redo (ja)');
        await page.getByTestId('kyc-photos').scrollIntoViewIfNeeded();
        await shot(page, language, 'redo-photos');
      }
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
