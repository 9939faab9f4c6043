import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Language, RewardListReply } from '@wallet/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CATALOGUES } from '../apps/web/src/lib/i18n/catalogues';
import { launchChromium, SCREENSHOTS, signedInPage, watchedPhone } from './chromium';
import {
  call,
  devMails,
  E2E_PASSWORD,
  E2E_PAYMENT_PASSWORD,
  loginToken,
  type Member,
  memberApi,
  newEmail,
  newTronAddress,
  operatorKey,
  registerByApi,
  sandboxAddress,
  setPaymentPasswordByApi,
  waitFor,
  walletUsdt,
} from './http';
import { expectCleanPage, fill, hash } from './page-checks';
import { issuerCall, openActiveCard } from './sandbox-issuer';

/**
 * The invitation programme end to end: an inviter shares the link, a friend signs up through it in
 * the browser (the code filled and locked), opens a card and spends with it at the sandbox issuer;
 * the inviter sees the friend's steps, then the pending reward in the reward log and the chart, and
 * once the holding window is set to 0 in the console's settings, the reward available. Both screens
 * are also checked in the four languages at phone size.
 */
const LANGUAGES = ['en', 'zh', 'ko', 'ja'] as const;
const baseUrl = () => inject('baseUrl');

let browser: Browser;
let sandbox: string;
let inviterToken: string;
let inviteLink: string;
let inviteCode: string;
let invitee: Member;
const inviterApi = memberApi(baseUrl, () => inviterToken);

const setHoldingDays = async (days: string) => {
  const res = await call(
    'PUT',
    `${baseUrl()}/api/v1/admin/settings/rewards.holding_days`,
    { value: days },
    { authorization: `Bearer ${operatorKey()}` },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};

async function look(page: Page, name: string, language: Language) {
  await expectCleanPage(page, `${name} in ${language}`);
  if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, `invitation-${name}-${language}.png`), fullPage: true });
}

const rewardsOf = (query = '') => inviterApi<RewardListReply>('GET', `/api/v1/agency/rewards${query}`);

beforeAll(async () => {
  sandbox = await sandboxAddress(baseUrl(), '/dev/issuer');
  browser = await launchChromium();
  if (SCREENSHOTS) await mkdir(SCREENSHOTS, { recursive: true });
  inviterToken = await registerByApi(baseUrl(), { email: newEmail('inviter'), network: 'TRON', address: newTronAddress() });
});
afterAll(async () => {
  // The shared server's other tests expect the default window.
  if (inviterToken) await setHoldingDays('7').catch(() => undefined);
  await browser?.close();
});

