import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, SCREENSHOTS } from './chromium';
import { type ConsoleOperator, consoleUrl, expectCleanConsolePage, signedInConsole } from './console';
import { newBscAddress, newEmail, registerByApi } from './http';

/*
 * Every console screen (issue 42: "Every console screen opens with no console error, no raw key,
 * nothing cut off"), in English and in Chinese, at 1280x800: the pages the sider's menu offers an
 * operator with every role but auditor, and an auditor's, who sees no action button.
 * E2E_SCREENSHOTS=<folder> keeps each screen in both languages.
 */

let browser: Browser;
let everyRole: ConsoleOperator;
let auditor: ConsoleOperator;
/** A member of this file's own, so Members and a member's detail show data. */
let memberUid: string;

/** Every page of the sider's menu, as the operator with every role but auditor sees it. */
const MENU = [
  '',
  'approvals',
  'withdrawals',
  'deposits',
  'payout',
  'rates',
  'adjustments',
  'members',
  'cards',
  'card-products',
  'help/articles',
  'help/categories',
  'help/service',
  'releases',
  'tickets',
  'agency/members',
  'agency/rates',
  'agency/tasks',
  'agency/tickets',
  'agency/reviews',
  'placement/rounds',
  'nodes/applications',
  'nodes/holders',
  'nodes/dpool',
  'books/runs',
  'books/breaks',
  'books/reserves',
  'books/proof-failures',
  'operators',
  'api-keys',
  'settings',
  'audit',
];

/**
 * Data in English on the Chinese screens: the help categories the server seeds (their names in every
 * language side by side) and the API key global-setup made (its name, typed by an operator).
 */
const DATA = [/Top-up & withdrawal/g, /Flash exchange/g, /test key of/g, /Mozilla\/5\.0 .*/g];

/**
 * The buttons an auditor may see in a page: reading, searching, paging, copying, previewing (by text,
 * Chinese two-character labels without the space antd puts between them, or by icon for icon-only ones).
 */
const READ_ONLY = new Set([
  ...['Verify chain', 'Search', 'Expand row', 'Collapse row', 'Copy', 'Preview', 'Refresh', 'Newer', 'Older'],
  ...['校验链', '搜索', '展开行', '收起行', '复制', '预览', '刷新', '较新', '较早'],
  ...['anticon-left', 'anticon-right', 'anticon-search', 'anticon-eye', 'anticon-arrow-left'],
]);

/** The buttons of the page's main area, by their text, else their label, else their icon. */
async function buttonsOf(page: Page): Promise<string[]> {
  const labels = await page
    .locator('.ant-layout-content button:visible')
    .evaluateAll((elements) =>
      elements.map(
        (el) =>
          el.textContent?.trim() ||
          el.getAttribute('aria-label') ||
          Array.from(el.querySelector('.anticon')?.classList ?? []).find((name) => name !== 'anticon') ||
          el.outerHTML,
      ),
    );
  return labels.map((label) => label.replace(/(?<=\p{Script=Han}) (?=\p{Script=Han})/gu, ''));
}

/** Pages reached from a menu page rather than the menu itself. */
const INNER = ['account', 'help/articles/create'];

beforeAll(async () => {
  browser = await launchChromium();
  const email = newEmail('e2e-console-screens-member');
  const token = await registerByApi(inject('baseUrl'), { email, network: 'BSC', address: newBscAddress() });
  memberUid = (
    (await (await fetch(`${inject('baseUrl')}/api/v1/me`, { headers: { authorization: `Bearer ${token}` } })).json()) as { uid: string }
  ).uid;
  everyRole = await signedInConsole(browser, ['support', 'finance', 'compliance', 'admin'], { prefix: 'e2e-console-screens' });
  auditor = await signedInConsole(browser, ['auditor'], { prefix: 'e2e-console-auditor' });
}, 180_000);
afterAll(async () => {
  await browser?.close();
});

