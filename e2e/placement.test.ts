import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { type ConsoleRound, ERRORS, type Language, type LargeNodeApplication, type NodeOffer, type NodeReward } from '@wallet/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatMoney } from '../apps/web/src/lib/format';
import { CATALOGUES } from '../apps/web/src/lib/i18n/catalogues';
import { launchChromium, SCREENSHOTS, watchedPhone } from './chromium';
import { adminCall, type ConsoleOperator, openConsole, signedInOperator } from './console-flows-helpers';
import { E2E_PAYMENT_PASSWORD, fundedMember, type Member, newEmail, waitFor, walletUsdt } from './http';
import { expectCleanPage, fill, hash } from './page-checks';

/**
 * Private placement and nodes as a member uses them (issue 44): buys in a round across two price
 * tiers in the browser, distributes SBC to a friend's email, and the friend sees it; buys ten small
 * nodes and upgrades them to a large node; applies for a large node, sees the hold, and after two
 * operators approve in the console, the approval. Each of the five screens is also drawn in the four
 * languages at phone size.
 */
const LANGUAGES = ['en', 'zh', 'ko', 'ja'] as const;
const baseUrl = () => inject('baseUrl');
/** The defaults of nodes.small_price, nodes.upgrade_ratio and nodes.large_hold, which this file never changes. */
const SMALL_PRICE = '1000';
const UPGRADE_RATIO = 10;
const LARGE_HOLD = '240000';
/** What the round costs this buyer: 1,000 SBC at 0.5 and 200 at 0.8. */
const ROUND_COST = '660';
const FUNDS = '251000';

let browser: Browser;
let buyer: Member;
let friend: Member;
let maker: ConsoleOperator;
let checker: ConsoleOperator;
let roundId = '';
let applicationId = '';

async function look(page: Page, name: string, language: Language) {
  await expectCleanPage(page, `${name} in ${language}`);
  if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, `placement-${name}-${language}.png`), fullPage: true });
}

/** Fills the payment-password sheet of `testId` and confirms it. */
async function confirmWithPassword(page: Page, testId: string) {
  await page.getByTestId(`${testId}-sheet`).waitFor();
  await fill(page, testId, E2E_PAYMENT_PASSWORD);
  await page.getByTestId(`${testId}-submit`).click();
}

const placementOf = (member: Member) =>
  member.api<{ held: string; acquired: string; awaiting: string; distributed: string }>('GET', '/api/v1/placement/me');

beforeAll(async () => {
  browser = await launchChromium();
  if (SCREENSHOTS) await mkdir(SCREENSHOTS, { recursive: true });
  [buyer, friend, maker, checker] = await Promise.all([
    fundedMember(baseUrl, { email: newEmail('placement-buyer'), usdt: FUNDS }),
    fundedMember(baseUrl, { email: newEmail('placement-friend'), usdt: '1' }),
    signedInOperator(browser, baseUrl(), ['finance']),
    signedInOperator(browser, baseUrl(), ['finance']),
  ]);
  const tag = crypto.randomUUID().slice(0, 6);
  const { round } = await adminCall<{ round: ConsoleRound }>(baseUrl(), 'POST', 'placement/rounds', {
    name: { en: `Seed round ${tag}`, zh: `种子轮 ${tag}`, ko: `시드 라운드 ${tag}`, ja: `シードラウンド ${tag}` },
    rules: {
      en: 'Whole SBC only. Paid from your USDT wallet.',
      zh: '仅限整数 SBC，从 USDT 钱包支付。',
      ko: 'SBC는 정수 단위로만, USDT 지갑에서 결제합니다.',
      ja: 'SBC は整数単位のみ。USDT ウォレットから支払います。',
    },
    tiers: [
      { quantity: '1000', price: '0.5' },
      { quantity: '1000', price: '0.8' },
    ],
    minPerMember: '1',
    maxPerMember: '2000',
    startsAt: new Date(Date.now() - 60_000).toISOString(),
    endsAt: new Date(Date.now() + 86_400_000).toISOString(),
    kycRequired: false,
    note: 'browser test round',
  });
  roundId = round.id;
}, 180_000);
afterAll(async () => {
  await maker?.context.close();
  await checker?.context.close();
  await browser?.close();
});

