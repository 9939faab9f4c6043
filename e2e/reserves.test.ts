import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { type Language, type MyProofs, type PublicSnapshot, type ReservesProof, verifyReservesProof } from '@wallet/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatDateTime, formatMoney } from '../apps/web/src/lib/format';
import { CATALOGUES } from '../apps/web/src/lib/i18n/catalogues';
import { launchChromium, SCREENSHOTS, signedInPage, waitForQuiet, watchedPhone } from './chromium';
import { call, fundedMember, type Member, newEmail, operatorKey, waitFor } from './http';
import { expectCleanPage, hash } from './page-checks';

/**
 * Proof of reserves as a member and a visitor meet it (issue 45): an operator builds a snapshot
 * through the console's API; the member opens the app and, without a tap, the app checks their proof
 * and reports it; the member's proof screen says their balance is included, with the snapshot's date,
 * and hands over the proof file; a visitor who never signed in finds the public page from the login
 * screen and reads the totals. Both pages are drawn in the four languages at phone size.
 */
const LANGUAGES = ['en', 'zh', 'ko', 'ja'] as const;
const baseUrl = () => inject('baseUrl');
const BALANCE = '125.5';

let browser: Browser;
let member: Member & { uid: string };
let snapshotId = '';

async function look(page: Page, name: string, language: Language) {
  await expectCleanPage(page, `${name} in ${language}`);
  if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, `reserves-${name}-${language}.png`), fullPage: true });
}

const mineOf = (who: Member) => who.api<MyProofs>('GET', '/api/v1/reserves/mine');

/**
 * A snapshot built as an operator with books.run builds one (the e2e operator key is an admin's),
 * then awaited until the public page serves it. Another file's snapshot may be building: asked again then.
 */
async function buildSnapshot(): Promise<string> {
  const started = await waitFor(
    () =>
      call('POST', `${baseUrl()}/api/v1/admin/books/snapshots`, undefined, {
        authorization: `Bearer ${operatorKey()}`,
        'idempotency-key': crypto.randomUUID(),
      }),
    (reply) => reply.status !== 409,
    'no other snapshot building',
    120_000,
  );
  expect([200, 201, 202], JSON.stringify(started.body)).toContain(started.status);
  const body = started.body as { id?: string; snapshot?: { id?: string } };
  const id = body.snapshot?.id ?? body.id ?? '';
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  await waitFor(
    async () => (await call('GET', `${baseUrl()}/api/v1/reserves/${id}`)).status,
    (status) => status === 200,
    `snapshot ${id} published`,
    120_000,
  );
  return id;
}

beforeAll(async () => {
  browser = await launchChromium();
  if (SCREENSHOTS) await mkdir(SCREENSHOTS, { recursive: true });
  const funded = await fundedMember(baseUrl, { email: newEmail('reserves'), usdt: BALANCE });
  member = { ...funded, uid: (await funded.api<{ uid: string }>('GET', '/api/v1/me')).uid };
  snapshotId = await buildSnapshot();
}, 300_000);
afterAll(async () => {
  await browser?.close();
});

