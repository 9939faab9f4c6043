import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { type CardOperation, type Currency, Decimal, isLuhnValid, type Language } from '@wallet/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatExactMoney, formatRate } from '../apps/web/src/lib/format';
import { CATALOGUES } from '../apps/web/src/lib/i18n/catalogues';
import { en } from '../apps/web/src/lib/i18n/locales/en';
import { launchChromium, SCREENSHOTS, watchedPhone } from './chromium';
import {
  E2E_PAYMENT_PASSWORD,
  fundedMember,
  type Member,
  memberApi,
  newEmail,
  newTronAddress,
  registerByApi,
  sandboxAddress,
  walletUsdt,
} from './http';
import { expectCleanPage, hash } from './page-checks';
import { type Holder, issuerCall, openActiveCard } from './sandbox-issuer';

/**
 * Recharge and card to wallet with odd amounts, as a member sees them: the figures under the amount,
 * then the confirmation sheet with what leaves, the fee, the rate and what arrives before the payment
 * password, then a result equal to what the API moved. Also the card chooser (pages opened without a
 * card), the PIN typed twice, and a card number the Luhn check refuses on the spot. Runs as a member
 * of its own, with USDT from the local chain's faucet for a virtual and a physical USD card and the recharges.
 */
const LANGUAGES = ['zh', 'en', 'ko', 'ja'] as const;

let browser: Browser;
let member: Member;
let token: string;
let sandbox: string;
let cardId: string;
const baseUrl = () => inject('baseUrl');
const api = memberApi(baseUrl, () => token);

const sandboxCall = <T>(method: 'GET' | 'POST' | 'DELETE', route: string, body?: unknown) => issuerCall<T>(sandbox, method, route, body);

type ApiCard = { id: string; currency: string; type: string; status: string; balance: string; pinSet: boolean; shippingStatus: string };
const cardNow = (id = cardId) => api<ApiCard>('GET', `/api/v1/cards/${id}`);
const cardBalance = async () => new Decimal((await cardNow()).balance);
const walletBalance = () => walletUsdt(api);
const shown = (amount: string, currency: string) => `${formatExactMoney(amount, currency as Currency)} ${currency}`;

const holder = (): Holder => ({ ...member, firstName: 'Wing', lastName: 'Ho' });

const phone = (language: Language) => watchedPhone(browser, token, language);

async function look(page: Page, name: string, language: Language) {
  await expectCleanPage(page, `${name} in ${language}`);
  if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, `card-money-${name}-${language}.png`), fullPage: true });
}

async function figures(page: Page, testId: string): Promise<Record<string, string>> {
  const rows: Record<string, string> = {};
  for (const key of ['fee', 'debited', 'rate', 'credited']) {
    const cell = page.getByTestId(testId).getByTestId(`card-figure-${key}`);
    if ((await cell.count()) > 0) rows[key] = await cell.innerText();
  }
  return rows;
}

type Figures = Pick<CardOperation, 'kind' | 'debited' | 'debitedCurrency' | 'fee' | 'rate' | 'credited' | 'creditedCurrency'>;
function expectedFigures(m: Figures) {
  return {
    // Card to wallet shows its fee too (none), so a member need not wonder.
    fee: shown(m.fee, m.debitedCurrency),
    debited: shown(m.debited, m.debitedCurrency),
    ...(m.debitedCurrency === m.creditedCurrency ? {} : { rate: `1 ${m.debitedCurrency} ≈ ${formatRate(m.rate)} ${m.creditedCurrency}` }),
    credited: shown(m.credited, m.creditedCurrency),
  };
}

const KINDS = {
  recharge: { prefix: 'recharge', route: 'rechargeCardSun' },
  withdraw: { prefix: 'to-wallet', route: 'cardToSun' },
} as const;
type Kind = keyof typeof KINDS;

