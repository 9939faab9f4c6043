import type { Withdrawal } from '@wallet/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './chromium';
import { type ConsoleOperator, openConsole, signedInOperator } from './console-flows-helpers';
import { E2E_PAYMENT_PASSWORD, emailedCode, fundedMember, type Member, newEmail, walletUsdt } from './http';

/**
 * The console's money screens against the real server, as finance operators use them: a withdrawal
 * review (approve one, reject one with a reason), a balance adjustment through four eyes with its
 * ledger preview, and the audit log holding all of it with an intact chain.
 */

const baseUrl = () => inject('baseUrl');

let browser: Browser;
let makerOp: ConsoleOperator;
let checkerOp: ConsoleOperator;
/** Finance cannot read the audit log: an auditor reads it. */
let auditorOp: ConsoleOperator;
let withdrawer: Member & { uid: string };
/** Another member for the rejected withdrawal: a member gets one emailed code a minute. */
let refused: Member & { uid: string };
let credited: Member & { uid: string };

async function withUid(member: Member): Promise<Member & { uid: string }> {
  const { uid } = await member.api<{ uid: string }>('GET', '/api/v1/me');
  return { ...member, uid };
}

/**
 * 1000 USDT to the member's bound BSC address: the development server approves withdrawals below 1000
 * itself (WITHDRAW_AUTO_APPROVE_BELOW), and only above 1000 asks for four eyes (approvals.withdrawal_above),
 * so exactly 1000 waits for one operator's review.
 */
async function withdrawalForReview(member: Member): Promise<Withdrawal> {
  const code = await emailedCode(baseUrl(), member.api, member.email, 'withdraw');
  const withdrawal = await member.api<Withdrawal>('POST', '/api/v1/wallet/withdrawals', {
    network: 'BSC',
    address: member.address,
    amount: '1000',
    code,
    paymentPassword: E2E_PAYMENT_PASSWORD,
  });
  expect(withdrawal.status).toBe('pending_review');
  return withdrawal;
}

const memberWithdrawal = (member: Member, id: string) => member.api<Withdrawal>('GET', `/api/v1/wallet/withdrawals/${id}`);

/**
 * Confirms the open decision dialog and waits for the server's answer to it, so that a refusal fails
 * the test with the server's own words rather than as a row that stayed in the queue.
 */
async function confirmDecision(page: Page, withdrawalId: string, decision: 'approve' | 'reject'): Promise<void> {
  const path = `/api/v1/admin/withdrawals/${withdrawalId}/${decision}`;
  const answered = page.waitForResponse((res) => res.request().method() === 'POST' && new URL(res.url()).pathname === path);
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  const reply = await answered;
  expect(reply.status(), `${decision}: ${await reply.text()}`).toBe(200);
}

beforeAll(async () => {
  browser = await launchChromium();
  // One at a time: the local chain's faucet mints from one account, and parallel mints collide on its nonce.
  const fund = async (prefix: string, usdt: string) => withUid(await fundedMember(baseUrl, { email: newEmail(prefix), usdt }));
  const members = (async (): Promise<Array<Member & { uid: string }>> => [
    await fund('console-withdraw', '1010'),
    await fund('console-refused', '1010'),
    await fund('console-credit', '5'),
  ])();
  let funded: Array<Member & { uid: string }>;
  [funded, makerOp, checkerOp, auditorOp] = await Promise.all([
    members,
    signedInOperator(browser, baseUrl(), ['finance']),
    signedInOperator(browser, baseUrl(), ['finance']),
    signedInOperator(browser, baseUrl(), ['auditor']),
  ]);
  [withdrawer, refused, credited] = funded as [Member & { uid: string }, Member & { uid: string }, Member & { uid: string }];
}, 180_000);

afterAll(async () => {
  await makerOp?.context.close();
  await checkerOp?.context.close();
  await auditorOp?.context.close();
  await browser?.close();
});

