import type { Ticket } from '@wallet/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { solidPng } from '../apps/server/test/images';
import { launchChromium, watchedPhone } from './chromium';
import { adminCall, type ConsoleOperator, openConsole, signedInOperator } from './console-flows-helpers';
import { memberApi, newEmail, newTronAddress, registerByApi } from './http';

/**
 * The console's support screens against the real server: a compliance operator views a member's KYC
 * photos (each view in the audit log; a support operator is not offered them), and a support
 * operator takes a ticket (assign to me) and their reply with a screenshot reaches the member's open
 * ticket live, then the operator completes it.
 */

const baseUrl = () => inject('baseUrl');

let browser: Browser;
let compliance: ConsoleOperator;
let support: ConsoleOperator;
let member: { token: string; uid: string };

/** Calls as the member, each with its own Idempotency-Key. */
const memberCall = memberApi(baseUrl, () => member.token);

/** Uploads a document photo as the member app does: the raw image as the body. */
async function uploadPhoto(side: 'front' | 'back', rgb: [number, number, number]): Promise<void> {
  const res = await fetch(`${baseUrl()}/api/v1/cards/kyc/photos/${side}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${member.token}`, 'content-type': 'image/png' },
    body: new Uint8Array(solidPng(64, 40, rgb)),
  });
  expect(res.status, await res.text()).toBe(200);
}

beforeAll(async () => {
  browser = await launchChromium();
  const token = await registerByApi(baseUrl(), { email: newEmail('console-support'), network: 'TRON', address: newTronAddress() });
  member = { token, uid: '' };
  member.uid = (await memberCall<{ uid: string }>('GET', '/api/v1/me')).uid;
  [compliance, support] = await Promise.all([
    signedInOperator(browser, baseUrl(), ['compliance']),
    signedInOperator(browser, baseUrl(), ['support']),
  ]);
}, 180_000);

afterAll(async () => {
  await compliance?.context.close();
  await support?.context.close();
  await browser?.close();
});

describe('KYC view', () => {
  beforeAll(async () => {
    await uploadPhoto('front', [200, 40, 40]);
    await uploadPhoto('back', [40, 40, 200]);
  });

  it('shows a compliance operator the photos after the warning, each view audited', async () => {
    const { page } = compliance;
    await openConsole(page, baseUrl(), `/members/${member.uid}`);
    await page.getByRole('tab', { name: 'KYC' }).click();
    await page.getByRole('button', { name: 'View KYC photos' }).click();
    const warning = page.getByRole('dialog');
    await warning.getByText('Each photo you open is recorded in the audit log').waitFor();
    await warning.getByRole('button', { name: 'View and record' }).click();

    const photos = page.getByRole('dialog', { name: `KYC photos of ${member.uid}` }).locator('img');
    await expect.poll(() => photos.count(), { timeout: 10_000 }).toBe(2);
    for (const img of await photos.all()) {
      await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth)).toBe(64);
    }

    // The e2e key (support and admin) reads the audit log as an admin.
    const audit = await adminCall<{ items: Array<{ action: string; object: string | null }> }>(
      baseUrl(),
      'GET',
      `audit?member=${member.uid}&action=kyc.photo.view&pageSize=100`,
    );
    expect(audit.items.map((entry) => entry.action)).toEqual(['kyc.photo.view', 'kyc.photo.view']);
    expect(compliance.errors).toEqual([]);
  });

  it('does not offer a support operator the photos', async () => {
    const { page } = support;
    await openConsole(page, baseUrl(), `/members/${member.uid}`);
    await page.getByRole('tab', { name: 'KYC' }).click();
    await page.getByText('Photos on file').waitFor();
    expect(await page.getByRole('button', { name: 'View KYC photos' }).count()).toBe(0);
  });
});

describe('a ticket reply', () => {
  let ticket: Ticket;
  let phone: { context: BrowserContext; page: Page; errors: string[] };

  beforeAll(async () => {
    ticket = await memberCall<Ticket>('POST', '/api/v1/tickets', {
      type: 'deposit',
      description: 'My deposit from this morning has not arrived yet.',
    });
    phone = await watchedPhone(browser, member.token, 'en');
    await phone.page.goto(`${baseUrl()}/#/pages/workOrder/detail?id=${ticket.id}`);
    await phone.page.locator('[data-testid="ticket-message"][data-author="member"]').first().waitFor();
  });
  afterAll(() => phone?.context.close());

  it('reaches the member app live and shows in the console conversation; then the ticket is completed', async () => {
    const { page } = support;
    await phone.page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    await openConsole(page, baseUrl(), `/tickets/${ticket.id}`);
    await page.getByRole('button', { name: 'Assign to me' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    const details = page.locator('.ant-descriptions');
    await expect.poll(() => details.innerText(), { timeout: 10_000 }).toContain(support.email);

    const answer = 'We found your deposit: it is credited now.';
    await page.locator('textarea').fill(answer);
    await page.locator('input[type=file]').setInputFiles({ name: 'credited.png', mimeType: 'image/png', buffer: solidPng(64, 48) });
    await page.locator('.ant-upload-list-item-done').waitFor();
    await page.getByRole('button', { name: 'Send reply' }).click();

    const reply = phone.page.locator('[data-testid="ticket-message"][data-author="operator"]');
    await expect.poll(() => reply.count(), { timeout: 10_000 }).toBe(1);
    expect(await reply.innerText()).toContain(answer);
    // The operator's screenshot reaches the member with the reply, read with the member's own session.
    const image = reply.locator('[data-testid="ticket-image"]');
    await expect.poll(() => image.count(), { timeout: 10_000 }).toBe(1);
    await expect
      .poll(
        () =>
          image.evaluate((node) => (node instanceof HTMLImageElement ? node.naturalWidth : (node.querySelector('img')?.naturalWidth ?? 0))),
        {
          timeout: 10_000,
        },
      )
      .toBe(64);
    expect(await phone.page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

    const conversation = page.locator('.ant-card-small').filter({ has: page.locator('.ant-card-head-title', { hasText: 'Conversation' }) });
    await expect.poll(() => conversation.innerText(), { timeout: 10_000 }).toContain(answer);

    await page.getByRole('button', { name: 'Complete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Send reply' }).count(), { timeout: 10_000 }).toBe(0);
    const stored = await memberCall<Ticket>('GET', `/api/v1/tickets/${ticket.id}`);
    expect(stored.status).toBe('completed');
    expect(support.errors).toEqual([]);
    expect(phone.errors).toEqual([]);
  });
});
