import type { OperatorRole } from '@wallet/contract';
import { generate } from 'otplib';
import type { Browser, BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { call, newEmail, waitFor } from './http';

/*
 * The operator console in Chromium (issue 42): operators of the calling test file's own, invited
 * through the admin API and signed in through the console's screens as a newcomer does. Never the
 * development operators: files run one after another but a TOTP code is taken once, ever.
 */

/**
 * The console's address. On localhost, not 127.0.0.1: WebAuthn needs a domain as its RP ID, and the
 * enrolment links the server makes (APP_URL's default) point there too.
 */
export const consoleUrl = (route = ''): string => `${inject('baseUrl').replace('127.0.0.1', 'localhost')}/console/#/${route}`;

/** The console's desktop size (issue 42: "in Chromium at 1280x800"). */
export const CONSOLE_VIEWPORT = { width: 1280, height: 800 };

export const OPERATOR_PASSWORD = 'operator correct horse 42';

const TOTP_PERIOD = 30;

/** The last TOTP time step each secret gave a code for: the server takes a step once and never an older one. */
const usedSteps = new Map<string, number>();

/**
 * A TOTP code the server has not seen yet for `secret`: the current 30 s step's, or, when this
 * step's code was already used, the next step's once the clock reaches it (no fixed sleep).
 */
export async function freshTotpCode(secret: string): Promise<string> {
  for (;;) {
    const now = Date.now();
    const step = Math.floor(now / 1000 / TOTP_PERIOD);
    if (step > (usedSteps.get(secret) ?? -1)) {
      usedSteps.set(secret, step);
      return generate({ secret, epoch: step * TOTP_PERIOD, period: TOTP_PERIOD });
    }
    await new Promise((resolve) => setTimeout(resolve, (step + 1) * TOTP_PERIOD * 1000 - now + 50));
  }
}

/** A six-digit code that is none of the codes the server would accept for `secret` right now (its step, or one either side). */
export async function wrongTotpCode(secret: string): Promise<string> {
  const step = Math.floor(Date.now() / 1000 / TOTP_PERIOD);
  const near = await Promise.all([-2, -1, 0, 1, 2].map((d) => generate({ secret, epoch: (step + d) * TOTP_PERIOD, period: TOTP_PERIOD })));
  for (let n = 0; ; n++) {
    const code = String((123456 + n * 111111) % 1_000_000).padStart(6, '0');
    if (!near.includes(code)) return code;
  }
}

export type InvitedOperator = { id: string; email: string; roles: OperatorRole[]; enrolUrl: string };

/** A new operator with `roles`, invited by the e2e server's admin API key: their single-use enrolment link. */
export async function inviteOperator(roles: OperatorRole[], prefix = 'e2e-operator'): Promise<InvitedOperator> {
  const email = newEmail(prefix);
  const reply = await call(
    'POST',
    `${inject('baseUrl')}/api/v1/admin/operators`,
    { email, roles },
    { authorization: `Bearer ${inject('operatorKey')}` },
  );
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  const { operator, enrolUrl } = reply.body as { operator: { id: string; email: string }; enrolUrl: string };
  expect(enrolUrl).toMatch(/\/console\/#\/enrol\?token=[\w-]+$/);
  return { id: operator.id, email: operator.email, roles, enrolUrl };
}

/**
 * What a console page logged as an error. Chromium logs every 4xx reply as "Failed to load resource";
 * the one expected is the session probe's 401 (GET session before anyone signed in, or after sign-out):
 * that exact case alone is left out, every other one counts.
 */
export function watchConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    const probe = message.location().url.endsWith('/api/v1/admin/session');
    if (probe && text === 'Failed to load resource: the server responded with a status of 401 (Unauthorized)') return;
    errors.push(`${text} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  return errors;
}

export type ConsoleOperator = InvitedOperator & {
  page: Page;
  context: BrowserContext;
  password: string;
  totpSecret: string;
  recoveryCodes: string[];
  /** Console errors and page errors since the page opened (see watchConsoleErrors). */
  errors: string[];
};

type ConsoleOptions = { prefix?: string; locale?: string };

/** A new 1280x800 browser context for the console, in English unless asked (the console follows the browser's language). */
export async function consoleContext(browser: Browser, locale = 'en-US'): Promise<BrowserContext> {
  return browser.newContext({ viewport: CONSOLE_VIEWPORT, locale });
}

/**
 * A new operator with `roles`, signed in to the console as a newcomer is: the enrolment link sets the
 * password, the first sign-in enrols the authenticator (its key read from the page, its code computed
 * here) and shows the ten recovery codes, then the dashboard.
 */
export async function signedInConsole(browser: Browser, roles: OperatorRole[], options: ConsoleOptions = {}): Promise<ConsoleOperator> {
  const invited = await inviteOperator(roles, options.prefix);
  const context = await consoleContext(browser, options.locale);
  const page = await context.newPage();
  const errors = watchConsoleErrors(page);

  await page.goto(invited.enrolUrl);
  await page.getByLabel('New password').fill(OPERATOR_PASSWORD);
  await page.getByLabel('Repeat the password').fill(OPERATOR_PASSWORD);
  await page.getByRole('button', { name: 'Set the password' }).click();
  await page.getByRole('button', { name: 'Go to sign-in' }).click();

  await submitPassword(page, invited.email, OPERATOR_PASSWORD);
  await page.getByText('Set up your authenticator').waitFor();
  await page.locator('img[alt="Set up your authenticator"]').waitFor();
  const totpSecret = (await page.locator('.ant-typography code').first().innerText()).trim();
  expect(totpSecret).toMatch(/^[A-Z2-7]{16,}$/);
  await page.getByLabel('Code').fill(await freshTotpCode(totpSecret));
  await page.getByRole('button', { name: 'Confirm' }).click();

  await page.getByText('Your recovery codes').waitFor();
  const recoveryCodes = (await page.locator('.ant-typography code').allInnerTexts()).map((code) => code.trim());
  expect(recoveryCodes).toHaveLength(10);
  await page.getByRole('checkbox', { name: 'I have saved these codes' }).check();
  await page.getByRole('button', { name: 'Open the console' }).click();
  await expectDashboard(page);
  return { ...invited, page, context, password: OPERATOR_PASSWORD, totpSecret, recoveryCodes, errors };
}

/** The sign-in page's first step: email and password. */
export async function submitPassword(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** Signs in on the sign-in page with the password and a fresh authenticator code, to the dashboard. */
export async function signInWithTotp(page: Page, operator: { email: string; password: string; totpSecret: string }): Promise<void> {
  await submitPassword(page, operator.email, operator.password);
  await page.getByText('Confirm it is you').waitFor();
  await page.getByLabel('Code').fill(await freshTotpCode(operator.totpSecret));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expectDashboard(page);
}

/** Signs out with the header's button, back on the sign-in page. */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('button', { name: 'Continue' }).waitFor();
  await waitFor(hash(page), (route) => route.startsWith('#/login'), 'the sign-in page');
}

/** Reads the page's hash route (waitFor and expect.poll ask it again and again). */
const hash = (page: Page) => () => page.evaluate(() => window.location.hash);

/** The signed-in layout on the dashboard: the header's sign-out button and the dashboard route. */
export async function expectDashboard(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign out' }).waitFor({ timeout: 15_000 });
  await waitFor(hash(page), (route) => /^#\/?$/.test(route), 'the dashboard');
}
