import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** A line that looks like an i18n key (e.g. "withdraw.title"): a text the catalogues lack. */
export const RAW_KEY = /(^|\s)[a-z][a-zA-Z0-9_]*(\.[a-zA-Z0-9_]+)+(\s|$)/;

/** The page shows no raw i18n keys and does not scroll sideways on a phone. */
export async function expectCleanPage(page: Page, where: string) {
  await page.waitForLoadState('networkidle');
  const lines = (await page.evaluate(() => document.body.innerText)).split('\n').map((line) => line.trim());
  expect(
    lines.filter((line) => RAW_KEY.test(line)),
    `raw i18n keys on ${where}`,
  ).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${where} scrolls sideways`).toBeLessThanOrEqual(0);
}

/** Types into the input of an antd-mobile field marked with `testId`. */
export const fill = (page: Page, testId: string, value: string) => page.locator(`[data-testid="${testId}"] input`).fill(value);

/** The hash route the page is on, e.g. "#/pages/orderD/index". */
export const hash = (page: Page) => page.evaluate(() => window.location.hash);
