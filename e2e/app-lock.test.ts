import path from 'node:path';
import { LANGUAGES, type Language } from '@wallet/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, signedInPage } from './chromium';
import { E2E_PAYMENT_PASSWORD, memberApi, newBscAddress, registerByApi, setPaymentPasswordByApi } from './http';
import { expectCleanPage, fill, hash } from './page-checks';

/*
 * The app lock in the browser: turned on in the security settings, it covers the app on the next open
 * once the app sat unused past the chosen time; a wrong payment password says how many tries are
 * left, the right one opens the app. E2E_SCREENSHOTS=<folder> keeps the setting and the lock screen
 * in every language.
 */

const SCREENSHOTS = process.env.E2E_SCREENSHOTS;
const ACTIVE_KEY = 'sbc-app-lock-active';
let browser: Browser;
let token: string;
let email: string;
const api = memberApi(
  () => inject('baseUrl'),
  () => token,
);

async function look(page: Page, name: string, language: Language) {
  await expectCleanPage(page, `${name} in ${language}`);
  if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, `app-lock-${name}-${language}.png`) });
}

/**
 * The app closed and opened again `seconds` later: a new tab of the same browser whose stored last use
 * is moved back before the app's first script runs (closing the old tab marked it as used just now).
 */
async function reopenAfter(page: Page, seconds: number): Promise<Page> {
  const context = page.context();
  const url = page.url();
  // close() does not wait for the old tab's unload handlers, which mark the app used just now: a new
  // tab opened before they ran would have its moved-back last use overwritten.
  const closed = new Promise((resolve) => page.once('close', resolve));
  await page.close({ runBeforeUnload: true });
  await closed;
  const next = await context.newPage();
  await next.addInitScript(
    ([key, ms]) => {
      if (sessionStorage.getItem('e2e-moved-back')) return;
      sessionStorage.setItem('e2e-moved-back', '1');
      localStorage.setItem(key, String(Date.now() - ms));
    },
    [ACTIVE_KEY, seconds * 1000] as const,
  );
  await next.goto(url);
  return next;
}

const lockScreen = (page: Page) => page.getByTestId('app-lock');
const unlockWith = async (page: Page, pin: string) => {
  await fill(page, 'app-lock-password', pin);
  await page.getByTestId('app-lock-password-submit').click();
};

