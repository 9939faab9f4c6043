import path from 'node:path';
import type { ReconBreak, ReconRun } from '@wallet/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, SCREENSHOTS } from './chromium';
import { expectCleanConsolePage } from './console';
import { adminCall, type ConsoleOperator, openConsole, signedInOperator } from './console-flows-helpers';
import { fundedMember, newEmail, sandboxAddress } from './http';
import { issuerCall, openActiveCard } from './sandbox-issuer';

/**
 * The books in the console (issue 45), as finance operators use them: a reconciliation run from the
 * console and followed to its end; a card loaded at the issuer only found by the next run as a break
 * with its likely cause; the break accepted with a note, its history showing who and why; an auditor
 * who reads every books page and is offered no action. Each screen in English and Chinese, at the
 * console's desktop size and a phone's width.
 */

const baseUrl = () => inject('baseUrl');
/** What the sandbox issuer loads on the card without telling the app: the break's exact difference. */
const PLANTED = '7.25';

let browser: Browser;
let finance: ConsoleOperator;
let auditor: ConsoleOperator;
let sandbox: string;
/** The member's card in the app, and the same card at the issuer. */
let cardId: string;
let issuerCardId: string;
/** The break the planted load opened, and the card it names (the app's id or the issuer's). */
let breakId = '';
let breakSubject = '';

/** What a screen shows as data rather than the console's text: emails, ids, amounts, hashes, source errors. */
const DATA = [/\S+@\S+/g, /\b[0-9a-f]{8}\b/g, /\b\d{8}\b/g];

