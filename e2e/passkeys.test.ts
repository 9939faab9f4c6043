import path from 'node:path';
import { LANGUAGES, type Language } from '@wallet/contract';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, signedInPage } from './chromium';
import {
  call,
  codeMailedBy,
  devMails,
  E2E_PASSWORD,
  E2E_PAYMENT_PASSWORD,
  memberApi,
  newBscAddress,
  registerByApi,
  setPaymentPasswordByApi,
} from './http';
import { expectCleanPage, fill, hash } from './page-checks';

/*
 * Passkeys for real, with Chromium's virtual authenticator (CDP WebAuthn domain): a member adds a
 * passkey in the security screen, signs out, and on a new device signs in with the password and then
 * the passkey. The page is on http://localhost: WebAuthn needs a secure context and a domain as RP ID.
 * E2E_SCREENSHOTS=<folder> keeps the security screen and the sign-in's second step in every language.
 */

const SCREENSHOTS = process.env.E2E_SCREENSHOTS;
const appUrl = () => inject('baseUrl').replace('127.0.0.1', 'localhost');
let browser: Browser;
const email = `e2e-passkey-${Date.now().toString(36)}@example.com`;
let token: string;
let credential: Record<string, unknown>;
let recoveryCodes: string[] = [];
/** Signed in on the new device with the passkey (test 2), its authenticator still attached. */
let newDevice: Page;

async function look(page: Page, name: string, language: Language) {
  await expectCleanPage(page, `${name} in ${language}`);
  await page.evaluate(() => window.scrollTo(0, 0));
  if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, `passkeys-${name}-${language}.png`), fullPage: true });
}

/** A platform authenticator with user verification, answering every prompt at once (a phone's fingerprint). */
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

