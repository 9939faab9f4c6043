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
  await expectNothingCutOff(page, where);
}

/**
 * The page does not scroll sideways, and no button or link reaches past the screen's edge: a long
 * translation in a fixed slot (a nav bar's side) is clipped without making the page any wider.
 * Controls in a strip that scrolls sideways on purpose are not counted.
 */
export async function expectNothingCutOff(page: Page, where: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${where} scrolls sideways`).toBeLessThanOrEqual(0);
  const cut = await page.evaluate(() =>
    Array.from(document.querySelectorAll('button, a, [role="button"]'))
      .filter((el) => {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) return false;
        for (let p = el.parentElement; p; p = p.parentElement) if (['auto', 'scroll'].includes(getComputedStyle(p).overflowX)) return false;
        return r.left < -1 || r.right > window.innerWidth + 1;
      })
      .map((el) => el.textContent?.trim() || el.getAttribute('aria-label') || el.tagName),
  );
  expect(cut, `controls cut off at the screen's edge on ${where}`).toEqual([]);
}

/** Types into the input of an antd-mobile field marked with `testId`. */
export const fill = (page: Page, testId: string, value: string) => page.locator(`[data-testid="${testId}"] input`).fill(value);

/** The hash route the page is on, e.g. "#/pages/orderD/index". */
export const hash = (page: Page) => page.evaluate(() => window.location.hash);
