import type { Language } from '@wallet/contract';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { CATALOGUES } from '../apps/web/src/lib/i18n/catalogues';

/**
 * Driving the KYC form's pickers as a thumb would: the searchable country sheet and the date wheels.
 * `beforeTap` / `beforeConfirm` let a test take a screenshot with the sheet or wheels open.
 */

/** Opens a country sheet, types the search and taps the match; returns what the field then shows. */
export async function pickCountry(
  page: Page,
  which: 'nationality' | 'country',
  query: string,
  numeric: string,
  beforeTap?: () => Promise<void>,
): Promise<string> {
  await page.getByTestId(`kyc-${which}-open`).click();
  const sheet = page.getByTestId(`kyc-${which}-open-sheet`);
  await sheet.waitFor();
  await sheet.locator('input').fill(query);
  const option = page.getByTestId(`kyc-${which}-open-${numeric}`);
  await option.waitFor();
  await beforeTap?.();
  await option.click();
  await sheet.waitFor({ state: 'hidden' });
  return page.getByTestId(`kyc-${which}-open`).innerText();
}

/** The wheels' labels as the app writes them in each language. */
function wheelLabels(language: Language, y: number, m: number, d: number): [string, string, string] {
  if (language === 'zh' || language === 'ja') return [`${y}年`, `${m}月`, `${d}日`];
  if (language === 'ko') return [`${y}년`, `${m}월`, `${d}일`];
  return [String(y), new Intl.DateTimeFormat('en', { month: 'short' }).format(new Date(2000, m - 1, 1)), String(d)];
}

/** Picks a day on the date picker's wheels, tapping each wheel's row, then confirms. */
export async function pickDate(
  page: Page,
  language: Language,
  name: 'issueDate' | 'expiryDate',
  [y, m, d]: [number, number, number],
  beforeConfirm?: () => Promise<void>,
): Promise<void> {
  await page.getByTestId(`kyc-${name}-open`).click();
  const title = CATALOGUES[language].kyc.dates[name === 'issueDate' ? 'issueTitle' : 'expiryTitle'];
  const picker = page.locator('.adm-picker').filter({ hasText: title }).filter({ visible: true });
  await picker.waitFor();
  const labels = wheelLabels(language, y, m, d);
  const column = (i: number) => picker.locator('.adm-picker-view-column').nth(i);
  const selected = (i: number) => column(i).locator('[data-selected="true"]').innerText();
  for (const [i, label] of labels.entries()) {
    // A wheel still turning after the one before it may drop a tap: tap the row again until it holds.
    await expect
      .poll(
        async () => {
          if ((await selected(i)) !== label)
            await column(i)
              .locator('.adm-picker-view-column-item')
              .filter({ hasText: new RegExp(`^${label}$`) })
              .dispatchEvent('click');
          await page.waitForTimeout(300);
          return selected(i);
        },
        { timeout: 5000 },
      )
      .toBe(label);
  }
  expect(await Promise.all(labels.map((_, i) => selected(i)))).toEqual(labels);
  await beforeConfirm?.();
  await picker.locator('.adm-picker-header-button').last().click();
  await picker.waitFor({ state: 'hidden' });
}
