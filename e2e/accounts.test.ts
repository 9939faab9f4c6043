import { randomBytes } from 'node:crypto';
import { ERRORS } from '@wallet/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './chromium';
import { expectCleanPage, fill, hash } from './page-checks';

/**
 * A newcomer's account, in the browser against the real server in development mode: sign up, log
 * out and in by password and by email code, set the payment password. Codes are read from the dev
 * outbox (GET /api/v1/dev/mail), which keeps every mail the server would have sent.
 */

// i18next shows a missing key as the key itself, e.g. "auth.login.title".

const PASSWORD = 'Secret123';
const PAYMENT_PASSWORD = '246810';
/** USDT's TRC20 contract: a well-formed TRON address. */
const TRON_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

/** What a person should read, per language. */
const TEXTS = {
  ko: { paymentPasswordSet: '설정됨' },
  en: { paymentPasswordSet: 'Set' },
} as const;
type Language = keyof typeof TEXTS;

let browser: Browser;
const baseUrl = () => inject('baseUrl');

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

type Mail = { id: string; text: string; createdAt: string };

async function mails(email: string): Promise<Mail[]> {
  const res = await fetch(`${baseUrl()}/api/v1/dev/mail?to=${encodeURIComponent(email)}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { messages: Mail[] }).messages;
}

/**
 * Clicks "send code" and returns the code of the mail that arrives for it: the newest message not
 * there before the click (mails in other languages carry the same 6 digits).
 */
async function sendAndReadCode(page: Page, email: string): Promise<string> {
  const before = new Set((await mails(email)).map((mail) => mail.id));
  await page.getByTestId('send-code').click();
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const fresh = (await mails(email)).find((mail) => !before.has(mail.id));
        code = fresh?.text.match(/\b(\d{6})\b/)?.[1];
        return code;
      },
      { timeout: 15_000 },
    )
    .toMatch(/^\d{6}$/);
  return code as string;
}

async function logOut(page: Page) {
  await page.goto(`${baseUrl()}/#/pages/manageSun/index`);
  await page.getByTestId('logout').click();
  await expect.poll(() => hash(page)).toBe('#/pages/login/index');
}

for (const language of ['ko', 'en'] as const satisfies readonly Language[]) {
  describe(`accounts in ${language}`, () => {
    const email = `e2e-${language}-${randomBytes(5).toString('hex')}@example.com`;
    let context: BrowserContext;
    let page: Page;
    const pageErrors: string[] = [];

    beforeAll(async () => {
      // A context of its own: no token or language left over from another test.
      context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      page = await context.newPage();
      page.on('pageerror', (error) => pageErrors.push(error.message));
    });
    afterAll(async () => {
      await context?.close();
    });

    it('picks the language on the login page', async () => {
      await page.goto(`${baseUrl()}/#/pages/login/index`);
      await page.getByTestId(`lang-${language}`).click();
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(language);
      await expectCleanPage(page, `login in ${language}`);
    });

    it('says next to the field when the two passwords differ', async () => {
      await page.getByTestId('goto-register').click();
      await expect.poll(() => hash(page)).toBe('#/pages/register/index');
      await fill(page, 'register-email', email);
      await fill(page, 'code', '123456');
      await fill(page, 'register-password', PASSWORD);
      await fill(page, 'register-confirm', `${PASSWORD}x`);
      await fill(page, 'register-address', TRON_ADDRESS);
      await page.getByTestId('register-submit').click();

      const mismatch = ERRORS.PASSWORDS_DO_NOT_MATCH.message[language];
      await expect.poll(() => page.getByTestId('register-confirm').innerText()).toContain(mismatch);
      expect(await page.getByTestId('register-password').innerText()).not.toContain(mismatch);
      expect(await hash(page)).toBe('#/pages/register/index');
    });

    it('signs up and shows the UID on the account tab', async () => {
      await page.reload();
      await fill(page, 'register-email', email);
      const code = await sendAndReadCode(page, email);
      await fill(page, 'code', code);
      await fill(page, 'register-password', PASSWORD);
      await fill(page, 'register-confirm', PASSWORD);
      await page.getByTestId('network-TRON').click();
      await fill(page, 'register-address', TRON_ADDRESS);
      await expectCleanPage(page, `register in ${language}`);
      await page.getByTestId('register-submit').click();
      await expect.poll(() => hash(page), { timeout: 15_000 }).toBe('#/');

      await page.getByTestId('tab-account').click();
      await expect.poll(() => page.getByTestId('account-uid').innerText()).toMatch(/\d{6,}/);
      await expectCleanPage(page, `account in ${language}`);
    });

    it('logs out, then back in with the password', async () => {
      await logOut(page);
      await fill(page, 'login-email', email);
      await fill(page, 'login-password', PASSWORD);
      await page.getByTestId('login-submit').click();
      await expect.poll(() => hash(page)).toBe('#/');
      await page.getByTestId('tab-account').click();
      await expect.poll(() => page.getByTestId('account-uid').innerText()).toMatch(/\d{6,}/);

      // The session is an HttpOnly cookie (ADR 0012): nothing a page script can read holds it.
      const readable = await page.evaluate(() => ({ cookie: document.cookie, stored: JSON.stringify({ ...localStorage }) }));
      expect(readable.cookie).toBe('');
      expect(readable.stored).not.toMatch(/[A-Za-z0-9_-]{43}/);
      const [cookie] = (await page.context().cookies()).filter((c) => c.name === 'sbc_session');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api' });
      expect(readable.stored).not.toContain(cookie?.value);
    });

    it('logs out, then back in with an email code', async () => {
      await logOut(page);
      await page.getByTestId('goto-code-login').click();
      await expect.poll(() => hash(page)).toBe('#/pages/login/newIndex');
      await fill(page, 'code-login-email', email);
      const code = await sendAndReadCode(page, email);
      await fill(page, 'code', code);
      await expectCleanPage(page, `code login in ${language}`);
      await page.getByTestId('code-login-submit').click();
      await expect.poll(() => hash(page)).toBe('#/');
    });

    it('sets the payment password and reports it as set', async () => {
      await page.getByTestId('tab-account').click();
      await page.getByTestId('entry-pay-password').click();
      await expect.poll(() => hash(page)).toBe('#/pages/password_pay/index');
      const code = await sendAndReadCode(page, email);
      await fill(page, 'code', code);
      await fill(page, 'pay-password', PAYMENT_PASSWORD);
      await fill(page, 'pay-password-confirm', PAYMENT_PASSWORD);
      await page.getByTestId('pay-submit').click();

      const isSet = TEXTS[language].paymentPasswordSet;
      await expect.poll(() => page.getByTestId('pay-password-status').innerText()).toBe(isSet);
      await expectCleanPage(page, `payment password in ${language}`);

      await page.goto(`${baseUrl()}/#/pages/account/index`);
      await expect.poll(() => page.getByTestId('pay-password-state').innerText()).toContain(isSet);
      expect(pageErrors).toEqual([]);
    });
  });
}