beforeAll(async () => {
  browser = await launchChromium();
  token = await registerByApi(inject('baseUrl'), { email, network: 'BSC', address: newBscAddress() });
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

describe('passkeys', () => {
  it('adds a passkey in the security screen and shows the recovery codes once', async () => {
    const page = await signedInPage(browser, token, 'en');
    const { cdp, authenticatorId } = await virtualAuthenticator(page);
    await page.goto(`${appUrl()}/#/pages/account/index`);
    await page.getByTestId('entry-security').click();
    await expect.poll(() => hash(page)).toBe('#/pages/security/index');
    await expect.poll(() => page.getByTestId('second-factor-state').innerText()).toBe('Off');

    await page.getByTestId('passkey-add').click();
    await page.getByText('Create the passkey').click();
    // The first factor takes proof of the member: without a payment password, a code emailed for it.
    await page.getByTestId('enrol-proof-sheet').waitFor();
    const base = inject('baseUrl');
    const code = await codeMailedBy(base, email, () => page.getByTestId('send-code').click());
    await fill(page, 'code', code === '000000' ? '111111' : '000000');
    await page.getByTestId('enrol-code-submit').click();
    await expect.poll(() => page.getByTestId('code').innerText()).toContain('code is wrong');
    await fill(page, 'code', code);
    await page.getByTestId('enrol-code-submit').click();
    const codes = page.getByTestId('recovery-code');
    await expect.poll(() => codes.count(), { timeout: 15_000 }).toBe(10);
    // The live notice of the new passkey names the device as Settings does, not by its user-agent.
    const toast = page.locator('.adm-toast-main').last();
    await expect.poll(() => toast.textContent(), { timeout: 15_000 }).toContain('was added on Chrome · Linux (IP');
    expect(await toast.textContent()).not.toContain('Mozilla');
    if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, 'passkeys-added-toast-en.png') });
    recoveryCodes = await codes.allInnerTexts();
    for (const code of recoveryCodes) expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    await page.getByTestId('recovery-saved').click();
    await expect.poll(() => page.getByTestId('passkey-item').count()).toBe(1);
    await expect.poll(() => page.getByTestId('second-factor-state').innerText()).toBe('On');
    expect(await page.getByTestId('recovery-left').innerText()).toBe('10 of 10 codes left');

    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    credential = credentials[0] as unknown as Record<string, unknown>;
    // The member is told by email, with the link that locks the account if it was not them.
    const notice = (await devMails(base, email)).find((mail) => mail.text.includes('was just added to your account'));
    expect(notice?.text).toMatch(/lockAccount\/index\?token=[A-Za-z0-9_-]{43}/);

    await page.context().close();

    for (const language of LANGUAGES) {
      const phone = await signedInPage(browser, token, language);
      await phone.goto(`${appUrl()}/#/pages/security/index`);
      await phone.getByTestId('passkey-item').waitFor();
      await look(phone, 'security', language);
      // The authenticator app's QR code is drawn in the page: nothing is fetched from another host.
      await phone.getByTestId('totp-add').click();
      await phone.getByTestId('totp-qr').waitFor();
      expect(await phone.getByTestId('totp-secret').innerText()).toMatch(/^[A-Z2-7]{16,}$/);
      await look(phone, 'totp-setup', language);
      await phone.context().close();
    }
  }, 90_000);

  it('signs out, and on a new device signs in with the password and then the passkey', async () => {
    const logout = await call('POST', `${inject('baseUrl')}/api/v1/auth/logout`, undefined, { authorization: `Bearer ${token}` });
    expect(logout.status).toBe(200);

    // firstLoadOnly: the sign-in made in the page survives the reloads of the next test.
    const page = await signedInPage(browser, null, 'en', {
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) NewDevice/1 Chrome/120',
      firstLoadOnly: true,
    });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const { cdp, authenticatorId } = await virtualAuthenticator(page);
    // The same passkey, as a synced passkey reaches the member's new phone.
    await cdp.send('WebAuthn.addCredential', { authenticatorId, credential: credential as never });

    await page.goto(`${appUrl()}/#/pages/login/index`);
    await fill(page, 'login-email', email);
    await fill(page, 'login-password', E2E_PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('sign-in-second-factor').waitFor();
    expect(await hash(page)).toMatch(/^#\/pages\/login\/index/);

    await page.getByTestId('proof-passkey').click();
    await expect.poll(() => hash(page), { timeout: 15_000 }).not.toMatch(/login/);
    const me = await page.evaluate(async () => (await fetch('/api/v1/me/second-factor', { credentials: 'include' })).json());
    expect(me.passkeys[0].lastUsedAt).not.toBeNull();
    expect(errors).toEqual([]);
    newDevice = page;
  }, 90_000);

  it('asks the passkey in the step-up sheet before a bound-address change', async () => {
    // A session for the API through the second step too: the recovery code stands in for the passkey.
    const base = inject('baseUrl');
    const first = await call('POST', `${base}/api/v1/auth/login/password`, { email, password: E2E_PASSWORD });
    const { ticket } = first.body as { ticket: string };
    const done = await call('POST', `${base}/api/v1/auth/login/second-factor`, {
      ticket,
      secondFactor: { recoveryCode: recoveryCodes[0] },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const api = memberApi(
      () => base,
      () => (done.body as { token: string }).token,
    );
    await setPaymentPasswordByApi(base, api, email, E2E_PAYMENT_PASSWORD);

    const page = newDevice;
    const address = newBscAddress();
    await page.goto(`${appUrl()}/#/pages/bindingAddress/xiugaiSun/index`);
    // A fresh load: the profile the page read before the payment password was set is not reused.
    await page.reload();
    await fill(page, 'address-new', address);
    const code = await codeMailedBy(base, email, () => page.getByTestId('send-code').click());
    await fill(page, 'code', code);
    await fill(page, 'address-pay-password', E2E_PAYMENT_PASSWORD);
    await page.getByTestId('address-submit').click();
    await page.getByTestId('step-up-sheet').waitFor();
    await look(page, 'step-up', 'en');
    await page.getByTestId('proof-passkey').click();
    await expect.poll(async () => (await api<{ address: string }>('GET', '/api/v1/me')).address, { timeout: 15_000 }).toBe(address);
    await page.context().close();
  }, 90_000);

  it('asks the payment password, or else an emailed code, before the first factor, in every language', async () => {
    const base = inject('baseUrl');
    const withPin = `e2e-enrol-pin-${Date.now().toString(36)}@example.com`;
    const withPinToken = await registerByApi(base, { email: withPin, network: 'BSC', address: newBscAddress() });
    await setPaymentPasswordByApi(
      base,
      memberApi(
        () => base,
        () => withPinToken,
      ),
      withPin,
      E2E_PAYMENT_PASSWORD,
    );
    const withoutPinToken = await registerByApi(base, {
      email: `e2e-enrol-code-${Date.now().toString(36)}@example.com`,
      network: 'BSC',
      address: newBscAddress(),
    });
    for (const [kind, member] of [
      ['pin', withPinToken],
      ['code', withoutPinToken],
    ] as const) {
      for (const language of LANGUAGES) {
        const page = await signedInPage(browser, member, language);
        await virtualAuthenticator(page);
        await page.goto(`${appUrl()}/#/pages/security/index`);
        await page.getByTestId('passkey-add').click();
        await page.locator('.adm-dialog-footer button').last().click();
        await page.getByTestId('enrol-proof-sheet').waitFor();
        await page.getByTestId(kind === 'pin' ? 'enrol-payment-password' : 'send-code').waitFor();
        await look(page, `enrol-${kind}`, language);
        await page.context().close();
      }
    }
    // Only looked at: neither member has a factor on.
    const status = await call('GET', `${base}/api/v1/me/second-factor`, undefined, { authorization: `Bearer ${withPinToken}` });
    expect(status.body).toMatchObject({ enabled: false, addNeeds: 'payment_password' });
  }, 180_000);

  it('shows the second step in every language', async () => {
    for (const language of LANGUAGES) {
      const page = await signedInPage(browser, null, language, { userAgent: `Mozilla/5.0 Screenshot-${language}/1` });
      await page.goto(`${appUrl()}/#/pages/login/index`);
      await fill(page, 'login-email', email);
      await fill(page, 'login-password', E2E_PASSWORD);
      await page.getByTestId('login-submit').click();
      await page.getByTestId('sign-in-second-factor').waitFor();
      await page.getByTestId('proof-passkey').waitFor();
      await look(page, 'sign-in-step', language);
      await page.context().close();
    }
  }, 120_000);
});