/** The routes the sider's menu links to, every group opened. */
async function menuRoutes(page: Page): Promise<string[]> {
  const sider = page.locator('.ant-layout-sider');
  for (;;) {
    const closed = sider.locator('.ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
    if ((await closed.count()) === 0) break;
    await closed.first().click();
  }
  const links = await sider.locator('.ant-menu-item a[href]').evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href') ?? ''));
  return links.map((href) => href.replace(/^#?\/?/, '').replace(/\?.*$/, ''));
}

async function open(page: Page, route: string) {
  await page.goto(consoleUrl(route));
  // A hash change is no new document: wait for the route's own screen.
  await page.waitForFunction((want) => window.location.hash.replace(/^#\/?/, '').split('?')[0] === want, route);
}

async function switchLanguage(page: Page, language: 'en' | 'zh') {
  await page
    .locator('.ant-layout-header .ant-segmented')
    .getByText(language === 'zh' ? '中文' : 'English', { exact: true })
    .click();
  await page.waitForFunction((lang) => document.documentElement.lang === lang, language === 'zh' ? 'zh-CN' : 'en');
}

async function look(operator: ConsoleOperator, route: string, language: 'en' | 'zh', who: string) {
  const { page, errors } = operator;
  await open(page, route);
  const where = `#/${route} (${who}, ${language})`;
  await expectCleanConsolePage(page, where, language, errors, DATA);
  if (SCREENSHOTS) {
    const name = route === '' ? 'dashboard' : route.replaceAll('/', '-');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(SCREENSHOTS, `console-${who}-${name}-${language}.png`) });
  }
}

describe('console screens', () => {
  it('opens every menu page, in English and in Chinese, for an operator with every role but auditor', async () => {
    const { page } = everyRole;
    const routes = await menuRoutes(page);
    expect(routes.sort()).toEqual([...MENU].sort());
    const member = `members/${memberUid}`;
    for (const language of ['en', 'zh'] as const) {
      await switchLanguage(page, language);
      for (const route of [...MENU, ...INNER, member]) await look(everyRole, route, language, 'every-role');
    }
    // The check of the auditor's buttons can fail: the same pages show their actions to who may act.
    await switchLanguage(page, 'en');
    await open(page, 'operators');
    await expectCleanConsolePage(page, 'operators again', 'en', everyRole.errors, DATA);
    expect((await buttonsOf(page)).filter((label) => !READ_ONLY.has(label))).toContain('Invite an operator');
    await open(page, 'help/service');
    await expectCleanConsolePage(page, 'help/service again', 'en', everyRole.errors, DATA);
    expect(await buttonsOf(page)).toEqual(expect.arrayContaining(['Add a contact', 'Save']));
  }, 600_000);

  it('shows the auditor every page they may read, with no action button', async () => {
    const { page } = auditor;
    const routes = await menuRoutes(page);
    expect(routes.sort()).toEqual(
      [
        '',
        'approvals',
        'withdrawals',
        'deposits',
        'payout',
        'rates',
        'members',
        'cards',
        'card-products',
        'help/articles',
        'help/categories',
        'help/service',
        'releases',
        'tickets',
        'agency/members',
        'agency/rates',
        'agency/tasks',
        'agency/tickets',
        'agency/reviews',
        'placement/rounds',
        'nodes/applications',
        'nodes/holders',
        'nodes/dpool',
        'books/runs',
        'books/breaks',
        'books/reserves',
        'books/proof-failures',
        'operators',
        'api-keys',
        'settings',
        'audit',
      ].sort(),
    );
    for (const language of ['en', 'zh'] as const) {
      await switchLanguage(page, language);
      for (const route of [...routes, `members/${memberUid}`]) {
        await look(auditor, route, language, 'auditor');
        const actions = (await buttonsOf(page)).filter((label) => !READ_ONLY.has(label));
        expect(actions, `action buttons the auditor sees on #/${route} (${language})`).toEqual([]);
        // Nor a field to change: help/service is a form, drawn disabled.
        const fields = await page
          .locator('.ant-layout-content input:not([disabled]):not([type="search"]), .ant-layout-content textarea:not([disabled])')
          .count();
        if (route === 'help/service') expect(fields, 'fields the auditor could change on #/help/service').toBe(0);
      }
    }
  }, 600_000);
});
