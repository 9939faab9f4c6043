import path from 'node:path';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, SCREENSHOTS } from './chromium';
import {
  type ConsoleOperator,
  consoleContext,
  consoleUrl,
  expectDashboard,
  freshTotpCode,
  signedInConsole,
  signInWithTotp,
  signOut,
  submitPassword,
  watchConsoleErrors,
  wrongTotpCode,
} from './console';

/*
 * Operator sign-in in the console (issue 42 "Tests"): enrolment from the invitation link, the
 * authenticator enrolled at the first sign-in, later sign-ins with a fresh code, a wrong code, a
 * recovery code that works once, and a passkey made on "My account" with Chromium's virtual
 * authenticator. The session is the HttpOnly cookie only: nothing secret reaches the page's storage.
 */

/** The server's message in the console's language, with its stable code (the console's errorText). */
const WRONG_EN = 'That code is not right. Check it and try again. (OPERATOR_SECOND_FACTOR_WRONG)';

/** Chromium's log line for a sign-in step the server refused (400): the refusals a test provokes on purpose. */
const refused = (step: string) =>
  `Failed to load resource: the server responded with a status of 400 (Bad Request) (${consoleUrl().replace(/\/console\/#\/$/, '')}/api/v1/admin/auth/${step})`;

let browser: Browser;
/** The operator of tests 1, 2 and 3: enrolled by the first. */
let operator: ConsoleOperator;

beforeAll(async () => {
  browser = await launchChromium();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

async function shot(page: Page, name: string) {
  if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, `console-sign-in-${name}.png`) });
}

/** A fresh 1280x800 page on the console's sign-in screen, its errors collected. */
async function signInPage(locale = 'en-US'): Promise<{ page: Page; errors: string[] }> {
  const context = await consoleContext(browser, locale);
  const page = await context.newPage();
  const errors = watchConsoleErrors(page);
  await page.goto(consoleUrl('login'));
  await page.locator('form').waitFor();
  return { page, errors };
}

/** What the page could read of the session: the cookies JavaScript sees and everything in web storage. */
async function readableSecrets(page: Page) {
  return page.evaluate(() => ({
    cookie: document.cookie,
    storage: [localStorage, sessionStorage].flatMap((store) =>
      Array.from({ length: store.length }, (_, i) => {
        const key = store.key(i) ?? '';
        return `${key}=${store.getItem(key)}`;
      }),
    ),
  }));
}

/** A platform authenticator with user verification that answers every prompt at once. */
async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