describe('private placement', () => {
  it('buys 1,200 SBC across two tiers: the calculator shows each tier before the payment password', { timeout: 60_000 }, async () => {
    const { context, page, errors } = await watchedPhone(browser, buyer.token, 'en');
    try {
      await page.goto(`${baseUrl()}/#/pages/account/index`);
      await page.getByTestId('entry-placement').click();
      await expect.poll(() => hash(page)).toBe('#/pages/simuSbc/index');
      await page.getByTestId(`round-${roundId}`).click();
      await expect.poll(() => hash(page)).toBe(`#/pages/simuSbc/xqing/index?id=${roundId}`);

      // USDT to SBC: 600 USDT buys the first tier whole and 125 of the second.
      await page.locator('[data-testid="calc-amount"] input').fill('600');
      await expect.poll(() => page.getByTestId('quote-quantity').innerText()).toBe('1,125.0000 SBC');
      await page.getByRole('tab', { name: CATALOGUES.en.placement.calc.byQuantity }).click();
      await page.locator('[data-testid="calc-quantity"] input').fill('1200');
      expect(await page.getByTestId('quote-line-0').innerText()).toBe('500.00 USDT');
      expect(await page.getByTestId('quote-line-1').innerText()).toBe('160.00 USDT');
      expect(await page.getByTestId('quote-amount').innerText()).toBe('660.00 USDT');

      await page.getByTestId('buy').click();
      expect(await page.getByTestId('buy-password-figures').innerText()).toContain('660.00 USDT');
      // A wrong password: refused in the member's language, nothing bought, the same key kept for the retry.
      await fill(page, 'buy-password', '000000');
      await page.getByTestId('buy-password-submit').click();
      await expect.poll(() => page.getByTestId('buy-password').innerText()).toContain(ERRORS.PAYMENT_PASSWORD_WRONG.message.en);
      await confirmWithPassword(page, 'buy-password');
      await page.getByTestId('purchase-done').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
    expect((await walletUsdt(buyer.api)).toFixed()).toBe(String(Number(FUNDS) - Number(ROUND_COST)));
    expect(await placementOf(buyer)).toMatchObject({ acquired: '1200', awaiting: '1200', distributed: '0' });
  });

  it('distributes 300 SBC to the friend by email; an unknown email is refused in the member language', { timeout: 60_000 }, async () => {
    const { context, page, errors } = await watchedPhone(browser, buyer.token, 'zh');
    try {
      await page.goto(`${baseUrl()}/#/pages/simuSbc/xqing/index?id=${roundId}`);
      await fill(page, 'distribute-email', newEmail('nobody'));
      await fill(page, 'distribute-quantity', '300');
      await page.getByTestId('distribute-next').click();
      await confirmWithPassword(page, 'distribute-password');
      await expect.poll(() => page.getByTestId('distribute-email').innerText()).toContain(ERRORS.RECIPIENT_EMAIL_NOT_FOUND.message.zh);

      await fill(page, 'distribute-email', friend.email);
      await page.getByTestId('distribute-next').click();
      await confirmWithPassword(page, 'distribute-password');
      await expect
        .poll(() => page.getByTestId('distributions-out-count').innerText())
        .toBe(CATALOGUES.zh.placement.history.count.replace('{{count}}', '1'));
      expect(await page.getByTestId('distributions-out').innerText()).toContain('300.0000 SBC');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
    expect(await placementOf(buyer)).toMatchObject({ acquired: '1200', awaiting: '900', distributed: '300' });
  });

  it('shows the friend the SBC received and the distribution from the buyer', { timeout: 30_000 }, async () => {
    const { context, page, errors } = await watchedPhone(browser, friend.token, 'en');
    try {
      await page.goto(`${baseUrl()}/#/pages/simuSbc/index`);
      await expect.poll(() => page.getByTestId('mine-held').innerText()).toBe('300.0000 SBC');
      await page.getByRole('tab', { name: CATALOGUES.en.placement.history.in }).click();
      await expect.poll(() => page.getByTestId('distributions-in').innerText()).toContain('+300.0000 SBC');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('nodes', () => {
  it('buys ten small nodes, then upgrades them to one large node', { timeout: 60_000 }, async () => {
    const { context, page, errors } = await watchedPhone(browser, buyer.token, 'en');
    try {
      await page.goto(`${baseUrl()}/#/pages/glo/index`);
      await fill(page, 'node-quantity', String(UPGRADE_RATIO));
      await expect.poll(() => page.getByTestId('node-amount').innerText()).toBe('10,000.00 USDT');
      await page.getByTestId('node-buy-next').click();
      expect(await page.getByTestId('node-review-amount').innerText()).toBe('10,000.00 USDT');
      await confirmWithPassword(page, 'node-buy-password');
      await expect.poll(() => page.getByTestId('nodes-small').innerText()).toBe(String(UPGRADE_RATIO));
      await expect.poll(() => page.getByTestId('node-purchases').innerText()).toContain('10,000.00 USDT');

      await expect
        .poll(() => page.getByTestId('upgrade-progress').innerText())
        .toBe(`${UPGRADE_RATIO} of ${UPGRADE_RATIO} small nodes for one large node`);
      await page.getByTestId('upgrade').click();
      await confirmWithPassword(page, 'upgrade-password');
      await expect.poll(() => page.getByTestId('nodes-large').innerText()).toBe('1');
      expect(await page.getByTestId('nodes-small').innerText()).toBe('0');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
    const offer = await buyer.api<NodeOffer>('GET', '/api/v1/nodes/offer');
    expect(offer.mine).toEqual({ small: 0, large: 1 });
    expect((await walletUsdt(buyer.api)).toFixed()).toBe(String(Number(FUNDS) - Number(ROUND_COST) - UPGRADE_RATIO * Number(SMALL_PRICE)));
  });

  it('applies for a large node and sees the hold', { timeout: 60_000 }, async () => {
    const { context, page, errors } = await watchedPhone(browser, buyer.token, 'en');
    try {
      await page.goto(`${baseUrl()}/#/pages/global/index`);
      await page.getByTestId('node-requirements').waitFor();
      expect(await page.getByTestId('node-requirements').innerText()).toContain('240,000.00 USDT');
      await fill(page, 'apply-city', 'Singapore');
      await fill(page, 'apply-name', 'Lee Wei');
      await fill(page, 'apply-contact', '+65 8123 4567');
      await fill(page, 'apply-team', '6');
      await fill(page, 'apply-venue', '450');
      await page.getByTestId('apply-next').click();
      expect(await page.getByTestId('apply-hold').innerText()).toBe('240,000.00 USDT');
      await confirmWithPassword(page, 'apply-password');
      await expect.poll(() => page.getByTestId('application-pending').innerText()).toContain('240,000.00 USDT');
      expect(await page.getByTestId('application-pending').innerText()).toContain(CATALOGUES.en.nodes.apply.status.pending);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
    const mine = await buyer.api<{ items: LargeNodeApplication[] }>('GET', '/api/v1/nodes/applications');
    applicationId = mine.items[0]?.id ?? '';
    expect(mine.items[0]).toMatchObject({ status: 'pending', amount: LARGE_HOLD, city: 'Singapore' });
  });

  it('shows the approval once two operators approve it in the console', { timeout: 90_000 }, async () => {
    expect(applicationId, 'the application made above').toBeTruthy();
    await openConsole(maker.page, baseUrl(), '/nodes/applications');
    const row = maker.page.locator(`tr[data-row-key="${applicationId}"]`);
    await row.getByRole('button', { name: 'Approve' }).click();
    const dialog = maker.page.getByRole('dialog');
    await dialog.getByLabel('Note').fill('regional centre verified');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    const { items } = await waitFor(
      () =>
        adminCall<{ items: Array<{ id: string; pendingApprovalId: string | null }> }>(
          baseUrl(),
          'GET',
          'nodes/applications?status=pending&limit=100',
        ),
      (reply) => reply.items.some((item) => item.id === applicationId && item.pendingApprovalId !== null),
      'the approval request',
    );
    const approvalId = items.find((item) => item.id === applicationId)?.pendingApprovalId;
    await openConsole(checker.page, baseUrl(), `/approvals/${approvalId}`);
    await checker.page.getByRole('button', { name: 'Approve' }).click();
    await checker.page.locator('.ant-popconfirm').getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => checker.page.locator('.ant-descriptions').innerText(), { timeout: 10_000 }).toContain(checker.email);

    const { context, page, errors } = await watchedPhone(browser, buyer.token, 'en');
    try {
      await page.goto(`${baseUrl()}/#/pages/global/index`);
      await expect
        .poll(() => page.getByTestId('application-approved').innerText(), { timeout: 15_000 })
        .toContain(CATALOGUES.en.nodes.apply.status.approved);
      await page.goto(`${baseUrl()}/#/pages/glo/index`);
      await expect.poll(() => page.getByTestId('nodes-large').innerText()).toBe('2');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
    expect(maker.errors).toEqual([]);
    expect(checker.errors).toEqual([]);
  });
});

describe('node rewards', () => {
  it('pays the large-node holder once two operators record a D-pool total; the member checks the line', { timeout: 90_000 }, async () => {
    // A period no other run took: the D-pool refuses a period recorded twice.
    const period = `${2100 + Math.floor(Math.random() * 800)}-W${String(1 + Math.floor(Math.random() * 52)).padStart(2, '0')}`;
    await openConsole(maker.page, baseUrl(), '/nodes/dpool');
    await maker.page.getByRole('button', { name: 'Record a period' }).click();
    const dialog = maker.page.getByRole('dialog');
    await dialog.getByLabel('Period').fill(period);
    await dialog.getByLabel('D-pool total (SBC)').fill('500000');
    await dialog.getByLabel('Note').fill('browser test statement');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => maker.page.evaluate(() => window.location.hash), { timeout: 10_000 }).toMatch(/^#\/approvals\/[\w-]+$/);
    const approvalId = (await maker.page.evaluate(() => window.location.hash)).replace('#/approvals/', '');
    await openConsole(checker.page, baseUrl(), `/approvals/${approvalId}`);
    await checker.page.getByRole('button', { name: 'Approve' }).click();
    await checker.page.locator('.ant-popconfirm').getByRole('button', { name: 'Approve' }).click();

    const { items } = await waitFor(
      () => buyer.api<{ items: NodeReward[] }>('GET', '/api/v1/nodes/rewards'),
      (reply) => reply.items.some((item) => item.period === period),
      `the reward of ${period}`,
      30_000,
    );
    const reward = items.find((item) => item.period === period);
    expect(reward?.largeNodes).toBe(2);

    const { context, page, errors } = await watchedPhone(browser, buyer.token, 'en');
    try {
      await page.goto(`${baseUrl()}/#/pages/jiefen/index`);
      const line = page.getByTestId(`reward-${reward?.periodId}`);
      await expect.poll(() => line.getByTestId('reward-amount').innerText()).toBe(`+${formatMoney(reward?.amount ?? '-', 'SBC')} SBC`);
      expect(await line.getByTestId('reward-root').innerText()).toBe(reward?.merkleRoot);
      await line.getByTestId('check-line').click();
      await expect.poll(() => line.getByTestId('check-result').innerText()).toMatch(/^Your line matches the published root/);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('the placement and node screens', () => {
  it('draws all five in every language at phone size: no raw keys, no English on zh/ko/ja, nothing cut off', {
    timeout: 180_000,
  }, async () => {
    // Each screen once what it waits for is drawn: the figures, or the rewards list or its empty state.
    const screens: Array<[string, string, string]> = [
      ['list', '/pages/simuSbc/index', '[data-testid="my-placement"]'],
      ['round', `/pages/simuSbc/xqing/index?id=${roundId}`, '[data-testid="round-tiers"]'],
      ['large-node', '/pages/global/index', '[data-testid="application-approved"]'],
      ['nodes', '/pages/glo/index', '[data-testid="node-purchases"]'],
      ['rewards', '/pages/jiefen/index', '[data-testid="rewards"]'],
    ];
    for (const language of LANGUAGES) {
      const { context, page, errors } = await watchedPhone(browser, buyer.token, language);
      try {
        for (const [name, route, ready] of screens) {
          await page.goto(`${baseUrl()}/#${route}`);
          await page.locator(ready).first().waitFor();
          await look(page, name, language);
        }
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });
});
