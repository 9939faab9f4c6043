import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { ERRORS, type Language, type Ticket } from '@wallet/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { solidPng } from '../apps/server/test/images';
import { CATALOGUES } from '../apps/web/src/lib/i18n/catalogues';
import { launchChromium, SCREENSHOTS, watchedPhone } from './chromium';
import { call, newEmail, newTronAddress, operatorKey, registerByApi } from './http';
import { expectCleanPage, hash } from './page-checks';

/**
 * Support tickets in the browser against the real server: a member opens a ticket with two screenshots
 * (compressed in the page, uploaded with progress), sees them on the ticket, and an operator's reply
 * sent through the admin API appears on the open ticket without a reload; so does completing it, after
 * which the member rates the answer. The operator calls with the API key global-setup.ts made for the
 * e2e server. Screenshots of each screen in en and zh with
 * E2E_SCREENSHOTS=<dir>.
 */
const baseUrl = () => inject('baseUrl');

let browser: Browser;
let member: string;
let operator: string;

async function ok<T>(method: string, route: string, token?: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = await call(method, `${baseUrl()}${route}`, body, { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers });
  expect(res.status, `${method} ${route}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body as T;
}

const phone = (token: string, language: Language) => watchedPhone(browser, token, language);

async function look(page: Page, name: string) {
  await expectCleanPage(page, name);
  if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, `tickets-${name}.png`), fullPage: true });
}

const messages = (page: Page, author: 'member' | 'operator') => page.locator(`[data-testid="ticket-message"][data-author="${author}"]`);

beforeAll(async () => {
  member = await registerByApi(baseUrl(), { email: newEmail('tickets'), network: 'TRON', address: newTronAddress() });
  operator = operatorKey();
  browser = await launchChromium();
  if (SCREENSHOTS) await mkdir(SCREENSHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

describe('a ticket with two screenshots, answered live', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let ticket: Ticket;
  const en = CATALOGUES.en.tickets;

  beforeAll(async () => {
    ({ context, page, errors } = await phone(member, 'en'));
  });
  afterAll(() => context?.close());

  it('starts with an empty list that offers a new ticket', async () => {
    await page.goto(`${baseUrl()}/#/pages/workOrder/index`);
    await page.getByText(en.empty).waitFor();
    await look(page, 'empty-en');
    await page.getByTestId('ticket-new').click();
    await expect.poll(() => hash(page)).toBe('#/pages/workOrder/new');
  });

  it('checks the form in the member language before anything is sent', async () => {
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/v1/tickets')) sent.push(request.url());
    });
    await page.getByTestId('ticket-submit').click();
    // No type, no description: both fields say so, in the member's language, and nothing is sent.
    await page.getByText(ERRORS.TICKET_TYPE_INVALID.message.en).waitFor();
    await page.getByText(ERRORS.TICKET_DESCRIPTION_LENGTH.message.en).waitFor();
    expect(sent).toEqual([]);
  });

  it('refuses a file that is no image, then compresses and uploads two screenshots with their progress and opens the ticket with them', async () => {
    const uploads: Array<{ status: number; type: string }> = [];
    page.on('response', async (res) => {
      if (res.request().method() === 'POST' && res.url().endsWith('/api/v1/tickets/attachments')) {
        const body = (await res.json().catch(() => ({}))) as { contentType?: string };
        uploads.push({ status: res.status(), type: body.contentType ?? '' });
      }
    });
    await page.getByTestId('ticket-type-deposit').click();
    await page
      .locator('[data-testid="ticket-description"] textarea:visible')
      .fill('My USDT deposit from this morning has not arrived yet.');
    await page.locator('[data-testid="ticket-reference"] input').fill('TX-20261122-0042');
    // A file that is no image is refused in the page, says so, and can be removed.
    await page
      .getByTestId('ticket-screenshots-input')
      .setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') }]);
    await page.getByTestId('ticket-screenshot-errors').getByText(en.form.notAnImage).waitFor();
    expect(await page.locator('[data-testid="ticket-screenshot"]').getAttribute('data-phase')).toBe('failed');
    await page.getByTestId('ticket-submit').click();
    await page.getByTestId('ticket-upload-issue').getByText(en.form.fixUploads).waitFor();
    await page.getByTestId('ticket-screenshot-remove').click();
    await expect.poll(() => page.locator('[data-testid="ticket-screenshot"]').count()).toBe(0);

    await page.getByTestId('ticket-screenshots-input').setInputFiles([
      { name: 'first.png', mimeType: 'image/png', buffer: solidPng(720, 1280, [20, 160, 152]) },
      { name: 'second.png', mimeType: 'image/png', buffer: solidPng(640, 480, [227, 182, 92]) },
    ]);
    await expect.poll(() => page.locator('[data-testid="ticket-screenshot"]').count()).toBe(2);
    await expect.poll(() => page.locator('[data-testid="ticket-screenshot"][data-phase="done"]').count(), { timeout: 30_000 }).toBe(2);
    // Compressed in the page: the server received JPEGs, not the PNGs that were picked.
    await expect.poll(() => uploads.length).toBe(2);
    expect(uploads).toEqual([
      { status: 200, type: 'image/jpeg' },
      { status: 200, type: 'image/jpeg' },
    ]);
    await look(page, 'new-en');

    const reply = page.waitForResponse((res) => res.request().method() === 'POST' && res.url().endsWith('/api/v1/tickets'));
    await page.getByTestId('ticket-submit').click();
    const response = await reply;
    expect(response.status()).toBe(200);
    expect(response.request().headers()['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
    ticket = (await response.json()) as Ticket;
    expect(ticket).toMatchObject({ type: 'deposit', status: 'processing', reference: 'TX-20261122-0042' });
    expect(ticket.attachments).toHaveLength(2);
    await expect.poll(() => hash(page)).toBe(`#/pages/workOrder/detail?id=${ticket.id}`);
  });

  it('shows the ticket with its number and both screenshots, read with the session and previewed on a tap', async () => {
    await expect.poll(() => page.getByTestId('ticket-number').innerText()).toBe(ticket.number);
    await expect.poll(() => page.locator('[data-testid="ticket-image"][data-loaded="true"]').count(), { timeout: 15_000 }).toBe(2);
    const sizes = await page
      .locator('[data-testid="ticket-image"] img')
      .evaluateAll((images) => images.map((img) => (img as HTMLImageElement).naturalWidth));
    expect(sizes.every((width) => width > 0)).toBe(true);
    await page.locator('[data-testid="ticket-image"]').first().click();
    await page.locator('.adm-image-viewer-content img').waitFor();
    await page.getByTestId('ticket-image-close').click();
    await page.locator('.adm-image-viewer-content').waitFor({ state: 'detached' });
    await look(page, 'detail-en');
  });

  it('shows an operator reply on the open ticket without a reload, then the ticket completed', async () => {
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    const polls: string[] = [];
    const route = `/api/v1/tickets/${ticket.id}`;
    page.on('request', (request) => {
      if (request.method() === 'GET' && request.url().endsWith(route)) polls.push(request.url());
    });
    const sentAt = Date.now();
    await ok('POST', `/api/v1/admin/tickets/${ticket.id}/messages`, operator, {
      body: 'We found your deposit: it is credited now. Thank you for the screenshots.',
    });
    await messages(page, 'operator').first().waitFor({ timeout: 5_000 });
    expect(Date.now() - sentAt).toBeLessThan(5_000);
    await expect.poll(() => messages(page, 'operator').first().innerText()).toContain('We found your deposit');
    // Read again because the live event said so: one read, not a poll.
    expect(polls.length).toBeGreaterThanOrEqual(1);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

    await ok('POST', `/api/v1/admin/tickets/${ticket.id}/close`, operator);
    await expect.poll(() => page.getByTestId('ticket-status').first().getAttribute('data-status'), { timeout: 5_000 }).toBe('completed');
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await page.getByTestId('ticket-rate-submit').waitFor();
    await expect.poll(() => page.getByTestId('ticket-reply-submit').count()).toBe(0);
    await look(page, 'completed-en');
  });

  it('takes the member’s rating once the ticket is completed', async () => {
    await page.locator('[data-testid="ticket-rating"] .adm-rate-star').nth(4).click();
    await page.locator('[data-testid="ticket-rating-comment"] textarea:visible').fill('Quick and clear.');
    await page.getByTestId('ticket-rate-submit').click();
    await page.getByTestId('ticket-rated').waitFor();
    const stored = await ok<Ticket>('GET', `/api/v1/tickets/${ticket.id}`, member);
    expect(stored.rating).toMatchObject({ score: 5, comment: 'Quick and clear.' });
    expect(errors).toEqual([]);
  });

  it('lists the ticket, completed, newest first', async () => {
    await page.goto(`${baseUrl()}/#/pages/workOrder/index`);
    await page.getByTestId('ticket-row').first().waitFor();
    expect(await page.getByTestId('ticket-row-number').first().innerText()).toBe(ticket.number);
    expect(await page.getByTestId('ticket-status').first().getAttribute('data-status')).toBe('completed');
    await look(page, 'list-en');
  });
});

describe('in Chinese', () => {
  it('shows the list, the form and a ticket with a reply, nothing cut off', async () => {
    const { context, page, errors } = await phone(member, 'zh');
    try {
      const open = await ok<Ticket>(
        'POST',
        '/api/v1/tickets',
        member,
        { type: 'flash_exchange', description: '闪兑订单显示处理中已经超过一天，请帮忙查看。', reference: 'PO-7781' },
        { 'idempotency-key': `zh-${Date.now()}` },
      );
      await ok('POST', `/api/v1/admin/tickets/${open.id}/messages`, operator, { body: '您好，我们正在核实该订单，请稍候。' });
      await page.goto(`${baseUrl()}/#/pages/workOrder/index`);
      await page.getByTestId('ticket-new-reply').first().waitFor();
      await look(page, 'list-zh');
      await page.goto(`${baseUrl()}/#/pages/workOrder/new`);
      await page.getByTestId('ticket-type-flash_exchange').waitFor();
      await look(page, 'new-zh');
      await page.goto(`${baseUrl()}/#/pages/workOrder/detail?id=${open.id}`);
      await messages(page, 'operator').first().waitFor();
      await look(page, 'detail-zh');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
