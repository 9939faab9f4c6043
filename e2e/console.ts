import type { OperatorRole } from '@wallet/contract';
import { generate } from 'otplib';
import type { Browser, BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { foreignRequests, waitForQuiet } from './chromium';
import { call, newEmail, waitFor } from './http';
import { englishLines, RAW_KEY } from './page-checks';

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

/** A spinner, skeleton or table still loading in the page's main area. */
const LOADING =
  '.ant-layout-content .ant-spin-spinning, .ant-layout-content .ant-skeleton-active, .ant-layout-content .ant-table-placeholder .ant-spin';

/**
 * A console screen that has finished loading: no spinner 15 s on (a read that never answers), and
 * neither an error state (a read the server refused or a reply the page could not use) nor the
 * "page not found" of an unknown route. Answers the text of its main area.
 */
export async function expectLoaded(page: Page, where: string): Promise<string> {
  await waitForQuiet(page);
  const spinning = () => page.locator(LOADING).count();
  await waitFor(spinning, (count) => count === 0, `${where} to stop loading`, 15_000);
  const failed = await page
    .locator('.ant-layout-content .ant-result-error, .ant-layout-content .ant-result-404, .ant-layout-content .ant-result-403')
    .allInnerTexts();
  expect(failed, `an error state on ${where}`).toEqual([]);
  const notices = await page.locator('.ant-notification-notice-error, .ant-message-error').allInnerTexts();
  expect(notices, `error notices on ${where}`).toEqual([]);
  const main = (await page.locator('.ant-layout-content').innerText()).trim();
  expect(main, `${where} shows nothing`).not.toBe('');
  return main;
}

/** Latin words that stay as they are in the Chinese console: the product's and the standards' names. */
const CONSOLE_TOKENS = /\b(TOTP|API|CSV|JSON|Markdown|IP)\b/g;

/**
 * The checks every console screen passes (issue 42: "no console error, no raw key, nothing cut off"):
 * finished loading (expectLoaded), no console or page error since `errors` was last emptied, no raw
 * i18n key, no English run on the Chinese screen beside data, and no sideways scroll of the page or of
 * its main area (a table that scrolls inside its own box is fine).
 */
export async function expectCleanConsolePage(
  page: Page,
  where: string,
  language: 'en' | 'zh',
  errors: string[],
  /** Data shown as it was typed (a help category's name in every language, an API key's name): not an untranslated text. */
  data: RegExp[] = [],
): Promise<void> {
  await expectLoaded(page, where);
  expect(errors.splice(0), `console errors on ${where}`).toEqual([]);
  expect(foreignRequests(page), `requests to third-party hosts from ${where}`).toEqual([]);
  const lines = await visibleLines(page);
  expect(
    lines.filter((line) => RAW_KEY.test(line)),
    `raw i18n keys on ${where}`,
  ).toEqual([]);
  expect(
    englishLines(
      lines.map((line) => data.reduce((rest, pattern) => rest.replace(pattern, ' · '), line.replace(CONSOLE_TOKENS, ' · '))),
      language,
    ),
    `English on the ${language} screen ${where}`,
  ).toEqual([]);
  const widths = await page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    const main = document.querySelector('.ant-layout-content');
    return { page: root.scrollWidth - root.clientWidth, main: main ? main.scrollWidth - main.clientWidth : 0 };
  });
  expect(widths, `${where} cut off horizontally`).toEqual({ page: 0, main: 0 });
}

/**
 * The lines of text the page shows, without what an operator or a member typed (translate="no"), the
 * rows of tables, and the contents of JSON and code blocks (data).
 */
async function visibleLines(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => {
    // A table's rows are records (ticket excerpts, article titles, audit actions, key names) that other
    // test files write in English while this one runs; headers, menus, buttons and forms stay checked.
    const marked = Array.from(document.querySelectorAll<HTMLElement>('[translate="no"], pre, code, .ant-table-tbody'));
    const shown = marked.map((el) => el.style.display);
    for (const el of marked) el.style.display = 'none';
    const rest = document.body.innerText;
    marked.forEach((el, i) => {
      el.style.display = shown[i] ?? '';
    });
    return rest;
  });
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}
