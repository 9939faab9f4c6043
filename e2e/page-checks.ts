import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { foreignRequests, RAW_PATTERN_SOURCE, rawPatternsSeen, waitForQuiet } from './chromium';

/** A line that looks like an i18n key (e.g. "withdraw.title"): a text the catalogues lack. */
export const RAW_KEY = /(^|\s)[a-z][a-zA-Z0-9_]*(\.[a-zA-Z0-9_]+)+(\s|$)/;

/** A regular expression, or a library's wording of one, shown instead of a sentence (see RAW_PATTERN_SOURCE). */
export const RAW_PATTERN = new RegExp(RAW_PATTERN_SOURCE, 'i');

/**
 * Words that stay as they are in every language: currency codes, network names and standards, card
 * brands, common abbreviations and the app's name. Everything else in Latin letters on a zh/ko/ja
 * screen is an untranslated text.
 */
export const ALLOWED_TOKENS = [
  ...['USDT', 'USDC', 'USD', 'HKD', 'CNY', 'JPY', 'KRW', 'EUR', 'GBP', 'BTC', 'ETH', 'BNB', 'TRX'],
  ...['TRON', 'BSC', 'TRC20', 'BEP20', 'ERC20', 'Ethereum', 'Bitcoin', 'BNB Chain', 'BNB Smart Chain'],
  ...['UID', 'ID', 'KYC', 'PIN', 'CVV', 'CVC', 'PDF', 'CSV', 'OTP', 'QR', 'APP', 'App', 'iOS', 'Android', 'APK'],
  ...['Wi-Fi', 'iPhone', 'iPad'],
  ...['Visa', 'Mastercard', 'UnionPay', 'Alipay', 'WeChat', 'Google Authenticator', 'SWIFT', 'IBAN'],
  ...['SBC Wallet', 'SBC'],
];

/** Emails, links, hashes, addresses and numbers: data, not text, in any language. */
const DATA = [
  // Masked ones too (de***@example.com).
  /[\w.+*-]+@[\w-]+(\.[\w-]+)+/g,
  /https?:\/\/\S+/g,
  /\b0x[0-9a-fA-F]{6,}\b/g,
  /\b[A-Za-z0-9]{20,}\b/g,
  /\b[A-Za-z0-9]*\d[A-Za-z0-9]*\b/g,
  /[0-9a-zA-Z]+…[0-9a-zA-Z]+/g,
];

/** Two or more Latin words in a row, once data and allowed tokens are taken out. */
const ENGLISH_RUN = /\b[A-Za-z]{2,}(?:[ \t'’,-]+[A-Za-z]{2,})+\b/;

/** The lines of a zh/ko/ja screen that are (partly) English text. */
export function englishLines(lines: string[], language: string): string[] {
  if (!['zh', 'ko', 'ja'].includes(language)) return [];
  const tokens = [...ALLOWED_TOKENS].sort((a, b) => b.length - a.length).map((token) => token.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const allowed = new RegExp(`\\b(${tokens.join('|')})\\b`, 'g');
  return lines.filter((line) => {
    let rest = line;
    for (const data of DATA) rest = rest.replace(data, ' ');
    return ENGLISH_RUN.test(rest.replace(allowed, ' · '));
  });
}

type CleanOptions = { language?: string };

/**
 * The page loaded nothing from a third-party host, shows no raw i18n keys, no regular expression,
 * no English on a zh/ko/ja screen (the language is the page's `lang` unless given), no skeleton
 * still loading 3 s after it settled, and does not scroll sideways on a phone.
 */
export async function expectCleanPage(page: Page, where: string, options: CleanOptions = {}) {
  await waitForQuiet(page);
  expect(foreignRequests(page), `requests to third-party hosts from ${where}`).toEqual([]);
  await expectNoSkeleton(page, where);
  const lines = (await page.evaluate(() => document.body.innerText)).split('\n').map((line) => line.trim());
  expect(
    lines.filter((line) => RAW_KEY.test(line)),
    `raw i18n keys on ${where}`,
  ).toEqual([]);
  expect(
    lines.filter((line) => RAW_PATTERN.test(line)),
    `raw patterns on ${where}`,
  ).toEqual([]);
  // A field message or a toast may have come and gone before this look: what the page ever showed counts too.
  expect(await rawPatternsSeen(page), `raw patterns shown at some point on ${where}`).toEqual([]);
  const language = options.language ?? (await page.evaluate(() => document.documentElement.lang));
  // A person's name in English letters (translate="no") is data the member typed, not an untranslated text.
  // So is text marked as written in another language (lang="en" on an article or a licence). The page's
  // text is read with those elements hidden, in one synchronous step (no frame is drawn meanwhile):
  // cutting their text out of the lines instead would also cut "MIT" out of "LIMITED".
  const text = await page.evaluate((lang) => {
    const marked = Array.from(document.querySelectorAll<HTMLElement>('[translate="no"], body [lang]')).filter(
      (el) => el.getAttribute('translate') === 'no' || !el.getAttribute('lang')?.startsWith(lang),
    );
    const shown = marked.map((el) => el.style.display);
    for (const el of marked) el.style.display = 'none';
    const rest = document.body.innerText;
    marked.forEach((el, i) => {
      el.style.display = shown[i] ?? '';
    });
    return rest.split('\n').map((line) => line.trim());
  }, language);
  expect(englishLines(text, language), `English on the ${language} screen ${where}`).toEqual([]);
  await expectNothingCutOff(page, where);
}

/** A loading skeleton still on screen 3 s after the page went quiet never finished loading. */
export async function expectNoSkeleton(page: Page, where: string) {
  const visible = () =>
    page.evaluate(() =>
      Array.from(document.querySelectorAll('.adm-skeleton')).some((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.height > 0;
      }),
    );
  const deadline = Date.now() + 3000;
  while ((await visible()) && Date.now() < deadline) await page.waitForTimeout(200);
  expect(await visible(), `a loading skeleton still shows on ${where} 3 s after it settled`).toBe(false);
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