describe('console sign-in', () => {
  it('enrols from the invitation, signs in with a fresh authenticator code, and keeps the session out of reach of scripts', async () => {
    operator = await signedInConsole(browser, ['support'], { prefix: 'e2e-console-sign-in' });
    const { page, context } = operator;
    await shot(page, 'dashboard');

    // The session is the HttpOnly cookie alone, scoped to the admin API; the page's storage holds the language at most.
    const cookies = await context.cookies();
    const session = cookies.find((cookie) => cookie.name === 'sbc_console');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/v1/admin' });
    const readable = await readableSecrets(page);
    expect(readable.cookie).not.toContain('sbc_console');
    for (const entry of readable.storage) {
      expect(entry).toMatch(/^console\.language=(en|zh)$/);
    }
    const secrets = [session?.value ?? '', operator.totpSecret, operator.password, ...operator.recoveryCodes];
    const text = JSON.stringify(readable);
    for (const secret of secrets) expect(text).not.toContain(secret);

    await signOut(page);
    expect((await context.cookies()).find((cookie) => cookie.name === 'sbc_console')).toBeUndefined();
    // The enrolment is done: the second sign-in asks a code, never the QR code again, and the code
    // used at the enrolment is refused, so this one waits for the authenticator's next step if needed.
    await signInWithTotp(page, operator);
    await expectDashboard(page);
    expect(JSON.stringify(await readableSecrets(page))).not.toContain(operator.totpSecret);
    expect(operator.errors).toEqual([]);
    await signOut(page);
    await context.close();
  }, 120_000);

  it('refuses a wrong authenticator code with the translated message, in English and in Chinese', async () => {
    const { page, errors } = await signInPage();
    await submitPassword(page, operator.email, operator.password);
    await page.getByText('Confirm it is you').waitFor();
    await page.getByLabel('Code').fill(await wrongTotpCode(operator.totpSecret));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => page.locator('.ant-alert-error').innerText()).toBe(WRONG_EN);
    await shot(page, 'wrong-code-en');

    // The language switch on the sign-in card: the server answers in the console's language.
    await page.getByText('中文', { exact: true }).click();
    await page.getByLabel('动态码').fill(await wrongTotpCode(operator.totpSecret));
    await page.locator('form button[type="submit"]').click();
    await expect
      .poll(() => page.locator('.ant-alert-error').innerText())
      .toBe('验证码不正确，请检查后重试。 (OPERATOR_SECOND_FACTOR_WRONG)');
    await shot(page, 'wrong-code-zh');

    await page.getByLabel('动态码').fill(await freshTotpCode(operator.totpSecret));
    await page.locator('form button[type="submit"]').click();
    await page.getByRole('button', { name: '退出登录' }).waitFor();
    expect(errors).toEqual([refused('totp'), refused('totp')]);
    await page.context().close();
  }, 120_000);

  it('signs in with a recovery code once, and refuses the same code the second time', async () => {
    const [code] = operator.recoveryCodes;
    const first = await signInPage();
    await submitPassword(first.page, operator.email, operator.password);
    await first.page.getByRole('tab', { name: 'Recovery code' }).click();
    await first.page.getByPlaceholder('Recovery code').fill(code ?? '');
    await first.page.getByRole('button', { name: 'Confirm' }).click();
    await expectDashboard(first.page);
    expect(first.errors).toEqual([]);
    await signOut(first.page);
    await first.page.context().close();

    const second = await signInPage();
    await submitPassword(second.page, operator.email, operator.password);
    await second.page.getByRole('tab', { name: 'Recovery code' }).click();
    await second.page.getByPlaceholder('Recovery code').fill(code ?? '');
    await second.page.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => second.page.locator('.ant-alert-error').innerText()).toBe(WRONG_EN);
    expect(await second.page.getByRole('button', { name: 'Sign out' }).count()).toBe(0);
    await shot(second.page, 'recovery-refused');
    // Another of the codes still works.
    await second.page.getByPlaceholder('Recovery code').fill(operator.recoveryCodes[1] ?? '');
    await second.page.getByRole('button', { name: 'Confirm' }).click();
    await expectDashboard(second.page);
    expect(second.errors).toEqual([refused('recovery')]);
    await second.page.context().close();
  }, 120_000);

  it('adds a passkey on My account, signs out, and signs in with the password and the passkey', async () => {
    const passkeyOperator = await signedInConsole(browser, ['finance'], { prefix: 'e2e-console-passkey' });
    const { page } = passkeyOperator;
    const { cdp, authenticatorId } = await virtualAuthenticator(page);
    await page.getByRole('link', { name: passkeyOperator.email }).click();
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByRole('dialog').getByLabel('Name for this passkey').fill('Work laptop');
    await page.getByRole('dialog').getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByRole('cell', { name: 'Work laptop' }).waitFor({ timeout: 15_000 });
    await shot(page, 'account-passkey');
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    await signOut(page);

    // The same browser, its authenticator still there: the second step offers the passkey.
    await submitPassword(page, passkeyOperator.email, passkeyOperator.password);
    await page.getByRole('tab', { name: 'Passkey' }).click();
    await shot(page, 'second-step-passkey');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expectDashboard(page);
    const me = await page.evaluate(async () => (await fetch('/api/v1/admin/me/passkeys')).json());
    expect(me.items[0]).toMatchObject({ label: 'Work laptop' });
    expect(me.items[0].lastUsedAt).not.toBeNull();
    expect((await readableSecrets(page)).cookie).not.toContain('sbc_console');
    expect(passkeyOperator.errors).toEqual([]);
    await passkeyOperator.context.close();
  }, 120_000);
});
