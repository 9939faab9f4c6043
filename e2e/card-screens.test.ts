import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { type CardProduct, ERRORS, type Language } from '@wallet/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CATALOGUES } from '../apps/web/src/lib/i18n/catalogues';
import { launchChromium, SCREENSHOTS, watchedPhone } from './chromium';
import { E2E_PAYMENT_PASSWORD, fundedMember, memberApi, newEmail, sandboxAddress } from './http';
import { expectCleanPage, hash } from './page-checks';
import { issuerCall, openActiveCard, openCard } from './sandbox-issuer';

/**
 * The card pack, card faces, card detail, opening and reveal screens as a newcomer sees them: product
 * names that follow a language switch without a reload, an opening title that fits a phone, a physical
 * card's real stage from production to active, a failed opening folded away, pages opened without a
 * card, and copy buttons that copy. Runs as a newcomer with cards of its own.
 */
const LANGUAGES = ['zh', 'en', 'ko', 'ja'] as const satisfies readonly Language[];
/** A change the card issuer makes first (a freeze) before the screen shows it. */
const ISSUER = { timeout: 20_000 };

type ApiCard = {
  id: string;
  status: string;
  shippingStatus: string;
  trackingNumber: string | null;
  boundAt: string | null;
  pinSet: boolean;
  frozen: boolean;
};

let browser: Browser;
let token: string;
let sandbox: string;
let products: CardProduct[];
let virtualId: string;
let physicalId: string;
let failedId: string;
const baseUrl = () => inject('baseUrl');
const api = memberApi(baseUrl, () => token);
const card = (id: string) => api<ApiCard>('GET', `/api/v1/cards/${id}`);

const sandboxCall = <T>(method: 'GET' | 'POST', route: string, body?: unknown) => issuerCall<T>(sandbox, method, route, body);
const issuerId = async (cardId: string) =>
  (await sandboxCall<{ cards: Array<{ id: string; reference: string }> }>('GET', '/sandbox/cards')).cards.find(
    (c) => c.reference === cardId,
  )?.id ?? '';

/** A newcomer with USDT from the faucet and a payment password; an active virtual card (KYC approved), a physical one and a failed opening. */
async function newcomerWithCards() {
  const member = await fundedMember(baseUrl, { email: newEmail('card-screens'), usdt: '150' });
  token = member.token;
  products = (await api<{ products: CardProduct[] }>('GET', '/api/v1/cards/products')).products;
  const holder = { ...member, firstName: 'Mei', lastName: 'Wong' };
  virtualId = await openActiveCard(sandbox, holder);
  physicalId = await openCard(holder, 'physical');
  // The issuer refuses the next opening: the fee comes back and the card stays in the history as failed.
  await sandboxCall('POST', '/sandbox/openings/fail-next', { count: 1 });
  failedId = await openCard(holder, 'virtual', 'failed');
}

async function phone(language: Language): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  // Only the first document: a language switched in the page must survive a later reload.
  const opened = await watchedPhone(browser, token, language, { firstLoadOnly: true });
  await opened.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(baseUrl()).origin });
  return opened;
}

async function look(page: Page, name: string, language: Language) {
  await expectCleanPage(page, `${name} in ${language}`);
  if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, `card-screens-${name}-${language}.png`), fullPage: true });
}

/** Moves inside the app without loading the page again (a hash change is not a reload). */
const go = (page: Page, route: string) => page.evaluate((r) => (window.location.hash = r), route);

const faceOf = (page: Page, cardId: string) => page.locator(`[data-testid="card-face"][data-card-id="${cardId}"]`);
const stageOf = async (page: Page, cardId: string) => faceOf(page, cardId).getByTestId('card-state').getAttribute('data-stage');

