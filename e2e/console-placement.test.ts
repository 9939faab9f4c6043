import path from 'node:path';
import type { ConsoleDpoolPeriod, ConsoleRound, LargeNodeApplication } from '@wallet/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './chromium';
import { expectCleanConsolePage } from './console';
import { adminCall, type ConsoleOperator, openConsole, signedInOperator } from './console-flows-helpers';
import { E2E_PAYMENT_PASSWORD, fundedMember, type Member, newEmail, waitFor, walletUsdt } from './http';

/**
 * Private placement and nodes in the console (issue 44), as finance operators use them: a round made
 * and listed, a D-pool period recorded by one operator and approved by another, a large-node
 * application rejected with a reason that releases the member's hold; each screen in English and
 * Chinese at the console's desktop size.
 */

const baseUrl = () => inject('baseUrl');
const SCREENSHOTS = process.env.E2E_SCREENSHOTS;
/** The default hold of a large-node application (setting nodes.large_hold). */
const LARGE_HOLD = '240000';

let browser: Browser;
let maker: ConsoleOperator;
let checker: ConsoleOperator;
let applicant: Member;
/** A member holding one large node, so the period pays someone. */
let holder: Member & { uid: string };
/** The round and the paid period this file made, for the screens' check. */
let roundId = '';
let periodId = '';

/** What a screen shows as data rather than text of the console: emails, UIDs, amounts, round names. */
const DATA = [/\S+@\S+/g, /\b\d{8}\b/g, /E2E round \w+/g];

/** A period no other run took: the D-pool refuses a period recorded twice. */
function freshPeriod(): string {
  const year = 2100 + Math.floor(Math.random() * 800);
  return `${year}-W${String(1 + Math.floor(Math.random() * 52)).padStart(2, '0')}`;
}

async function shot(page: Page, name: string): Promise<void> {
  if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, `console-placement-${name}.png`), fullPage: true });
}

async function setLanguage(page: Page, language: 'en' | 'zh'): Promise<void> {
  await page.evaluate((value) => localStorage.setItem('console.language', value), language);
}

beforeAll(async () => {
  browser = await launchChromium();
  // One member at a time: the local chain's faucet mints from one account, and parallel mints collide on its nonce.
  const members = (async () => {
    const first = await fundedMember(baseUrl, { email: newEmail('large-node'), usdt: LARGE_HOLD });
    const second = await fundedMember(baseUrl, { email: newEmail('node-holder'), usdt: '10000' });
    return [first, second] as const;
  })();
  let funded: readonly [Member, Member];
  [maker, checker, funded] = await Promise.all([
    signedInOperator(browser, baseUrl(), ['finance']),
    signedInOperator(browser, baseUrl(), ['finance']),
    members,
  ]);
  const [first, member] = funded;
  applicant = first;
  // Ten small nodes at the default price (nodes.small_price) become one large node (nodes.upgrade_ratio).
  await member.api('POST', '/api/v1/nodes/purchases', { quantity: 10, expectedAmount: '10000', paymentPassword: E2E_PAYMENT_PASSWORD });
  await member.api('POST', '/api/v1/nodes/upgrades', { paymentPassword: E2E_PAYMENT_PASSWORD });
  holder = { ...member, uid: (await member.api<{ uid: string }>('GET', '/api/v1/me')).uid };
}, 180_000);
afterAll(async () => {
  await maker?.context.close();
  await checker?.context.close();
  await browser?.close();
});