beforeAll(async () => {
  browser = await launchChromium();
  email = `e2e-app-lock-${Date.now().toString(36)}@example.com`;
  token = await registerByApi(inject('baseUrl'), { email, network: 'BSC', address: newBscAddress() });
  await setPaymentPasswordByApi(inject('baseUrl'), api, email, E2E_PAYMENT_PASSWORD);
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

describe('app lock', () => {
  it('is turned on in the security settings, locks the next open, refuses a wrong payment password and opens with the right one', async () => {
    const page = await signedInPage(browser, token, 'en', { firstLoadOnly: true });
    await page.goto(`${inject('baseUrl')}/#/pages/security/index`);
    await page.getByTestId('app-lock-toggle').click();
    await expect.poll(() => page.getByTestId('app-lock-idle').isVisible()).toBe(true);
    await expect.poll(() => api<{ idleSeconds: number }>('GET', '/api/v1/me/app-lock')).toEqual({ enabled: true, idleSeconds: 60 });
    await page.getByTestId('app-lock-idle').getByText('Every time').click();
    await expect.poll(() => api<{ idleSeconds: number }>('GET', '/api/v1/me/app-lock')).toEqual({ enabled: true, idleSeconds: 0 });
    // Turning it on locked nothing.
    expect(await lockScreen(page).count()).toBe(0);

    await page.reload();
    await lockScreen(page).waitFor();
    // The screen behind is neither drawn nor reachable (its page loads on its own time, behind the lock).
    await page.getByTestId('app-lock-settings').waitFor({ state: 'attached' });
    expect(await page.getByTestId('app-lock-settings').isVisible()).toBe(false);
    expect(
      await page.evaluate(() => document.querySelector('[inert]')?.contains(document.querySelector('[data-testid="app-lock-settings"]'))),
    ).toBe(true);

    await unlockWith(page, '000000');
    await expect.poll(() => lockScreen(page).innerText()).toContain('The payment password is wrong. Attempts left: 4.');
    // Reloading does not get past the lock.
    await page.reload();
    await lockScreen(page).waitFor();
    await unlockWith(page, E2E_PAYMENT_PASSWORD);
    await expect.poll(() => lockScreen(page).count()).toBe(0);
    await expect.poll(() => page.getByTestId('app-lock-settings').isVisible()).toBe(true);
    expect(await hash(page)).toBe('#/pages/security/index');
    await page.context().close();
  });

  it('with "1 min", locks after a minute unused and not before', async () => {
    await api('PUT', '/api/v1/me/app-lock', { enabled: true, idleSeconds: 60 });
    const page = await signedInPage(browser, token, 'en', { firstLoadOnly: true });
    await page.goto(`${inject('baseUrl')}/#/pages/security/index`);
    // A fresh browser knows no last use: it locks.
    await lockScreen(page).waitFor();
    await unlockWith(page, E2E_PAYMENT_PASSWORD);
    await expect.poll(() => lockScreen(page).count()).toBe(0);
    await expect.poll(() => page.getByTestId('app-lock-idle').locator('.adm-selector-item-active').innerText()).toBe('1 min');

    const soon = await reopenAfter(page, 20);
    await soon.getByTestId('app-lock-idle').waitFor();
    expect(await lockScreen(soon).count()).toBe(0);

    const later = await reopenAfter(soon, 61);
    await lockScreen(later).waitFor();
    // Checked once the page behind is there: it loads on its own time, behind the lock.
    await later.getByTestId('app-lock-settings').waitFor({ state: 'attached' });
    expect(await later.getByTestId('app-lock-settings').isVisible()).toBe(false);
    await later.context().close();
  });

  it('opens with a passkey when the member has one', async () => {
    // WebAuthn needs a secure context with a domain: the app on localhost, a virtual platform authenticator.
    const url = inject('baseUrl').replace('127.0.0.1', 'localhost');
    const page = await signedInPage(browser, token, 'en', { firstLoadOnly: true });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    await api('PUT', '/api/v1/me/app-lock', { enabled: false });
    await page.goto(`${url}/#/pages/security/index`);
    await page.getByTestId('passkey-add').click();
    await page.getByText('Create the passkey').click();
    await page.getByTestId('enrol-proof-sheet').waitFor();
    await fill(page, 'enrol-payment-password', E2E_PAYMENT_PASSWORD);
    await page.getByTestId('enrol-payment-password-submit').click();
    await page.getByTestId('recovery-saved').click();
    await expect.poll(() => page.getByTestId('passkey-item').count()).toBe(1);

    await api('PUT', '/api/v1/me/app-lock', { enabled: true, idleSeconds: 0 });
    await page.reload();
    await lockScreen(page).waitFor();
    await page.getByTestId('app-lock-passkey').click();
    await expect.poll(() => lockScreen(page).count()).toBe(0);
    await expect.poll(() => page.getByTestId('app-lock-settings').isVisible()).toBe(true);
    await page.context().close();
  });

  it('"Forgot your payment password?" signs out to the sign-in page', async () => {
    const page = await signedInPage(browser, token, 'en', { firstLoadOnly: true });
    await page.goto(`${inject('baseUrl')}/#/pages/account/index`);
    await lockScreen(page).waitFor();
    await page.getByTestId('app-lock-forgot').click();
    await expect.poll(() => hash(page)).toMatch(/^#\/pages\/login\//);
    expect(await lockScreen(page).count()).toBe(0);
    await page.context().close();
    // That session is gone; a new one for the tests that follow.
    token = await registerByApi(inject('baseUrl'), { email: `x${email}`, network: 'BSC', address: newBscAddress() });
    await setPaymentPasswordByApi(inject('baseUrl'), api, `x${email}`, E2E_PAYMENT_PASSWORD);
  });

  it('reads in every language, the setting and the lock screen', async () => {
    await api('PUT', '/api/v1/me/app-lock', { enabled: true, idleSeconds: 300 });
    for (const language of LANGUAGES) {
      const page = await signedInPage(browser, token, language, { firstLoadOnly: true });
      await page.addInitScript((key) => localStorage.setItem(key, String(Date.now())), ACTIVE_KEY);
      await page.goto(`${inject('baseUrl')}/#/pages/security/index`);
      await page.getByTestId('app-lock-idle').waitFor();
      await look(page, 'setting', language);
      await page.context().close();

      const locked = await signedInPage(browser, token, language, { firstLoadOnly: true });
      await locked.goto(`${inject('baseUrl')}/#/pages/security/index`);
      await lockScreen(locked).waitFor();
      await unlockWith(locked, '000000');
      await locked.locator('[data-testid="app-lock"] [role="alert"]').waitFor();
      await look(locked, 'screen', language);
      await unlockWith(locked, E2E_PAYMENT_PASSWORD);
      await expect.poll(() => lockScreen(locked).count()).toBe(0);
      await locked.context().close();
    }
  });
});