describe('withdrawal review', () => {
  let approved: Withdrawal;
  let rejected: Withdrawal;

  beforeAll(async () => {
    [approved, rejected] = await Promise.all([withdrawalForReview(withdrawer), withdrawalForReview(refused)]);
  }, 60_000);

  it('approves one withdrawal in the review queue', async () => {
    const { page } = makerOp;
    await openConsole(page, baseUrl(), '/withdrawals');
    const row = page.locator(`tr[data-row-key="${approved.id}"]`);
    // The reviewer sees whose withdrawal it is.
    await expect.poll(() => row.innerText(), { timeout: 10_000 }).toContain(withdrawer.uid);
    expect(await row.innerText()).toMatch(/1,000(\.0+)? USDT/);
    await row.getByRole('button', { name: 'Approve' }).click();
    await confirmDecision(page, approved.id, 'approve');
    await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(0);
    const seen = await memberWithdrawal(withdrawer, approved.id);
    expect(['approved', 'sending', 'confirming', 'completed']).toContain(seen.status);
  });

  it('rejects the other with a reason, which the member sees', async () => {
    const { page } = makerOp;
    const row = page.locator(`tr[data-row-key="${rejected.id}"]`);
    await row.getByRole('button', { name: 'Reject' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Reason').fill('Address under investigation');
    await confirmDecision(page, rejected.id, 'reject');
    await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(0);
    const seen = await memberWithdrawal(refused, rejected.id);
    expect(seen.status).toBe('rejected');
    expect(seen.history.find((step) => step.note?.code === 'rejected')?.note?.params.reason).toBe('Address under investigation');
    // The held 1001 came back whole.
    expect((await walletUsdt(refused.api)).toFixed()).toBe('1010');
    expect(makerOp.errors).toEqual([]);
  });
});

describe('an adjustment through four eyes', () => {
  let approvalId: string;

  it('is sent for approval by one operator, who cannot approve it', async () => {
    const { page } = makerOp;
    await openConsole(page, baseUrl(), '/adjustments');
    await page.getByLabel('Member UID').fill(credited.uid);
    await page.getByLabel('Amount (signed)').fill('12.34');
    await page.getByLabel('Reason').fill('Goodwill credit for ticket delay');
    await page.getByRole('button', { name: 'Send for approval' }).click();
    await expect.poll(() => page.evaluate(() => window.location.hash), { timeout: 10_000 }).toMatch(/^#\/approvals\/[0-9a-f-]{36}$/);
    approvalId = (await page.evaluate(() => window.location.hash)).replace('#/approvals/', '');
    await expect.poll(() => page.getByText('You made this request: another operator must decide it.').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    // Nothing moved yet.
    expect((await walletUsdt(credited.api)).toFixed()).toBe('5');
  });

  it('is approved by a second operator from the queue after the ledger preview', async () => {
    const { page } = checkerOp;
    await openConsole(page, baseUrl(), '/approvals');
    await page.locator(`tr[data-row-key="${approvalId}"]`).getByRole('link').click();
    await expect.poll(() => page.evaluate(() => window.location.hash)).toBe(`#/approvals/${approvalId}`);

    // The queue's table may still be on screen for a moment: the preview is the table under its title.
    await page.getByRole('heading', { name: 'What approving will post to the ledger' }).waitFor();
    const preview = page.locator('.ant-table-tbody');
    const rows = (await preview.locator('tr.ant-table-row').allInnerTexts()).map((row) => row.replace(/\s+/g, ' '));
    const wallet = rows.find((row) => row.includes(credited.uid));
    expect(wallet, JSON.stringify(rows)).toMatch(/\+12\.34/);
    expect(wallet).toMatch(/5(\.00)?\s*→\s*17\.34/);
    expect(rows.some((row) => /adjust/i.test(row) && /-12\.34|−12\.34/.test(row))).toBe(true);

    await page.getByRole('button', { name: 'Approve' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => page.locator('.ant-descriptions').innerText(), { timeout: 10_000 }).toContain(checkerOp.email);

    expect((await walletUsdt(credited.api)).toFixed()).toBe('17.34');
    // Exactly once: a second look later finds the same balance.
    await page.waitForTimeout(1000);
    expect((await walletUsdt(credited.api)).toFixed()).toBe('17.34');
    expect(checkerOp.errors).toEqual([]);
  });
});

describe('the audit log', () => {
  it('shows the withdrawal decision, the request, its approval and the credit, by member, and verifies the chain', async () => {
    const { page } = auditorOp;
    await openConsole(page, baseUrl(), '/audit');
    const table = page.locator('.ant-table-tbody');

    await page.getByLabel('Member UID').fill(withdrawer.uid);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => table.innerText(), { timeout: 10_000 }).toContain('withdrawal.approve');
    expect(await table.innerText()).not.toContain(credited.uid);

    await page.getByLabel('Member UID').fill(credited.uid);
    await page.getByRole('button', { name: 'Search' }).click();
    for (const action of ['approval.request', 'approval.approve', 'balance.credit'])
      await expect.poll(() => table.innerText(), { timeout: 10_000 }).toContain(action);
    expect(await table.innerText()).not.toContain('withdrawal.approve');

    await page.getByRole('button', { name: 'Verify chain' }).click();
    await expect.poll(() => page.getByRole('alert').first().innerText(), { timeout: 10_000 }).toMatch(/^The chain is intact: \d+ entries/);
    expect(auditorOp.errors).toEqual([]);
  });
});