describe('placement rounds', () => {
  it('creates a round with two price tiers and lists it', async () => {
    const { page } = maker;
    const name = `E2E round ${crypto.randomUUID().slice(0, 8)}`;
    await openConsole(page, baseUrl(), '/placement/rounds');
    await page.getByRole('button', { name: 'New round' }).click();
    await page.getByText('Price tiers').waitFor();
    for (const language of ['English', 'Chinese', 'Korean', 'Japanese']) {
      await page.getByLabel(`Name (${language})`).fill(name);
      await page.getByLabel(`Rules (${language})`).fill(`Rules of ${name} in ${language}.`);
    }
    await page.getByLabel('Units (SBC)').first().fill('400000');
    await page.getByLabel('Price per unit').first().fill('0.08');
    await page.getByRole('button', { name: 'Add a tier' }).click();
    await page.getByLabel('Units (SBC)').nth(1).fill('600000');
    await page.getByLabel('Price per unit').nth(1).fill('0.1');
    await expect.poll(() => page.getByTestId('round-total').innerText()).toBe('1,000,000 SBC');
    await page.getByLabel('Minimum per member (SBC)').fill('100');
    await page.getByLabel('Maximum per member (SBC)').fill('200000');
    await page.getByLabel('Note').fill('first private round');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The round is saved').waitFor();
    await page.waitForFunction(() => /^#\/placement\/rounds\/[\w-]+$/.test(window.location.hash));
    const id = (await page.evaluate(() => window.location.hash)).replace('#/placement/rounds/', '');
    roundId = id;

    const { round } = await adminCall<{ round: ConsoleRound }>(baseUrl(), 'GET', `placement/rounds/${id}`);
    expect(round).toMatchObject({
      name: { en: name, zh: name, ko: name, ja: name },
      tiers: [
        { quantity: '400000', price: '0.08' },
        { quantity: '600000', price: '0.1' },
      ],
      totalQuantity: '1000000',
      sold: '0',
      minPerMember: '100',
      maxPerMember: '200000',
      kycRequired: false,
    });
    await expect.poll(() => page.locator('.ant-layout-content').innerText()).toContain('400,001 – 1,000,000');

    await openConsole(page, baseUrl(), '/placement/rounds');
    await expect.poll(() => page.locator('.ant-table-tbody').innerText()).toContain(name);
    expect(maker.errors).toEqual([]);
  });
});

describe('D-pool periods', () => {
  const period = freshPeriod();
  let approvalId: string;

  it('is recorded by one operator and waits in Approvals', async () => {
    const { page } = maker;
    await openConsole(page, baseUrl(), '/nodes/dpool');
    await page.getByRole('button', { name: 'Record a period' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Period').fill('2026-13');
    await dialog.getByLabel('D-pool total (SBC)').fill('500000');
    await dialog.getByLabel('Note').fill('December statement');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.getByText('A month (2026-12) or an ISO week (2026-W49)').waitFor();
    await dialog.getByLabel('Period').fill(period);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('the request waits in Approvals').first().waitFor();
    await expect.poll(() => page.evaluate(() => window.location.hash), { timeout: 10_000 }).toMatch(/^#\/approvals\/[\w-]+$/);
    approvalId = (await page.evaluate(() => window.location.hash)).replace('#/approvals/', '');
    await expect.poll(() => page.getByText('You made this request: another operator must decide it.').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    const periods = await adminCall<{ items: ConsoleDpoolPeriod[] }>(baseUrl(), 'GET', 'nodes/dpool-periods?limit=100');
    expect(periods.items.map((p) => p.period)).not.toContain(period);
  });

  it('is approved by a second operator, then paid and listed with its result', async () => {
    const { page } = checker;
    await openConsole(page, baseUrl(), `/approvals/${approvalId}`);
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => page.locator('.ant-descriptions').innerText(), { timeout: 10_000 }).toContain(checker.email);

    const recorded = await waitFor(
      async () => (await adminCall<{ items: ConsoleDpoolPeriod[] }>(baseUrl(), 'GET', 'nodes/dpool-periods?limit=100')).items,
      (items) => items.some((p) => p.period === period && p.status === 'paid'),
      `period ${period} paid`,
      30_000,
    );
    const row = recorded.find((p) => p.period === period);
    expect(row).toMatchObject({ dpoolTotal: '500000', note: 'December statement', recordedBy: maker.email });
    expect(row?.merkleRoot).toMatch(/^0x[0-9a-f]{64}$/);
    periodId = row?.id ?? '';

    await openConsole(page, baseUrl(), '/nodes/dpool');
    const line = page.locator(`tr[data-row-key="${row?.id}"]`);
    await expect.poll(() => line.innerText()).toContain('Paid');
    await line.getByRole('link', { name: period }).click();
    await page.getByText(`D-pool period ${period}`).first().waitFor();
    await expect.poll(() => page.locator('.ant-descriptions').innerText()).toContain(row?.snapshotHash ?? '-');
    const holderLine = page.locator(`tr[data-row-key="${holder.uid}"]`);
    await holderLine.waitFor();
    expect(await holderLine.innerText()).toMatch(/\d/);
    expect(checker.errors).toEqual([]);
  });
});

describe('large-node applications', () => {
  it('rejects an application with a reason, and the member gets the hold back', async () => {
    const application = await applicant.api<LargeNodeApplication>('POST', '/api/v1/nodes/applications', {
      email: applicant.email,
      city: 'Singapore',
      name: 'Lee Wei',
      contact: '+65 8123 4567',
      teamSize: 6,
      venueSqm: 450,
      paymentPassword: E2E_PAYMENT_PASSWORD,
    });
    expect(application.status).toBe('pending');
    expect((await walletUsdt(applicant.api)).toFixed()).toBe('0');

    const { page } = maker;
    await openConsole(page, baseUrl(), '/nodes/applications');
    const row = page.locator(`tr[data-row-key="${application.id}"]`);
    await row.waitFor();
    expect(await row.innerText()).toContain('Singapore');
    await row.getByRole('button', { name: 'Reject' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('240,000 USDT').or(dialog.getByText('240000 USDT')).first().waitFor();
    await dialog.getByLabel('Reason').fill('The venue is below the regional centre standard');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('The application is rejected and the hold released').waitFor();
    await expect.poll(() => row.count()).toBe(0);

    const mine = await applicant.api<{ items: LargeNodeApplication[] }>('GET', '/api/v1/nodes/applications');
    expect(mine.items.find((a) => a.id === application.id)).toMatchObject({
      status: 'rejected',
      reason: 'The venue is below the regional centre standard',
    });
    expect((await walletUsdt(applicant.api)).toFixed()).toBe(LARGE_HOLD);

    await page.getByText('Rejected', { exact: true }).first().click();
    await expect.poll(() => page.locator(`tr[data-row-key="${application.id}"]`).innerText()).toContain('The venue is below');
    expect(maker.errors).toEqual([]);
  });
});

describe('the placement and node screens', () => {
  it('shows each screen cleanly in English and Chinese', async () => {
    const { page } = maker;
    expect(roundId && periodId, 'the round and the period made above').toBeTruthy();
    const screens: Array<[string, string]> = [
      ['rounds', '/placement/rounds'],
      ['round', `/placement/rounds/${roundId}`],
      ['round-new', '/placement/rounds/new'],
      ['round-edit', `/placement/rounds/${roundId}/edit`],
      ['applications', '/nodes/applications?status=rejected'],
      ['holders', '/nodes/holders'],
      ['dpool', '/nodes/dpool'],
      ['dpool-period', `/nodes/dpool/${periodId}`],
    ];
    for (const language of ['en', 'zh'] as const) {
      await setLanguage(page, language);
      for (const [name, route] of screens) {
        await openConsole(page, baseUrl(), route);
        await page.reload();
        await page.locator('.ant-layout-content .ant-card, .ant-layout-content .ant-table').first().waitFor();
        await expectCleanConsolePage(page, `placement ${name} (${language})`, language, maker.errors, DATA);
        await shot(page, `${name}-${language}`);
      }
    }
    await setLanguage(page, 'en');
  });
});
