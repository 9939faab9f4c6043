import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { launchChromium, signedInPage } from './chromium';
import { call, E2E_PASSWORD, fundedMember, loginToken, memberApi, registerByApi, sendUsdt } from './http';
import { expectCleanPage, hash } from './page-checks';

/**
 * Statements downloaded from the page as a member does: the file arrives through the browser's
 * downloads (fetched with the session, saved from a Blob), in the member's language, with the
 * records and amounts the wallet holds.
 */
const baseUrl = () => inject('baseUrl');
const SCREENSHOTS = process.env.E2E_SCREENSHOTS;
let browser: Browser;
let member: string;
let memberEmail: string;
let senderUid: string;

const pageFor = (token: string, language: string) => signedInPage(browser, token, language, { acceptDownloads: true });

/** Clicks Download and returns the file the browser saved, with its suggested name. */
async function download(page: Page): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('statement-download').click()]);
  const saved = await file.path();
  return { name: file.suggestedFilename(), bytes: await readFile(saved) };
}

/** A new member who received 7.89 USDT from another new member: one record to find in the files (expect.poll needs a test). */
let prepared: Promise<void> | undefined;
const ready = () => {
  prepared ??= prepare();
  return prepared;
};

async function prepare(): Promise<void> {
  memberEmail = `statements-${Date.now()}@example.com`;
  member = await registerByApi(baseUrl(), {
    email: memberEmail,
    network: 'BSC',
    address: '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc',
  });
  const sender = await fundedMember(baseUrl, { email: `sender-${Date.now()}@sbc-wallet.local`, usdt: '10' });
  senderUid = (await sender.api<{ uid: string }>('GET', '/api/v1/me')).uid;
  const { uid } = await memberApi(baseUrl, () => member)<{ uid: string }>('GET', '/api/v1/me');
  await sendUsdt(baseUrl, sender, uid, '7.89');
}

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

it('downloads this month as a Chinese CSV and as a PDF from the records page', async () => {
  await ready();
  const page = await pageFor(member, 'zh');
  await page.goto(`${baseUrl()}/#/pages/recordsSun/index`);
  await expect.poll(() => page.getByTestId('open-statements').isVisible()).toBe(true);
  if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, 'records-with-statements-link-zh.png') });
  await page.getByTestId('open-statements').click();
  await expect.poll(() => hash(page)).toBe('#/pages/statement/index');
  await expect.poll(() => page.getByTestId('statement-download').isVisible()).toBe(true);
  await expectCleanPage(page, 'statement page in zh');

  const csv = await download(page);
  expect(csv.name).toMatch(/^statement-\d+-\d{4}-\d\d-\d\d_\d{4}-\d\d-\d\d\.csv$/);
  expect(csv.bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const [header, ...rows] = csv.bytes.toString('utf8').slice(1).split('\r\n').filter(Boolean);
  expect(header).toBe(`时间（${zone}）,类型,币种,金额,变动后余额,详情,状态`);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatch(
    new RegExp(
      `^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d[+-]\\d\\d:\\d\\d,转入 \\(USDT\\),USDT,7\\.89,7\\.89,来自 UID ${senderUid}（se\\*\\*\\*@sbc-wallet\\.local）,已完成$`,
    ),
  );

  await page.getByTestId('statement-format').getByText('PDF').click();
  const pdf = await download(page);
  expect(pdf.name).toMatch(/\.pdf$/);
  expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdf.bytes.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansSC-Regular/);
  await page.context().close();
});

it('downloads an empty last month, and sends a member whose session has gone to log in', async () => {
  await ready();
  const page = await pageFor(member, 'zh');
  await page.goto(`${baseUrl()}/#/pages/statement/index`);
  await expect.poll(() => page.getByTestId('statement-download').isVisible()).toBe(true);
  await page.getByTestId('statement-period').getByText('上月').click();
  // Last month is before this member existed: the file is still a statement, with no records in it.
  const csv = await download(page);
  expect(csv.bytes.toString('utf8').split('\r\n').filter(Boolean)).toHaveLength(1);
  await page.context().close();

  // A session that has ended elsewhere (logged out on another device) is sent to log in, not handed a broken file.
  const session = await loginToken(baseUrl(), { email: memberEmail, password: E2E_PASSWORD });
  const other = await pageFor(session, 'zh');
  // The live stream also notices the ended session and may send the page to log in on its own; this
  // step is about the download, so the stream is kept away from this page.
  await other.route('**/api/v1/me/events', (route) => route.abort());
  // The page's own first reads (balances) are let finish first: one answered after the logout would send
  // the page to log in before the download is tried, and this step would test nothing.
  const reading = new Set<Request>();
  other.on('request', (request) => {
    if (request.url().includes('/api/v1/')) reading.add(request);
  });
  other.on('requestfinished', (request) => reading.delete(request));
  other.on('requestfailed', (request) => reading.delete(request));
  await other.goto(`${baseUrl()}/#/pages/statement/index`);
  await expect.poll(() => other.getByTestId('statement-download').isVisible()).toBe(true);
  await expect.poll(() => reading.size).toBe(0);
  // Nor may a later read (a refetch on focus, a poll) reach the server first: from here on only the
  // download goes out, so it is the download's 401 that must send the page to log in.
  await other.route('**/api/v1/**', (route) =>
    route.request().url().includes('/api/v1/me/statements') ? route.continue() : route.abort(),
  );
  expect((await call('POST', `${baseUrl()}/api/v1/auth/logout`, undefined, { authorization: `Bearer ${session}` })).status).toBeLessThan(
    300,
  );
  expect(await hash(other)).toBe('#/pages/statement/index');
  await other.getByTestId('statement-download').click();
  await expect.poll(() => hash(other)).toMatch(/^#\/pages\/login\/index/);
  await other.context().close();
});

it('reads well in every language (screenshots at 390x844)', async () => {
  await ready();
  for (const language of ['en', 'zh', 'ko', 'ja']) {
    const page = await pageFor(member, language);
    await page.goto(`${baseUrl()}/#/pages/statement/index`);
    await expect.poll(() => page.getByTestId('statement-download').isVisible()).toBe(true);
    await page.getByTestId('statement-period').locator('.adm-selector-item').nth(2).click();
    await expect.poll(() => page.getByTestId('statement-from').isVisible()).toBe(true);
    await expectCleanPage(page, `statement page with a custom period in ${language}`);
    if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, `statement-${language}.png`), fullPage: true });
    await page.context().close();
  }
});