describe('invitation through a link', () => {
  it('shows the inviter their code, the link to the registration screen and its QR code', async () => {
    const mine = await inviterApi<{ inviteCode: string; inviteLink: string; invitedCount: number }>('GET', '/api/v1/invitation');
    inviteCode = mine.inviteCode;
    inviteLink = mine.inviteLink;
    expect(inviteLink).toMatch(new RegExp(`/#/pages/register/index\\?code=${inviteCode}$`));
    expect(mine.invitedCount).toBe(0);
    const { context, page, errors } = await watchedPhone(browser, inviterToken, 'en');
    try {
      await page.goto(`${baseUrl()}/#/pages/account/index`);
      await page.getByTestId('entry-invitation').click();
      await expect.poll(() => hash(page)).toBe('#/pages/InvitationSun/index');
      await expect.poll(() => page.getByTestId('invite-code').innerText()).toBe(inviteCode);
      expect(await page.getByTestId('invite-link').innerText()).toBe(inviteLink);
      await page.getByTestId('invite-qr').waitFor();
      await expect.poll(() => page.getByText(CATALOGUES.en.invitation.teamEmpty).count()).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('signs a friend up through the link in the browser, the invite code filled and locked', { timeout: 60_000 }, async () => {
    const email = newEmail('invitee');
    const page = await signedInPage(browser, null, 'en');
    try {
      // The link's own route on the test server's address (the link carries APP_URL's host).
      await page.goto(`${baseUrl()}/${new URL(inviteLink).hash}`);
      const code = page.locator('[data-testid="register-invite"] input');
      await expect.poll(() => code.inputValue()).toBe(inviteCode);
      expect(await code.getAttribute('readonly')).not.toBeNull();
      await fill(page, 'register-email', email);
      const before = new Set((await devMails(baseUrl(), email)).map((mail) => mail.id));
      await page.getByTestId('send-code').click();
      const mailed = await waitFor(
        async () => (await devMails(baseUrl(), email)).find((mail) => !before.has(mail.id))?.text.match(/\b(\d{6})\b/)?.[1],
        (found) => found !== undefined,
        `the sign-up code for ${email}`,
      );
      await fill(page, 'code', mailed as string);
      await fill(page, 'register-password', E2E_PASSWORD);
      await fill(page, 'register-confirm', E2E_PASSWORD);
      await page.getByTestId('network-TRON').click();
      const address = newTronAddress();
      await fill(page, 'register-address', address);
      await page.getByTestId('register-submit').click();
      await expect.poll(() => hash(page), { timeout: 15_000 }).toBe('#/');
      const token = await loginToken(baseUrl(), { email, password: E2E_PASSWORD });
      invitee = { token, api: memberApi(baseUrl, () => token), email, address };
    } finally {
      await page.context().close();
    }
    expect((await inviterApi<{ invitedCount: number }>('GET', '/api/v1/invitation')).invitedCount).toBe(1);
  });

  it('as the friend opens a card and spends with it; the inviter sees each step done', { timeout: 120_000 }, async () => {
    const { api, email } = invitee;
    await api('POST', '/api/v1/dev/chain/deposits', { amount: '60' });
    await waitFor(
      async () => (await walletUsdt(api)).toFixed(),
      (balance) => balance === '60',
      `60 USDT for ${email}`,
      30_000,
    );
    await setPaymentPasswordByApi(baseUrl(), api, email, E2E_PAYMENT_PASSWORD);
    const cardId = await openActiveCard(sandbox, { api, email, firstName: 'Mei', lastName: 'Chan' });
    await api('POST', `/api/v1/cards/${cardId}/recharge`, { amount: '20', paymentPassword: E2E_PAYMENT_PASSWORD });
    const { cards } = await issuerCall<{ cards: Array<{ id: string; reference: string }> }>(sandbox, 'GET', '/sandbox/cards');
    const issuerCard = cards.find((c) => c.reference === cardId);
    const purchase = await issuerCall<{ id: string; approved: boolean }>(sandbox, 'POST', `/sandbox/cards/${issuerCard?.id}/purchase`, {
      amount: '12.50',
      merchant: 'Invite Cafe',
    });
    expect(purchase.approved).toBe(true);
    await issuerCall(sandbox, 'POST', `/sandbox/authorizations/${purchase.id}/clearing`, {});

    // The settlement reaches the wallet through the issuer's webhook: the first-spend step follows it.
    type Invitees = { invitees: Array<{ email: string; steps: Record<string, boolean> }> };
    const steps = await waitFor(
      async () => (await inviterApi<Invitees>('GET', '/api/v1/invitation/invitees')).invitees[0]?.steps,
      (now) => now?.firstSpend === true,
      'the friend first spend',
      20_000,
    );
    expect(steps).toEqual({ registered: true, kycPassed: true, cardOpened: true, firstSpend: true });

    const { context, page, errors } = await watchedPhone(browser, inviterToken, 'en');
    try {
      await page.goto(`${baseUrl()}/#/pages/InvitationSun/index`);
      const row = page.getByTestId('invitee-row').first();
      await expect.poll(() => row.locator('[data-done="true"]').count()).toBe(4);
      expect(await row.innerText()).toContain(`${email.slice(0, 2)}***@example.com`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('draws both screens in every language at phone size: no raw keys, no English on zh/ko/ja, nothing cut off', {
    timeout: 120_000,
  }, async () => {
    for (const language of LANGUAGES) {
      const { context, page, errors } = await watchedPhone(browser, inviterToken, language);
      try {
        await page.goto(`${baseUrl()}/#/pages/InvitationSun/index`);
        await page.getByTestId('invite-qr').waitFor();
        await page.getByTestId('invitee-row').first().waitFor();
        await look(page, 'invite', language);
        await page.goto(`${baseUrl()}/#/pages/tuiguang/index`);
        await page.getByTestId('agency-role').waitFor();
        await expect.poll(() => page.getByTestId('agency-role').innerText()).toBe(CATALOGUES[language].invitation.agency.roles.member);
        expect(await page.getByTestId('agency-direct').innerText()).toBe('1');
        await look(page, 'agency', language);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });

  // Needs the card-side events (SOURCES) and the reward job (ENGINE) of issue 43.
  it('shows the inviter the pending reward in the reward log and the 30-day chart', { timeout: 90_000 }, async () => {
    const pending = await waitFor(
      async () => (await rewardsOf('?status=pending')).rewards,
      (rows) => rows.some((row) => row.typeCode === 16),
      'a pending card spend reward for the inviter',
      60_000,
    );
    const spend = pending.find((row) => row.typeCode === 16);
    expect(spend).toMatchObject({
      level: 1,
      status: 'pending',
      currency: 'USD',
      paid: '0',
      source: { kind: 'card_spend', amount: '12.5' },
    });

    const { context, page, errors } = await watchedPhone(browser, inviterToken, 'en');
    try {
      await page.goto(`${baseUrl()}/#/pages/tuiguang/index?status=pending&type=16`);
      const row = page.getByTestId('reward-row').first();
      await expect.poll(() => row.getAttribute('data-status')).toBe('pending');
      expect(await row.getByTestId('reward-status').innerText()).toBe(CATALOGUES.en.invitation.log.statuses.pending);
      await expect.poll(() => page.getByTestId('earn-pending').innerText()).toContain('USD');
      await page.getByTestId('earnings-chart').locator('canvas').waitFor();
      await look(page, 'pending', 'en');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  // Needs ENGINE's release job (nudged when the holding setting changes).
  it('makes the reward available once the holding window is set to 0 in the console settings', { timeout: 90_000 }, async () => {
    await setHoldingDays('0');
    await waitFor(
      async () => (await rewardsOf('?type=16')).rewards,
      (rows) => rows.some((row) => row.status === 'available'),
      'the card spend reward released',
      60_000,
    );
    const { context, page, errors } = await watchedPhone(browser, inviterToken, 'en');
    try {
      await page.goto(`${baseUrl()}/#/pages/tuiguang/index?status=available`);
      await expect.poll(() => page.getByTestId('reward-row').first().getAttribute('data-status')).toBe('available');
      await expect.poll(() => page.getByTestId('earn-available').innerText()).toContain('USD');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