/** Types the amount, waits for the figures under it, then opens the confirmation sheet. */
async function openSheet(page: Page, kind: Kind, amount: string) {
  const { prefix, route } = KINDS[kind];
  await page.goto(`${baseUrl()}/#/pages/${route}/index?id=${cardId}`);
  await page.locator(`[data-testid="${prefix}-amount"] input`).fill(amount);
  await page.getByTestId(`${prefix}-preview`).waitFor();
  const preview = await figures(page, `${prefix}-preview`);
  await page.getByTestId(`${prefix}-quote`).click();
  await page.getByTestId(`${prefix}-sheet`).waitFor();
  return preview;
}

/** The sheet shows its figures while the payment password is still empty: they come first. */
async function sheetBeforePassword(page: Page, kind: Kind) {
  const { prefix } = KINDS[kind];
  const sheet = page.getByTestId(`${prefix}-sheet`);
  const password = sheet.locator('input[type="password"]');
  expect(await password.inputValue()).toBe('');
  // In reading order the figures come before the password field.
  const figuresFirst = await sheet.evaluate((el, summary) => {
    const figures = el.querySelector(`[data-testid="${summary}"]`);
    const input = el.querySelector('input[type="password"]');
    return !!figures && !!input && (figures.compareDocumentPosition(input) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
  }, `${prefix}-summary`);
  expect(figuresFirst).toBe(true);
  await expect.poll(() => sheet.getByTestId(`${prefix}-summary`).isVisible()).toBe(true);
  return figures(page, `${prefix}-summary`);
}

async function confirmWithPassword(page: Page, kind: Kind): Promise<CardOperation> {
  const { prefix } = KINDS[kind];
  await page.getByTestId(`${prefix}-sheet`).locator('input[type="password"]').fill(E2E_PAYMENT_PASSWORD);
  const reply = page.waitForResponse(
    (res) => res.request().method() === 'POST' && new URL(res.url()).pathname === `/api/v1/cards/${cardId}/${kind}` && res.status() === 200,
  );
  await page.getByTestId(`${prefix}-submit`).click();
  return ((await (await reply).json()) as { operation: CardOperation }).operation;
}

const operationNow = (id: string) => api<CardOperation>('GET', `/api/v1/cards/${cardId}/operations/${id}`);

beforeAll(async () => {
  sandbox = await sandboxAddress(baseUrl(), '/dev/issuer');
  browser = await launchChromium();
  if (SCREENSHOTS) await mkdir(SCREENSHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

describe('card money pages', () => {
  it('gives a member of its own an active virtual USD card', { timeout: 90_000 }, async () => {
    // A virtual card (10 USDT) and a physical one (100 USDT), and the recharges: 23, then 21 in each language.
    member = await fundedMember(baseUrl, { email: newEmail('card-money'), usdt: '230' });
    token = member.token;
    cardId = await openActiveCard(sandbox, holder());
    expect(cardId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('recharges an odd whole amount: figures before the password, the result is what moved', async () => {
    const { context, page, errors } = await phone('en');
    try {
      const preview = await openSheet(page, 'recharge', '23');
      const quote = await api<{ total: string; fee: string; rate: string; credited: string; sourceCurrency: string; cardCurrency: string }>(
        'POST',
        `/api/v1/cards/${cardId}/recharge/quote`,
        { amount: '23' },
      );
      const expected = expectedFigures({
        kind: 'recharge',
        debited: quote.total,
        debitedCurrency: quote.sourceCurrency,
        fee: quote.fee,
        rate: quote.rate,
        credited: quote.credited,
        creditedCurrency: quote.cardCurrency,
      });
      expect(preview).toEqual(expected);
      expect(await sheetBeforePassword(page, 'recharge')).toEqual(expected);
      const [wallet, card] = [await walletBalance(), await cardBalance()];
      const started = await confirmWithPassword(page, 'recharge');
      await page.getByTestId('card-op-succeeded').waitFor({ timeout: 20_000 });
      const op = await operationNow(started.id);
      expect(op).toMatchObject({ status: 'succeeded', debited: quote.total, fee: quote.fee, credited: quote.credited });
      expect(await figures(page, 'card-op-figures')).toEqual(expectedFigures(op));
      expect(wallet.minus(await walletBalance()).toFixed()).toBe(new Decimal(op.debited).toFixed());
      expect((await cardBalance()).minus(card).toFixed()).toBe(new Decimal(op.credited).toFixed());
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('moves 5.07 USD to the wallet: what leaves, the rate and what arrives first, then exactly that', async () => {
    const { context, page, errors } = await phone('en');
    try {
      const preview = await openSheet(page, 'withdraw', '5.07');
      const quote = await api<{ amount: string; cardCurrency: string; rate: string; credited: string; walletCurrency: string }>(
        'POST',
        `/api/v1/cards/${cardId}/withdraw/quote`,
        { amount: '5.07' },
      );
      const expected = expectedFigures({
        kind: 'withdraw',
        debited: quote.amount,
        debitedCurrency: quote.cardCurrency,
        fee: '0',
        rate: quote.rate,
        credited: quote.credited,
        creditedCurrency: quote.walletCurrency,
      });
      expect(expected.rate).toBeDefined();
      expect(preview).toEqual(expected);
      expect(await sheetBeforePassword(page, 'withdraw')).toEqual(expected);
      const [wallet, card] = [await walletBalance(), await cardBalance()];
      const started = await confirmWithPassword(page, 'withdraw');
      await page.getByTestId('card-op-succeeded').waitFor({ timeout: 20_000 });
      const op = await operationNow(started.id);
      expect(op).toMatchObject({ status: 'succeeded', debited: '5.07', rate: quote.rate, credited: quote.credited });
      expect(await figures(page, 'card-op-figures')).toEqual(expectedFigures(op));
      expect(await page.getByTestId('card-op-succeeded').innerText()).toBe(
        en.cards.toWallet.done.replace('{{amount}}', formatExactMoney(op.credited, 'USDT')).replace('{{currency}}', 'USDT'),
      );
      expect(card.minus(await cardBalance()).toFixed()).toBe('5.07');
      expect((await walletBalance()).minus(wallet).toFixed()).toBe(new Decimal(op.credited).toFixed());
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('refuses amounts on the spot with sentences, and Max fills what can be sent', async () => {
    const { context, page, errors } = await phone('en');
    try {
      await page.goto(`${baseUrl()}/#/pages/rechargeCardSun/index?id=${cardId}`);
      const amount = page.locator('[data-testid="recharge-amount"] input');
      await amount.fill('20.5');
      await page.getByTestId('recharge-quote').click();
      await expect
        .poll(() => page.getByTestId('recharge-amount').innerText())
        .toContain(en.amountInput.wholeOnly.replace('{{currency}}', 'USDT'));
      // Beside a balance with decimals, the rule is said as it is: whole USDT, at least 20.
      expect(await page.getByTestId('recharge-minimum').innerText()).toBe('Whole USDT, at least 20');
      expect(await page.getByTestId('recharge-amount').innerText()).not.toContain('amounts are whole numbers');
      await amount.fill('19');
      await page.getByTestId('recharge-quote').click();
      await expect.poll(() => page.getByTestId('recharge-amount').innerText()).toContain('The minimum is 20 USDT.');
      expect(await page.getByTestId('recharge-sheet').count()).toBe(0);

      await page.goto(`${baseUrl()}/#/pages/cardToSun/index?id=${cardId}`);
      await page.getByTestId('amount-max').click();
      expect(await page.locator('[data-testid="to-wallet-amount"] input').inputValue()).toBe(
        new Decimal((await cardNow()).balance).toFixed(),
      );
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('asks which card when the pages are opened without one', async () => {
    const { context, page, errors } = await phone('en');
    try {
      for (const [route, title] of [
        ['rechargeCardSun', en.cardMoney.choose.rechargeTitle],
        ['cardToSun', en.cardMoney.choose.toWalletTitle],
      ] as const) {
        await page.goto(`${baseUrl()}/#/pages/${route}/index`);
        await page.getByTestId('choose-card').waitFor();
        expect(await page.locator('h2').first().innerText()).toBe(title);
        // Only usable cards: every one listed is active.
        const { cards } = await api<{ cards: ApiCard[] }>('GET', '/api/v1/cards');
        expect(await page.getByTestId('choose-card-item').count()).toBe(cards.filter((c) => c.status === 'active').length);
        await page.locator(`[data-testid="choose-card-item"][href$="${cardId}"]`).click();
        await expect.poll(() => hash(page)).toBe(`#/pages/${route}/index?id=${cardId}`);
        await page.getByTestId(route === 'rechargeCardSun' ? 'recharge-amount' : 'to-wallet-amount').waitFor();
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('without a card, says what each page needs: a card to recharge, a card to move money from', async () => {
    const newcomer = await registerByApi(baseUrl(), { email: newEmail('card-money-none'), network: 'TRON', address: newTronAddress() });
    for (const language of LANGUAGES) {
      const { context, page, errors } = await watchedPhone(browser, newcomer, language);
      try {
        const texts = CATALOGUES[language].cardMoney.choose;
        for (const [route, said, notSaid] of [
          ['rechargeCardSun', texts.noneText, texts.noneToWalletText],
          ['cardToSun', texts.noneToWalletText, texts.noneText],
        ] as const) {
          await page.goto(`${baseUrl()}/#/pages/${route}/index`);
          await page.getByTestId('choose-card-none').waitFor();
          const body = await page.locator('body').innerText();
          expect(body).toContain(said);
          // Card to wallet does not speak of recharging, nor recharge of moving money out.
          expect(body).not.toContain(notSaid);
          await look(page, `${route}-no-card`, language);
        }
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });

  it('takes the PIN twice: a mismatch and a PIN anyone would guess are refused, then it is set', async () => {
    const { context, page, errors } = await phone('en');
    try {
      await page.goto(`${baseUrl()}/#/pages/anfCardPass/index?id=${cardId}`);
      const field = (testId: string) => page.locator(`[data-testid="${testId}"] input`);
      const message = (testId: string) => page.getByTestId(testId).locator('.adm-form-item-feedback-error');
      await field('pin-new').fill('246810');
      await field('pin-confirm').fill('246801');
      await field('pin-pay-password').fill(E2E_PAYMENT_PASSWORD);
      const posts: string[] = [];
      page.on('request', (req) => {
        if (req.method() === 'POST' && req.url().endsWith('/pin')) posts.push(req.url());
      });
      await page.getByTestId('pin-submit').click();
      await expect.poll(() => message('pin-confirm').innerText()).toBe(en.cardMoney.pin.mismatch);

      await field('pin-new').fill('123456');
      await field('pin-confirm').fill('123456');
      await page.getByTestId('pin-submit').click();
      await expect.poll(() => message('pin-new').innerText()).toBe(en.cardMoney.pin.tooSimple);
      expect(posts).toEqual([]);

      await field('pin-new').fill('246810');
      await field('pin-confirm').fill('246810');
      await page.getByTestId('pin-submit').click();
      await expect.poll(() => hash(page)).toBe(`#/pages/cardBasic/index?id=${cardId}`);
      expect(posts).toHaveLength(1);
      expect((await cardNow()).pinSet).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('refuses a card number that fails the Luhn check on the spot, without asking the server', { timeout: 90_000 }, async () => {
    const physical = await openActiveCard(sandbox, holder(), 'physical');
    const { cards } = await sandboxCall<{ cards: Array<{ id: string; reference: string }> }>('GET', '/sandbox/cards');
    const issuerCard = cards.find((c) => c.reference === physical);
    await sandboxCall('POST', `/sandbox/cards/${issuerCard?.id}/ship`, {});
    await sandboxCall('POST', `/sandbox/cards/${issuerCard?.id}/deliver`, {});
    await expect.poll(async () => (await cardNow(physical)).shippingStatus).toBe('delivered');
    const { pan } = await sandboxCall<{ pan: string }>('GET', `/sandbox/cards/${issuerCard?.id}/printed`);
    const typo = `${pan.slice(0, 6)}${(Number(pan[6]) + 1) % 10}${pan.slice(7)}`;
    expect(isLuhnValid(typo)).toBe(false);

    for (const language of LANGUAGES) {
      const { context, page, errors } = await phone(language);
      try {
        const binds: string[] = [];
        page.on('request', (req) => {
          if (req.method() === 'POST' && req.url().endsWith('/bind')) binds.push(req.url());
        });
        await page.goto(`${baseUrl()}/#/pages/bindCardSun/index?id=${physical}`);
        const input = page.locator('[data-testid="bind-card-number"] input, input[data-testid="bind-card-number"]').first();
        await input.fill(typo);
        await page.getByTestId('bind-submit').click();
        await expect
          .poll(() => page.locator('.adm-form-item-feedback-error').first().innerText())
          .toBe(CATALOGUES[language].cardMoney.bind.invalid);
        expect(binds).toEqual([]);
        await look(page, 'bind-luhn', language);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });

  it('fits a phone in every language: chooser, form, sheet, result and PIN', { timeout: 300_000 }, async () => {
    for (const language of LANGUAGES) {
      const { context, page, errors } = await phone(language);
      try {
        await page.goto(`${baseUrl()}/#/pages/rechargeCardSun/index`);
        await page.getByTestId('choose-card').waitFor();
        await look(page, 'choose', language);

        await page.goto(`${baseUrl()}/#/pages/rechargeCardSun/index?id=${cardId}`);
        await page.locator('[data-testid="recharge-amount"] input').fill('21');
        await page.getByTestId('recharge-preview').waitFor();
        await look(page, 'recharge-form', language);
        await page.getByTestId('recharge-quote').click();
        await page.getByTestId('recharge-sheet').waitFor();
        await page.waitForTimeout(400);
        await look(page, 'recharge-sheet', language);
        await confirmWithPassword(page, 'recharge');
        await page.getByTestId('card-op-succeeded').waitFor({ timeout: 20_000 });
        await look(page, 'recharge-result', language);

        await page.goto(`${baseUrl()}/#/pages/cardToSun/index?id=${cardId}`);
        // What the recharge brought, and a little more, back: the member's balances stay about even.
        await page.locator('[data-testid="to-wallet-amount"] input').fill('21.37');
        await page.getByTestId('to-wallet-preview').waitFor();
        await look(page, 'to-wallet-form', language);
        await page.getByTestId('to-wallet-quote').click();
        await page.getByTestId('to-wallet-sheet').waitFor();
        await page.waitForTimeout(400);
        await look(page, 'to-wallet-sheet', language);
        await confirmWithPassword(page, 'withdraw');
        await page.getByTestId('card-op-succeeded').waitFor({ timeout: 20_000 });
        await look(page, 'to-wallet-result', language);

        await page.goto(`${baseUrl()}/#/pages/anfCardPass/index?id=${cardId}`);
        await page.locator('[data-testid="pin-new"] input').fill('135790');
        await page.locator('[data-testid="pin-confirm"] input').fill('135709');
        await page.getByTestId('pin-submit').click();
        await expect
          .poll(() => page.getByTestId('pin-confirm').locator('.adm-form-item-feedback-error').innerText())
          .toBe(CATALOGUES[language].cardMoney.pin.mismatch);
        await look(page, 'pin', language);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });
});