describe('the member app checks its proof by itself', () => {
  it('checks and reports the proof when the app opens, without a tap, once per snapshot', { timeout: 60_000 }, async () => {
    const before = await mineOf(member);
    expect(before.snapshot?.id).toBeDefined();
    expect(before.proofs.map((proof) => proof.currency)).toContain('USDT');
    expect(before.checked).toEqual({});

    const { context, page, errors } = await watchedPhone(browser, member.token, 'en');
    try {
      const reported = page.waitForResponse(
        (response) => response.url().endsWith('/api/v1/reserves/mine/checks') && response.request().method() === 'POST',
        { timeout: 30_000 },
      );
      await page.goto(`${baseUrl()}/#/`);
      const reply = await reported;
      expect(reply.status()).toBe(204);
      expect(JSON.parse(reply.request().postData() ?? '{}')).toMatchObject({
        snapshotId: before.snapshot?.id,
        results: expect.arrayContaining([{ currency: 'USDT', ok: true, failure: null }]),
      });
      expect(await page.evaluate((uid) => localStorage.getItem(`sbc-reserves-checked:${uid}`), member.uid)).toBe(before.snapshot?.id);

      // Opened again on the same snapshot: one small look at the history, no proofs fetched, nothing reported.
      const asked: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/v1/reserves')) asked.push(`${request.method()} ${new URL(request.url()).pathname}`);
      });
      await page.reload();
      await expect.poll(() => asked, { timeout: 15_000 }).toContain('GET /api/v1/reserves/history');
      // The proofs would be asked for as soon as the history answered: the page going quiet means they were not.
      await waitForQuiet(page);
      const latest = (await call('GET', `${baseUrl()}/api/v1/reserves/history?offset=0&limit=1`)).body as { items: Array<{ id: string }> };
      // Unless another file's snapshot came out meanwhile, which is then checked as a new one.
      if (latest.items[0]?.id === before.snapshot?.id) expect(asked).toEqual(['GET /api/v1/reserves/history']);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
    const after = await mineOf(member);
    expect(after.checked.USDT?.ok).toBe(true);
  });

  it('shows "Your balance is included" with the snapshot date, what was checked, and the proof file', { timeout: 60_000 }, async () => {
    const mine = await mineOf(member);
    const cutoffAt = mine.snapshot?.cutoffAt ?? '';
    const page = await signedInPage(browser, member.token, 'en', { acceptDownloads: true });
    try {
      await page.goto(`${baseUrl()}/#/pages/account/index`);
      await page.getByTestId('entry-my-proof').click();
      await expect.poll(() => hash(page)).toBe('#/pages/reserves/mine');
      await page.getByTestId('proof-included').waitFor();
      expect(await page.getByTestId('proof-included').innerText()).toContain(CATALOGUES.en.reserves.mine.included);
      expect(await page.getByTestId('proof-snapshot-date').innerText()).toContain(formatDateTime(cutoffAt, 'en'));
      expect(await page.getByTestId('proof-balance-USDT').innerText()).toBe(`${formatMoney(BALANCE, 'USDT')} USDT`);
      const states = await page
        .locator('[data-testid="proof-checks-USDT"] li')
        .evaluateAll((items) => items.map((li) => li.getAttribute('data-state')));
      expect(states.length).toBeGreaterThanOrEqual(3);
      expect(new Set(states)).toEqual(new Set(['ok']));

      const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('proof-download-USDT').click()]);
      const proof = JSON.parse(await readFile(await file.path(), 'utf8')) as ReservesProof;
      expect(proof.leaf.uid).toBe(member.uid);
      expect(verifyReservesProof(proof, { uid: member.uid, balance: BALANCE }).ok).toBe(true);
    } finally {
      await page.context().close();
    }
  });

  it('draws the proof screen in the four languages at phone size', { timeout: 120_000 }, async () => {
    for (const language of LANGUAGES) {
      const { context, page, errors } = await watchedPhone(browser, member.token, language);
      try {
        await page.goto(`${baseUrl()}/#/pages/reserves/mine`);
        await page.getByTestId('proof-included').waitFor();
        expect(await page.getByTestId('proof-included').innerText()).toContain(CATALOGUES[language].reserves.mine.included);
        await look(page, 'mine', language);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });
});

describe('the public proof of reserves', () => {
  it('lets a visitor who never signed in find the page from the login screen and read the totals', { timeout: 60_000 }, async () => {
    const published = (await call('GET', `${baseUrl()}/api/v1/reserves`)).body as PublicSnapshot;
    const usdt = published.lines.find((line) => line.currency === 'USDT');
    expect(usdt).toBeDefined();
    const page = await signedInPage(browser, null, 'en');
    try {
      await page.goto(`${baseUrl()}/#/pages/login/index`);
      await page.getByTestId('goto-reserves').click();
      await expect.poll(() => hash(page)).toBe('#/pages/reserves/index');
      await page.getByTestId('line-USDT').waitFor();
      expect(await page.getByTestId('liabilities-USDT').innerText()).toBe(`${formatMoney(usdt?.liabilities ?? '', 'USDT')} USDT`);
      expect(await page.getByTestId('reserves-USDT').innerText()).toBe(`${formatMoney(usdt?.reserves ?? '', 'USDT')} USDT`);
      expect(await page.getByTestId('root-USDT').innerText()).toBe(usdt?.root);
      expect(await page.getByTestId('breaks-chain').innerText()).not.toBe('');
      // The history lists the snapshot this file built; a row opens it.
      await page.getByTestId(`snapshot-${snapshotId}`).click();
      await expect.poll(() => hash(page)).toBe(`#/pages/reserves/index?id=${snapshotId}`);
      await page.getByTestId('line-USDT').waitFor();
      expect(await hash(page)).not.toContain('login');
    } finally {
      await page.context().close();
    }
  });

  it('draws the public page in the four languages at phone size', { timeout: 120_000 }, async () => {
    for (const language of LANGUAGES) {
      const page = await signedInPage(browser, null, language, { deviceScaleFactor: SCREENSHOTS ? 2 : 1 });
      try {
        await page.goto(`${baseUrl()}/#/pages/reserves/index`);
        await page.getByTestId('line-USDT').waitFor();
        await look(page, 'public', language);
      } finally {
        await page.context().close();
      }
    }
  });
});
