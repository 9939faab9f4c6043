import path from 'node:path';
import { LANGUAGES, type Language } from '@wallet/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, SCREENSHOTS, watchedPhone } from './chromium';
import { call, codeMailedBy, devMails, E2E_PASSWORD, E2E_PAYMENT_PASSWORD, fundedMember, newBscAddress, registerByApi } from './http';
import { expectCleanPage, fill, hash } from './page-checks';

/*
 * The withdrawal address book in the browser against the real server (development: a 24-hour wait):
 * a new address is saved and shown as waiting, the withdraw screen says so when it is picked, a
 * trusted address (the bound one) goes through, and the "it was not me" link of the email locks the
 * account. E2E_SCREENSHOTS=<folder> keeps a picture of each screen in every language.
 */

const baseUrl = () => inject('baseUrl');
let browser: Browser;
let member: Awaited<ReturnType<typeof fundedMember>>;
const saved = newBscAddress();

/** The shared machine can take seconds to open a lazy page; expect.poll's own default is 1 s. */
const SLOW = { timeout: 10_000 };

const text = (page: Page, testId: string) => page.getByTestId(testId).first().innerText();

async function look(page: Page, name: string, language: Language) {
  await expectCleanPage(page, `${name} in ${language}`);
  await page.evaluate(() => window.scrollTo(0, 0));
  if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, `address-book-${name}-${language}.png`), fullPage: true });
}

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe('address book', () => {
  it('has a member with USDT from the local chain', async () => {
    member = await fundedMember(baseUrl, { email: `e2e-book-${Date.now().toString(36)}@example.com`, usdt: '40' });
  }, 90_000);

  it('starts empty, saves an address with the payment password, and shows it waiting', async () => {
    const { page, errors, context } = await watchedPhone(browser, member.token, 'en');
    try {
      await page.goto(`${baseUrl()}/#/pages/account/index`);
      await page.getByTestId('entry-address-book').click();
      await expect.poll(() => hash(page), SLOW).toBe('#/pages/addressBook/index');
      await expect.poll(() => text(page, 'address-add'), SLOW).toBe('Add an address');
      await look(page, 'empty', 'en');

      await page.getByTestId('address-add').click();
      await expect.poll(() => hash(page), SLOW).toMatch(/^#\/pages\/addressBook\/add\?redirect=/);
      await fill(page, 'address-label', 'Cold wallet');
      await page.getByTestId('network-BSC').click();
      await fill(page, 'address-address', saved.toLowerCase());
      await fill(page, 'address-pay-password', E2E_PAYMENT_PASSWORD);
      await page.getByTestId('address-submit').click();

      await expect.poll(() => hash(page), SLOW).toMatch(/^#\/pages\/addressBook\/index\?address=[0-9a-f-]{36}$/);
      await expect.poll(() => page.getByTestId('address-row').count(), SLOW).toBe(1);
      expect(await text(page, 'address-row')).toContain('Cold wallet');
      expect(await text(page, 'address-pending')).toMatch(/^Usable from /);
      // The member was told, with the address and the lock link.
      const mail = (await devMails(baseUrl(), member.email)).find((m) => m.text.includes('withdrawal address book'));
      expect(mail?.text).toContain(saved);
      expect(mail?.text).toMatch(/#\/pages\/lockAccount\/index\?token=[A-Za-z0-9_-]{43}/);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('says on the withdraw screen when a saved address can be used, and withdraws to a trusted one', async () => {
    const { page, errors, context } = await watchedPhone(browser, member.token, 'en');
    try {
      await page.goto(`${baseUrl()}/#/pages/withdrawSun/index`);
      await page.getByTestId('withdraw-choose-saved').click();
      await page.getByTestId('withdraw-saved-row').click();
      await expect.poll(() => page.locator('[data-testid="withdraw-address"] input').inputValue(), SLOW).toBe(saved);
      await expect.poll(() => text(page, 'withdraw-address-note'), SLOW).toMatch(/^This address can receive withdrawals from /);

      // Sent anyway, the server refuses and says until when; nothing is held.
      await fill(page, 'withdraw-amount', '10');
      await fill(page, 'code', await codeMailedBy(baseUrl(), member.email, () => page.getByTestId('send-code').click()));
      await fill(page, 'withdraw-pay-password', E2E_PAYMENT_PASSWORD);
      await page.getByTestId('withdraw-submit').click();
      await expect.poll(() => text(page, 'withdraw-address'), SLOW).toContain('Try again after');

      // The bound address is trusted at once: picked from the same list, it goes through with the same code.
      await page.getByTestId('withdraw-choose-saved').click();
      await page.getByTestId('withdraw-saved-bound').click();
      await expect.poll(() => page.getByTestId('withdraw-address-note').count(), SLOW).toBe(0);
      await page.getByTestId('withdraw-submit').click();
      await expect.poll(() => text(page, 'withdraw-done'), { timeout: 15_000 }).toContain('10.00 USDT');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('reads cleanly in every language', async () => {
    for (const language of LANGUAGES) {
      const { page, context } = await watchedPhone(browser, member.token, language);
      try {
        await page.goto(`${baseUrl()}/#/pages/addressBook/index`);
        await expect.poll(() => page.getByTestId('address-row').count(), SLOW).toBe(1);
        await look(page, 'list', language);
        await page.goto(`${baseUrl()}/#/pages/addressBook/add`);
        await expect.poll(() => page.getByTestId('address-submit').count(), SLOW).toBe(1);
        await look(page, 'add', language);
        await page.goto(`${baseUrl()}/#/pages/withdrawSun/index`);
        await page.getByTestId('withdraw-choose-saved').click();
        await page.getByTestId('withdraw-saved-row').click();
        await expect.poll(() => page.getByTestId('withdraw-address-note').count(), SLOW).toBe(1);
        await expect.poll(() => page.getByTestId('withdraw-saved-list').isVisible(), SLOW).toBe(false);
        await look(page, 'withdraw-pending', language);
        // The lock page as the email's link opens it (nothing happens before the button).
        await page.goto(`${baseUrl()}/#/pages/lockAccount/index?token=${'A'.repeat(43)}`);
        await expect.poll(() => page.getByTestId('lock-confirm').count(), SLOW).toBe(1);
        await look(page, 'lock', language);
      } finally {
        await context.close();
      }
    }
  });

  it('shows how long withdrawals are paused after the login password changed', async () => {
    const email = `e2e-hold-${Date.now().toString(36)}@example.com`;
    const token = await registerByApi(baseUrl(), { email, network: 'BSC', address: newBscAddress() });
    const changed = await call(
      'POST',
      `${baseUrl()}/api/v1/me/password`,
      { oldPassword: E2E_PASSWORD, password: 'another pass 8', confirmPassword: 'another pass 8' },
      { authorization: `Bearer ${token}` },
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    for (const language of LANGUAGES) {
      const { page, errors, context } = await watchedPhone(browser, token, language);
      try {
        await page.goto(`${baseUrl()}/#/pages/addressBook/index`);
        await expect.poll(() => page.getByTestId('withdrawals-held').count(), SLOW).toBe(1);
        if (language === 'en')
          expect(await text(page, 'withdrawals-held')).toMatch(/^Withdrawals are paused until .*\nYour login password was changed/);
        await look(page, 'held', language);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });

  it('locks the account from the email link, once', async () => {
    const mail = (await devMails(baseUrl(), member.email)).find((m) => m.text.includes('withdrawal address book'));
    const link = mail?.text.match(/#\/pages\/lockAccount\/index\?token=[A-Za-z0-9_-]{43}/)?.[0];
    expect(link).toBeTruthy();
    // Opened in the browser the member uses: once locked, a reload must not bring the old session back.
    const { page, errors, context } = await watchedPhone(browser, member.token, 'en', { firstLoadOnly: true });
    try {
      await page.goto(`${baseUrl()}/${link}`);
      await expect.poll(() => page.getByTestId('lock-confirm').count(), SLOW).toBe(1);
      await page.getByTestId('lock-confirm').click();
      await expect.poll(() => text(page, 'lock-done'), SLOW).toContain('Your account is locked');
      // The member's session ended with the lock: the API no longer knows it.
      const me = await fetch(`${baseUrl()}/api/v1/me`, { headers: { authorization: `Bearer ${member.token}` } });
      expect(me.status).toBe(401);
      // The same link again (the page opened anew) is refused, in the member's language.
      await page.reload();
      await page.getByTestId('lock-confirm').click();
      await expect.poll(() => page.getByRole('alert').innerText(), SLOW).toContain('This link has already been used.');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
