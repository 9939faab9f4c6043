import type { OperatorRole } from '@wallet/contract';
import { generate } from 'otplib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { call, newEmail, operatorKey } from './http';

/** The console's desktop size for every browser test of it. */
export const CONSOLE_VIEWPORT = { width: 1280, height: 800 };

const OPERATOR_PASSWORD = 'operator password 42';

export type ConsoleOperator = {
  email: string;
  roles: OperatorRole[];
  context: BrowserContext;
  page: Page;
  /** Errors thrown in the page: a test expects none. */
  errors: string[];
};

/** Calls the admin API as the e2e server's operator key (support and admin), expecting `status`. */
export async function adminCall<T>(baseUrl: string, method: string, route: string, body?: unknown, status = 200): Promise<T> {
  const reply = await call(method, `${baseUrl}/api/v1/admin/${route}`, body, {
    authorization: `Bearer ${operatorKey()}`,
    'idempotency-key': crypto.randomUUID(),
  });
  expect(reply.status, `${method} ${route}: ${JSON.stringify(reply.body)}`).toBe(status);
  return reply.body as T;
}

/**
 * A new operator of the calling test file alone, signed in to the console in a 1280x800 browser as a
 * newcomer is: invited by an admin (the API key), the enrolment link opened and a password set, then
 * the first sign-in with the TOTP enrolment (the key the page shows, a code computed from it) and the
 * recovery codes acknowledged; it lands on the dashboard. A TOTP code is taken once, so no two tests
 * ever share an operator.
 */
export async function signedInOperator(browser: Browser, baseUrl: string, roles: OperatorRole[]): Promise<ConsoleOperator> {
  const email = newEmail(`op-${roles.join('-')}`);
  const { enrolUrl } = await adminCall<{ enrolUrl: string }>(baseUrl, 'POST', 'operators', { email, roles });
  // The link names the server's configured address (APP_URL); the test server listens elsewhere.
  const link = `${baseUrl}/console/${new URL(enrolUrl).hash}`;

  const context = await browser.newContext({ viewport: CONSOLE_VIEWPORT });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  await page.goto(link);
  await page.getByLabel('New password').fill(OPERATOR_PASSWORD);
  await page.getByLabel('Repeat the password').fill(OPERATOR_PASSWORD);
  await page.getByRole('button', { name: 'Set the password' }).click();
  await page.getByRole('button', { name: 'Go to sign-in' }).click();

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(OPERATOR_PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  const secret = (await page.locator('.ant-typography code').first().innerText()).trim();
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await page.getByLabel('Code').fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Confirm' }).click();

  await page.getByRole('checkbox', { name: 'I have saved these codes' }).check();
  await page.getByRole('button', { name: 'Open the console' }).click();
  // expect.poll works only inside a test; this runs in hooks too.
  await page.waitForFunction(() => window.location.hash === '#/' && document.querySelector('.ant-layout-sider') !== null);
  return { email, roles, context, page, errors };
}

/** Opens a console route (a hash path such as '/approvals') in the operator's page. */
export async function openConsole(page: Page, baseUrl: string, route: string): Promise<void> {
  await page.goto(`${baseUrl}/console/#${route}`);
}
