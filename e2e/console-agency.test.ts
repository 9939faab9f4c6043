import path from 'node:path';
import type { AgencyMember, AgencyRates, AgencyTicketGrant } from '@wallet/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './chromium';
import { expectCleanConsolePage } from './console';
import { adminCall, type ConsoleOperator, openConsole, signedInOperator } from './console-flows-helpers';
import { memberApi, newBscAddress, newEmail, registerByApi } from './http';

/**
 * The agency programme in the console (issue 43), as an operator with admin and finance roles uses
 * it: a member's role set, a rate version made, card tickets granted; each screen in English and
 * Chinese at the console's desktop size.
 */

const baseUrl = () => inject('baseUrl');
const SCREENSHOTS = process.env.E2E_SCREENSHOTS;

let browser: Browser;
let op: ConsoleOperator;
let uid: string;

/** What a screen shows as data rather than text of the console: emails, UIDs, amounts. */
const DATA = [/\S+@\S+/g, /\b\d{8}\b/g];

async function newMember(): Promise<string> {
  const token = await registerByApi(baseUrl(), { email: newEmail('agency-member'), network: 'BSC', address: newBscAddress() });
  return (await memberApi(baseUrl, () => token)<{ uid: string }>('GET', '/api/v1/me')).uid;
}

async function shot(page: Page, name: string): Promise<void> {
  if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, `console-agency-${name}.png`), fullPage: true });
}

async function setLanguage(page: Page, language: 'en' | 'zh'): Promise<void> {
  await page.evaluate((value) => localStorage.setItem('console.language', value), language);
}

beforeAll(async () => {
  browser = await launchChromium();
  [op, uid] = await Promise.all([signedInOperator(browser, baseUrl(), ['admin', 'finance']), newMember()]);
});
afterAll(async () => {
  await op?.context.close();
  await browser?.close();
});

describe('the agency pages', () => {
  it('sets a member role from the member page', async () => {
    const { page } = op;
    await openConsole(page, baseUrl(), `/agency/members?uid=${uid}`);
    await page.getByText('Role history').waitFor();
    await page.getByRole('button', { name: 'Change role' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('.ant-select').click();
    await page.locator('.ant-select-item-option', { hasText: /^Agent$/ }).click();
    await dialog.getByLabel('Note').fill('signed the agency contract');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Role changed').waitFor();
    await expect.poll(async () => (await adminCall<AgencyMember>(baseUrl(), 'GET', `agency/members/${uid}`)).role).toBe('agent');
    await expect.poll(() => page.locator('.ant-descriptions').innerText()).toContain('Agent');
    await expect.poll(() => page.locator('.ant-table-tbody').last().innerText()).toContain(op.email);
  });

  it('asks a second operator to make a city partner, and shows the request in the operator language', async () => {
    const { page } = op;
    await openConsole(page, baseUrl(), `/agency/members?uid=${uid}`);
    await page.getByText('Role history').waitFor();
    await page.getByRole('button', { name: 'Change role' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('.ant-select').click();
    await page.locator('.ant-select-item-option', { hasText: /^City partner$/ }).click();
    await dialog.getByText('giving it or taking it away needs a second operator').waitFor();
    await dialog.getByLabel('Note').fill('regional partner contract');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForFunction(() => /^#\/approvals\/[\w-]+/.test(window.location.hash));
    await page.getByText(`Set the agency role of member ${uid} from Agent to City partner: regional partner contract`).first().waitFor();
    // Nothing changed yet: the maker cannot approve their own request.
    expect((await adminCall<AgencyMember>(baseUrl(), 'GET', `agency/members/${uid}`)).role).toBe('agent');
  });

  it('grants card tickets once, however the button is pressed', async () => {
    const { page } = op;
    await openConsole(page, baseUrl(), `/agency/members?uid=${uid}`);
    await page.getByRole('button', { name: 'Grant tickets' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Number of tickets').fill('25');
    await dialog.getByLabel('Note').fill('launch batch');
    const confirm = dialog.getByRole('button', { name: 'Confirm' });
    // Two clicks before the reply: one Idempotency-Key for the filled-in form, so one grant.
    await confirm.click();
    await confirm.click({ force: true }).catch(() => undefined);
    await page.getByText('25 tickets granted').first().waitFor();
    await expect.poll(async () => (await adminCall<AgencyMember>(baseUrl(), 'GET', `agency/members/${uid}`)).tickets.granted).toBe(25);
    const grants = await adminCall<{ items: AgencyTicketGrant[] }>(baseUrl(), 'GET', `agency/tickets?uid=${uid}`);
    expect(grants.items.map((g) => [g.count, g.remaining, g.note])).toEqual([[25, 25, 'launch batch']]);
    await expect.poll(() => page.locator('.ant-statistic').first().innerText()).toContain('25');
  });

  it('makes a new rate version that applies from now', async () => {
    const { page } = op;
    await openConsole(page, baseUrl(), '/agency/rates');
    await page.getByText('All versions').waitFor();
    await page.getByRole('button', { name: 'New version' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Value').fill('3.25');
    await dialog.getByLabel('Note').fill('agent campaign');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('The new version is saved').waitFor();
    const rates = await adminCall<AgencyRates>(baseUrl(), 'GET', 'agency/rates');
    const row = rates.current.find((c) => c.eventKind === 'card_opened' && c.role === 'agent' && c.level === 1);
    expect(row?.rule).toMatchObject({ value: '3.25', amountKind: 'fixed', currency: 'USDT', note: 'agent campaign', createdBy: op.email });
    await expect.poll(() => page.locator('.ant-table-tbody').first().innerText()).toContain('3.25 USDT');
  });

  it('creates a task', async () => {
    const { page } = op;
    await openConsole(page, baseUrl(), '/agency/tasks');
    await page.getByRole('button', { name: 'New task' }).click();
    const dialog = page.getByRole('dialog');
    const titles = {
      English: 'First card within 30 days',
      Chinese: '30天内开通首张卡',
      Korean: '30일 안에 첫 카드',
      Japanese: '30日以内に初めてのカード',
    };
    for (const [language, title] of Object.entries(titles)) await dialog.getByLabel(`Title (${language})`).fill(title);
    await dialog.getByLabel('Reward').fill('2.5');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('The task is saved').waitFor();
    await expect.poll(() => page.locator('.ant-table-tbody').first().innerText()).toContain('First card within 30 days');
  });

  it('shows every agency screen cleanly in English and Chinese', async () => {
    const { page } = op;
    const screens = [
      ['members', `/agency/members?uid=${uid}`],
      ['rates', '/agency/rates'],
      ['tasks', '/agency/tasks'],
      ['tickets', '/agency/tickets'],
    ] as const;
    for (const language of ['en', 'zh'] as const) {
      await setLanguage(page, language);
      for (const [name, route] of screens) {
        await openConsole(page, baseUrl(), route);
        await page.reload();
        await page.locator('.ant-layout-content .ant-table').first().waitFor();
        await expectCleanConsolePage(page, `agency ${name} (${language})`, language, op.errors, DATA);
        await shot(page, `${name}-${language}`);
      }
    }
    await setLanguage(page, 'en');
  });
});