beforeAll(async () => {
  sandbox = await sandboxAddress(baseUrl(), '/dev/issuer');
  browser = await launchChromium();
  if (SCREENSHOTS) await mkdir(SCREENSHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

describe('card screens in the browser', () => {
  it('a newcomer has an active virtual card, a physical card and a failed opening', { timeout: 120_000 }, async () => {
    await newcomerWithCards();
  });

  it('product names follow a language switch without a reload: products, opening, card face and detail', async () => {
    const { context, page, errors } = await phone('zh');
    const virtual = products.find((p) => p.type === 'virtual' && p.currency === 'USD' && p.level === 1) as CardProduct;
    const names = (language: Language) => products.map((p) => p.names[language] ?? p.name);
    await page.goto(`${baseUrl()}/#/pages/cardNewSbc/index`);
    await expect.poll(() => page.getByTestId('product-name').allInnerTexts()).toEqual(names('zh'));
    await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });
    for (const language of ['ja', 'ko'] as const) {
      await go(page, '#/pages/account/index');
      await page.getByTestId(`lang-${language}`).click();
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(language);
      await go(page, '#/pages/cardNewSbc/index');
      await expect.poll(() => page.getByTestId('product-name').allInnerTexts()).toEqual(names(language));
      for (const other of LANGUAGES.filter((l) => l !== language))
        for (const name of products.map((p) => p.names[other]).filter((n) => n && !names(language).includes(n)))
          expect(await page.locator('body').innerText()).not.toContain(name);

      await go(page, `#/pages/apply_card_opne/index?product=${virtual.id}`);
      await expect.poll(() => page.getByTestId('product-name').innerText()).toBe(virtual.names[language]);
      expect(await page.locator('header h1').innerText()).toBe(CATALOGUES[language].cardPack.apply.title);

      await go(page, '#/pages/wallet/index');
      await expect.poll(() => faceOf(page, virtualId).getByTestId('card-product-name').innerText()).toBe(virtual.names[language]);
      await go(page, `#/pages/cardBasic/index?id=${virtualId}`);
      await expect.poll(() => page.getByTestId('card-product-name').innerText()).toBe(virtual.names[language]);
      await go(page, `#/pages/afterOpen/index?id=${failedId}`);
      await expect.poll(() => page.getByTestId('after-open-message').innerText()).toBe(ERRORS.CARD_OPENING_FAILED.message[language]);

      // The messages written when the cards opened (in the language of the time) name them in this one.
      await go(page, '#/pages/messageSun/index');
      const opened = page.locator('[data-testid="notification-row"][data-code="card_opened"]');
      await expect
        .poll(() => opened.allInnerTexts())
        .toEqual(expect.arrayContaining([expect.stringContaining(virtual.names[language] as string)]));
      for (const text of await page.locator('[data-testid="notification-row"][data-code^="card_"]').allInnerTexts())
        for (const product of products) expect(text).not.toContain(product.names.en);
    }
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the opening title fits a 390 px phone in every language, the product shown in the page', async () => {
    const physical = products.find((p) => p.type === 'physical') as CardProduct;
    for (const language of LANGUAGES) {
      const { context, page, errors } = await phone(language);
      for (const product of [physical, products.find((p) => p.type === 'virtual') as CardProduct]) {
        await page.goto(`${baseUrl()}/#/pages/apply_card_opne/index?product=${product.id}`);
        await expect.poll(() => page.getByTestId('product-name').innerText()).toBe(product.names[language] ?? product.name);
        const title = page.locator('header h1');
        expect(await title.innerText()).toBe(CATALOGUES[language].cardPack.apply.title);
        expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
        await look(page, `apply-${product.type}`, language);
      }
      // Opened straight on the physical card's form (the first document of this page): each field has
      // an example, each empty field says what it needs, and a name in other letters is named as such.
      const texts = CATALOGUES[language].cardPack.apply;
      const item = (field: string) => page.getByTestId(`apply-${field}`);
      const errorOf = (field: string) => item(field).locator('.adm-form-item-feedback-error');
      await page.goto(`${baseUrl()}/#/pages/apply_card_opne/index?product=${physical.id}`);
      await page.reload();
      await item('firstName').waitFor();
      for (const field of ['firstName', 'lastName', 'recipient', 'phone', 'postalCode', 'address'] as const)
        expect(await item(field).locator('input').getAttribute('placeholder'), field).toBe(texts.placeholders[field]);
      await page.getByTestId('apply-submit').click();
      await expect.poll(() => errorOf('firstName').innerText()).toBe(texts.issues.firstName);
      for (const field of ['lastName', 'recipient', 'phone', 'postalCode', 'country', 'city', 'address', 'paymentPassword'] as const)
        expect(await errorOf(field).innerText(), field).toBe(texts.issues[field]);
      expect(await errorOf('district').count()).toBe(0);
      await item('firstName').locator('input').fill('张');
      await item('lastName').locator('input').fill('Wong');
      await item('phone').locator('input').fill('9123 4567');
      await page.getByTestId('apply-submit').click();
      await expect.poll(() => errorOf('firstName').innerText()).toBe(texts.issues.firstNameLetters);
      expect(await errorOf('phone').innerText()).toBe(texts.issues.phone);
      expect(await errorOf('lastName').count()).toBe(0);
      await item('firstName').scrollIntoViewIfNeeded();
      await look(page, 'apply-errors', language);
      await page.goto(`${baseUrl()}/#/pages/cardNewSbc/index`);
      await expect.poll(() => page.getByTestId('choose-product').count()).toBe(products.length);
      await look(page, 'products', language);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it("shows a physical card's real stage and next step, from production to active", { timeout: 120_000 }, async () => {
    const { context, page, errors } = await phone('en');
    const texts = CATALOGUES.en.cardPack;
    const expectStage = async (stage: string, action: string | null) => {
      await page.goto(`${baseUrl()}/#/pages/wallet/index`);
      // The same address again is no navigation: load the page anew so it reads what the issuer changed.
      await page.reload();
      await expect.poll(() => stageOf(page, physicalId)).toBe(stage);
      expect(await faceOf(page, physicalId).getByTestId('card-state').innerText()).toBe(texts.stage[stage as keyof typeof texts.stage]);
      const bar = page.locator('[data-testid="usable-card"]', { has: faceOf(page, physicalId) }).getByTestId('card-stage-bar');
      if (action) expect(await bar.getByRole('link').innerText()).toBe(action);
      else expect(await bar.count()).toBe(0);
      await page.goto(`${baseUrl()}/#/pages/cardBasic/index?id=${physicalId}`);
      await expect.poll(() => page.getByTestId('card-state').getAttribute('data-stage')).toBe(stage);
    };
    // Opened at the issuer ("active" there), but not yet made, sent or bound: not usable yet.
    await expectStage('inProduction', texts.next.track);
    await look(page, 'detail-physical-production', 'en');
    await page.goto(`${baseUrl()}/#/pages/kuaidi/index?id=${physicalId}`);
    await expect.poll(() => page.getByTestId('tracking-steps').getAttribute('data-current')).toBe('inProduction');

    const issuer = await issuerId(physicalId);
    await sandboxCall('POST', `/sandbox/cards/${issuer}/ship`, {});
    await expect.poll(async () => (await card(physicalId)).shippingStatus, { timeout: 20_000 }).toBe('shipped');
    const tracking = (await card(physicalId)).trackingNumber ?? '';
    await expectStage('shipped', texts.next.track);
    await page.goto(`${baseUrl()}/#/pages/wallet/index`);
    if (tracking) await expect.poll(() => page.getByTestId('card-stage-bar').first().innerText()).toContain(tracking);
    for (const language of LANGUAGES) {
      const other = await phone(language);
      await other.page.goto(`${baseUrl()}/#/pages/kuaidi/index?id=${physicalId}`);
      await expect.poll(() => other.page.getByTestId('tracking-steps').getAttribute('data-current')).toBe('shipped');
      await look(other.page, 'kuaidi', language);
      await other.page.goto(`${baseUrl()}/#/pages/wallet/index`);
      await expect.poll(() => stageOf(other.page, physicalId)).toBe('shipped');
      await look(other.page, 'wallet', language);
      expect(other.errors).toEqual([]);
      await other.context.close();
    }

    await sandboxCall('POST', `/sandbox/cards/${issuer}/deliver`, {});
    await expect.poll(async () => (await card(physicalId)).shippingStatus, { timeout: 20_000 }).toBe('delivered');
    await expectStage('delivered', texts.next.bind);
    await page.goto(`${baseUrl()}/#/pages/wallet/index`);
    await expect.poll(() => stageOf(page, physicalId)).toBe('delivered');
    await page.getByTestId('stage-bind').click();
    await expect.poll(() => hash(page)).toBe(`#/pages/bindCardSun/index?id=${physicalId}`);

    const { pan } = await sandboxCall<{ pan: string }>('GET', `/sandbox/cards/${issuer}/printed`);
    await api('POST', `/api/v1/cards/${physicalId}/bind`, { cardNumber: pan });
    await expectStage('setPin', texts.next.setPin);
    for (const language of LANGUAGES) {
      const other = await phone(language);
      await other.page.goto(`${baseUrl()}/#/pages/bound/index?id=${physicalId}`);
      await other.page.getByTestId('bound-result').waitFor();
      await look(other.page, 'bound', language);
      await other.page.goto(`${baseUrl()}/#/pages/cardBasic/index?id=${physicalId}`);
      await expect.poll(() => other.page.getByTestId('card-state').getAttribute('data-stage')).toBe('setPin');
      await look(other.page, 'detail-physical', language);
      expect(other.errors).toEqual([]);
      await other.context.close();
    }

    await api('POST', `/api/v1/cards/${physicalId}/pin`, { pin: '864209', paymentPassword: E2E_PAYMENT_PASSWORD });
    await expectStage('active', null);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a failed opening sits in the folded "closed and failed" section, under the usable cards', async () => {
    for (const language of LANGUAGES) {
      const { context, page, errors } = await phone(language);
      await page.goto(`${baseUrl()}/#/pages/wallet/index`);
      await expect.poll(() => page.getByTestId('usable-card').count()).toBe(2);
      expect(await page.locator('[data-testid="usable-card"]').locator(`[data-card-id="${failedId}"]`).count()).toBe(0);
      const closed = page.getByTestId('closed-cards');
      expect(await closed.innerText()).toContain(CATALOGUES[language].cardPack.closedSection.replace('{{count}}', '1'));
      // Folded: the failed card is not shown until the section is opened.
      expect(await faceOf(page, failedId).isVisible()).toBe(false);
      await look(page, 'wallet-cards', language);
      await closed.getByText(CATALOGUES[language].cardPack.closedSection.replace('{{count}}', '1')).click();
      await expect.poll(() => faceOf(page, failedId).isVisible()).toBe(true);
      expect(await stageOf(page, failedId)).toBe('failed');
      // The panel's opening animation.
      await page.waitForTimeout(500);
      // The usable cards come first on the page.
      const order = await page.evaluate(
        ([failed]) => {
          const faces = Array.from(document.querySelectorAll('[data-testid="card-face"]')).map((el) => el.getAttribute('data-card-id'));
          return faces.indexOf(failed ?? '') === faces.length - 1;
        },
        [failedId],
      );
      expect(order).toBe(true);
      await look(page, 'wallet-closed-open', language);
      await faceOf(page, failedId).click();
      await expect.poll(() => hash(page)).toBe(`#/pages/afterOpen/index?id=${failedId}`);
      await expect.poll(() => page.getByTestId('after-open-message').innerText()).not.toBe('');
      await look(page, 'after-open-failed', language);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  // A missing card is an answer, not a failure: it is asked for once and never retried with backoff (which
  // kept the placeholder up for seconds). Requests are counted rather than timed, so a slow machine cannot fail it.
  it('card pages opened without their card say "card not found" after one request at most, with a way back', async () => {
    for (const language of LANGUAGES) {
      const { context, page, errors } = await phone(language);
      const cardReads: string[] = [];
      page.on('request', (request) => {
        const path = new URL(request.url()).pathname;
        if (/^\/api\/v1\/cards\/[^/]+$/.test(path)) cardReads.push(path);
      });
      await page.goto(`${baseUrl()}/#/pages/wallet/index`);
      await page.getByTestId('card-face').first().waitFor();
      for (const route of ['cardBasic/index', 'afterOpen/index', 'kuaidi/index', `cardBasic/index?id=${crypto.randomUUID()}`]) {
        cardReads.length = 0;
        // The page left may say "card not found" too: a page with a card's id has answered once its read has.
        const read = route.includes('?id=')
          ? page.waitForResponse((r) => /^\/api\/v1\/cards\/[^/]+$/.test(new URL(r.url()).pathname))
          : null;
        await go(page, `#/pages/${route}`);
        await read;
        await page.getByTestId('card-not-found').waitFor();
        expect(cardReads.length).toBe(route.includes('?id=') ? 1 : 0);
        expect(await page.getByTestId('card-not-found').innerText()).toContain(CATALOGUES[language].cardPack.notFound.title);
        if (route === 'kuaidi/index') await look(page, 'not-found', language);
      }
      await page.getByTestId('card-not-found-back').click();
      await expect.poll(() => hash(page)).toBe('#/pages/wallet/index');
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('card detail: grouped actions, links to spending controls and statements, and an empty transaction list', async () => {
    for (const language of LANGUAGES) {
      const { context, page, errors } = await phone(language);
      await page.goto(`${baseUrl()}/#/pages/cardBasic/index?id=${virtualId}`);
      await expect.poll(() => page.getByTestId('card-balance').innerText()).toBe('0.00 USD');
      expect(await page.getByTestId('go-controls').getAttribute('href')).toBe(`#/pages/cardControls/index?id=${virtualId}`);
      expect(await page.getByTestId('go-statements').getAttribute('href')).toBe(`#/pages/statement/index?cardId=${virtualId}`);
      await expect.poll(() => page.locator('body').innerText()).toContain(CATALOGUES[language].cards.basic.noTransactions);
      await look(page, 'detail-virtual', language);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('freezing asks first and says what it means; unfreezing is one tap', { timeout: 120_000 }, async () => {
    const freezes: string[] = [];
    for (const language of LANGUAGES) {
      const { context, page, errors } = await phone(language);
      const texts = CATALOGUES[language].cardPack.detail;
      page.on('request', (r) => r.url().includes(`/api/v1/cards/${virtualId}/`) && r.method() !== 'GET' && freezes.push(r.url()));
      await page.goto(`${baseUrl()}/#/pages/cardBasic/index?id=${virtualId}`);
      await expect.poll(() => page.getByTestId('toggle-freeze').innerText()).toBe(texts.freeze);
      const sent = freezes.length;
      await page.getByTestId('toggle-freeze').click();
      const dialog = page.locator('.adm-dialog');
      await expect.poll(() => page.getByTestId('freeze-confirm-text').innerText()).toBe(texts.freezeText);
      expect(await dialog.innerText()).toContain(texts.freezeTitle);
      await look(page, 'freeze-confirm', language);
      // Keeping the card active sends nothing.
      await dialog.getByText(texts.freezeCancel, { exact: true }).click();
      await expect.poll(() => page.getByTestId('freeze-confirm-text').count()).toBe(0);
      expect(freezes.length).toBe(sent);
      expect((await card(virtualId)).frozen).toBe(false);

      await page.getByTestId('toggle-freeze').click();
      await dialog.getByText(texts.freezeConfirm, { exact: true }).click();
      // The issuer freezes the card first: that takes a moment more than a screen change.
      await expect.poll(() => page.getByTestId('toggle-freeze').innerText(), ISSUER).toBe(texts.unfreeze);
      expect((await card(virtualId)).frozen).toBe(true);
      await look(page, 'frozen', language);
      // Unfreezing gives the card back at once: no question.
      await page.getByTestId('toggle-freeze').click();
      await expect.poll(() => page.getByTestId('toggle-freeze').innerText(), ISSUER).toBe(texts.freeze);
      expect(await page.getByTestId('freeze-confirm-text').count()).toBe(0);
      expect((await card(virtualId)).frozen).toBe(false);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('reveal without a card asks to choose one; the number, expiry and CVV copy', { timeout: 120_000 }, async () => {
    for (const language of LANGUAGES) {
      const { context, page, errors } = await phone(language);
      await page.goto(`${baseUrl()}/#/pages/app-cvv/index`);
      // Only open virtual cards: a physical card's number is printed on it.
      await expect.poll(() => page.getByTestId('reveal-choose-item').count()).toBe(1);
      await look(page, 'cvv-choose', language);
      await page.getByTestId('reveal-choose-item').click();
      await expect.poll(() => hash(page)).toBe(`#/pages/app-cvv/index?id=${virtualId}`);
      await page.getByTestId('cvv-submit').waitFor();
      await look(page, 'cvv-form', language);
      await page.locator('input[type="password"]').fill(E2E_PAYMENT_PASSWORD);
      await page.getByTestId('cvv-submit').click();
      await page.getByTestId('card-secrets').waitFor();
      const number = (await page.getByTestId('secret-number').innerText()).replace(/\s/g, '');
      expect(number).toMatch(/^\d{16}$/);
      const copies = async (button: string, expected: string) => {
        await page.evaluate(() => navigator.clipboard.writeText(''));
        await page.getByTestId(button).click();
        await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(expected);
      };
      await copies('copy-number', number);
      await copies('copy-expiry', await page.getByTestId('secret-expiry').innerText());
      await copies('copy-cvv', await page.getByTestId('secret-cvv').innerText());
      expect(await page.getByTestId('secret-expiry').innerText()).toMatch(/^\d{2}\/\d{2}$/);
      expect(await page.getByTestId('secret-cvv').innerText()).toMatch(/^\d{3}$/);
      await look(page, 'cvv-revealed', language);
      await page.getByTestId('cvv-hide').click();
      await page.getByTestId('cvv-submit').waitFor();
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