async function shots(page: Page, name: string): Promise<void> {
  if (!SCREENSHOTS) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 1280 ? 800 : 844 });
    await page.evaluate(() => window.scrollTo(0, 0));
    const language = await page.evaluate(() => document.documentElement.lang);
    await page.screenshot({ path: path.join(SCREENSHOTS, `console-books-${name}-${language}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function setLanguage(page: Page, language: 'en' | 'zh'): Promise<void> {
  await page.evaluate((value) => localStorage.setItem('console.language', value), language);
}

/** Starts a run from the console's button and waits on the page until it says the run ended. */
async function runFromConsole(page: Page): Promise<ReconRun> {
  await openConsole(page, baseUrl(), '/books/runs');
  const started = page.waitForResponse(
    (res) => res.request().method() === 'POST' && new URL(res.url()).pathname === '/api/v1/admin/books/runs' && res.ok(),
  );
  await page.getByRole('button', { name: 'Run reconciliation now' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  const reply = (await (await started).json()) as ReconRun | { run: ReconRun };
  const run = 'run' in reply ? reply.run : reply;
  const followed = page.getByTestId('followed-run');
  await expect.poll(() => followed.innerText(), { timeout: 90_000 }).toMatch(/^Reconciliation (completed|failed)/);
  const ended = await adminCall<ReconRun | { run: ReconRun }>(baseUrl(), 'GET', `books/runs/${run.id}`);
  return 'run' in ended ? ended.run : ended;
}

beforeAll(async () => {
  browser = await launchChromium();
  sandbox = await sandboxAddress(baseUrl(), '/dev/issuer');
  const holder = async () => {
    const member = await fundedMember(baseUrl, { email: newEmail('books-card'), usdt: '150' });
    return openActiveCard(sandbox, { ...member, firstName: 'Lan', lastName: 'Chen' });
  };
  [finance, auditor, cardId] = await Promise.all([
    signedInOperator(browser, baseUrl(), ['finance']),
    signedInOperator(browser, baseUrl(), ['auditor']),
    holder(),
  ]);
  const { cards } = await issuerCall<{ cards: Array<{ id: string; reference: string }> }>(sandbox, 'GET', '/sandbox/cards');
  issuerCardId = cards.find((card) => card.reference === cardId)?.id ?? '';
  expect(issuerCardId).not.toBe('');
}, 180_000);
afterAll(async () => {
  await finance?.context.close();
  await auditor?.context.close();
  await browser?.close();
});

describe('reconciliation', () => {
  it('is run by a finance operator from the console and followed until it completes', async () => {
    const run = await runFromConsole(finance.page);
    expect(run).toMatchObject({ status: 'completed', trigger: 'operator', operatorEmail: finance.email, errorSource: null });
    // Every source answered with where it stood: a block for each chain, an as-of time for the others.
    expect(run.sources.map((point) => point.source.split(':')[0])).toEqual(expect.arrayContaining(['chain', 'issuer', 'payout']));
    for (const point of run.sources) expect(point.block ?? point.asOf, point.source).toBeTruthy();
    await expect.poll(() => finance.page.locator('.ant-table-tbody').innerText()).toContain(finance.email);
    expect(finance.errors).toEqual([]);
  }, 120_000);

  it('finds a card loaded at the issuer only, names its cause and shows the exact difference', async () => {
    await issuerCall(sandbox, 'POST', `/sandbox/cards/${issuerCardId}/load-at-issuer-only`, { amount: PLANTED });
    const run = await runFromConsole(finance.page);
    expect(run.status).toBe('completed');
    expect(run.summary?.opened).toBeGreaterThanOrEqual(1);

    const { items } = await adminCall<{ items: ReconBreak[] }>(baseUrl(), 'GET', 'books/breaks?status=open&source=issuer&limit=100');
    const found = items.find((b) => b.kind === 'card_balance' && [cardId, issuerCardId].includes(b.subject ?? ''));
    expect(found).toMatchObject({ cause: 'loaded_at_issuer_only', difference: PLANTED, currency: 'USD', bookable: true, status: 'open' });
    breakId = found?.id ?? '';
    breakSubject = found?.subject ?? '';

    const { page } = finance;
    await openConsole(page, baseUrl(), '/books/breaks?source=issuer');
    const row = page.locator('.ant-table-tbody tr', { has: page.locator(`a[href$="/books/breaks/${breakId}"]`) });
    await expect.poll(() => row.innerText()).toContain('Money loaded at the issuer only');
    expect(await row.innerText()).toContain(`+${PLANTED}`);
    expect(await row.innerText()).toContain('Open');
  }, 150_000);

  it('shows the booking that would fix it, then accepts it with a note kept in its history', async () => {
    const { page } = finance;
    await openConsole(page, baseUrl(), `/books/breaks/${breakId}`);
    await expect.poll(() => page.getByTestId('break-cause').innerText()).toBe('Money loaded at the issuer only');

    await page.getByRole('button', { name: 'Fix by booking' }).click();
    const booking = page.getByRole('dialog');
    const legs = await booking.getByTestId('booking-legs').innerText();
    expect(legs).toContain(`card:${breakSubject}`);
    expect(legs).toContain(`+${PLANTED} USD`);
    expect(legs).toContain(`-${PLANTED} USD`);
    await booking.getByText('A second operator must approve this booking in Approvals').waitFor();
    await booking.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Accept' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Note').fill('four');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.getByText('At least 5 characters').waitFor();
    const note = 'Sandbox load planted by the books test';
    await dialog.getByLabel('Note').fill(note);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('The break is accepted').first().waitFor();

    const history = page.getByTestId('break-history');
    await expect.poll(() => history.innerText()).toContain('Accepted by an operator');
    const text = await history.innerText();
    expect(text).toContain('Opened');
    expect(text).toContain(note);
    expect(text).toContain(finance.email);
    expect(await page.getByRole('button', { name: 'Accept' }).count()).toBe(0);
    const detail = await adminCall<{ status: string; history: Array<{ event: string; note: string | null }> }>(
      baseUrl(),
      'GET',
      `books/breaks/${breakId}`,
    );
    expect(detail.status).toBe('accepted');
    expect(detail.history.map((e) => e.event)).toEqual(expect.arrayContaining(['opened', 'accepted']));
    expect(detail.history.find((e) => e.event === 'accepted')?.note).toBe(note);
    expect(finance.errors).toEqual([]);
  });
});

describe('auditor', () => {
  it('reads every books page and the dashboard queues, and is offered no action', async () => {
    const { page } = auditor;
    await openConsole(page, baseUrl(), '/');
    await page.getByText('Open reconciliation breaks').waitFor();
    await page.getByText('Failed proof checks').first().waitFor();
    for (const route of [
      '/books/runs',
      '/books/breaks?status=all',
      `/books/breaks/${breakId}`,
      '/books/reserves',
      '/books/proof-failures',
    ]) {
      await openConsole(page, baseUrl(), route);
      await expectCleanConsolePage(page, route, 'en', auditor.errors, DATA);
      const main = page.locator('.ant-layout-content');
      for (const name of ['Run reconciliation now', 'Build snapshot now', 'Accept', 'Fix by booking']) {
        expect(await main.getByRole('button', { name }).count(), `${name} on ${route}`).toBe(0);
      }
    }
  }, 120_000);
});

describe('books screens', () => {
  it('open clean in English and Chinese', async () => {
    const { page } = finance;
    for (const language of ['en', 'zh'] as const) {
      await setLanguage(page, language);
      await openConsole(page, baseUrl(), '/');
      await page.reload();
      for (const [name, route] of [
        ['dashboard', '/'],
        ['runs', '/books/runs'],
        ['breaks', '/books/breaks?status=all'],
        ['break', `/books/breaks/${breakId}`],
        ['reserves', '/books/reserves'],
        ['proof-failures', '/books/proof-failures'],
      ] as const) {
        await openConsole(page, baseUrl(), route);
        await expectCleanConsolePage(page, `${route} (${language})`, language, finance.errors, DATA);
        await shots(page, name);
      }
    }
    await setLanguage(page, 'en');
  }, 240_000);
});
