import path from 'node:path';
import { ERRORS, LANGUAGES, type Language } from '@wallet/contract';
import type { Browser, Page } from 'playwright-core';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CATALOGUES } from '../apps/web/src/lib/i18n/catalogues';
import { launchChromium, signedInPage } from './chromium';
import { memberApi, newBscAddress, registerByApi, setPaymentPasswordByApi } from './http';
import { expectCleanPage } from './page-checks';

/**
 * The destination address read from a QR code on the withdrawal form (the camera, or a picture of
 * the code when there is no camera): bare addresses and wallet URIs, a code for another network
 * refused in the member's language, and the address checked as a typed one is.
 */
const baseUrl = () => inject('baseUrl');
const SCREENSHOTS = process.env.E2E_SCREENSHOTS;
const TRON = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const EVM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
let browser: Browser;
let token: string;

const upload = async (page: Page, text: string | null) =>
  page.getByTestId('address-scan-file').setInputFiles({
    name: 'code.png',
    mimeType: 'image/png',
    // A picture with no code in it: a QR code's PNG with every module painted over is harder to make than a blank canvas.
    buffer: text === null ? await blankPng(page) : await QRCode.toBuffer(text, { width: 320 }),
  });

async function blankPng(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 200;
    canvas.height = 200;
    const context = canvas.getContext('2d');
    if (context) {
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, 200, 200);
    }
    return canvas.toDataURL('image/png').split(',')[1] ?? '';
  });
  return Buffer.from(base64, 'base64');
}

const addressValue = (page: Page) => page.locator('[data-testid="withdraw-address"] .adm-input-element').inputValue();
const issue = (page: Page) => page.getByTestId('address-scan-issue').innerText();

beforeAll(async () => {
  browser = await launchChromium();
  const email = `scan-${Date.now()}@example.com`;
  token = await registerByApi(baseUrl(), { email, network: 'BSC', address: newBscAddress() });
  // The withdrawal form shows once there is a payment password to confirm with.
  await setPaymentPasswordByApi(
    baseUrl(),
    memberApi(baseUrl, () => token),
    email,
    '135790',
  );
});
afterAll(async () => {
  await browser?.close();
});

describe('scanning a withdrawal address', () => {
  it.each(LANGUAGES.map((language) => [language]))('fills the address from a picture of its QR code, in %s', async (language) => {
    const texts = CATALOGUES[language as Language];
    const page = await signedInPage(browser, token, language);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${baseUrl()}/#/pages/withdrawSun/index`);
    await page.getByTestId('network-TRON').click();

    await upload(page, `tron:${TRON}?amount=12.5`);
    await expect.poll(() => addressValue(page)).toBe(TRON);
    expect(await page.getByTestId('address-scan-issue').count()).toBe(0);
    await expectCleanPage(page, `withdrawal address scanned in ${language}`);
    if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, `withdraw-scanned-${language}.png`) });

    // A BSC code on the TRON form is refused, naming both networks, and the address stays as it was.
    await upload(page, `ethereum:${EVM}@56`);
    await expect
      .poll(() => issue(page))
      .toBe(texts.address.scan.otherNetwork.replace('{{network}}', texts.network.BSC).replace('{{chosen}}', texts.network.TRON));
    expect(await addressValue(page)).toBe(TRON);
    await expectCleanPage(page, `a code for another network in ${language}`);
    if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, `withdraw-other-network-${language}.png`) });

    // On BSC the same code fills its address.
    await page.getByTestId('network-BSC').click();
    await upload(page, `ethereum:${EVM}@56`);
    await expect.poll(() => addressValue(page)).toBe(EVM);
    await expect.poll(() => page.getByTestId('address-scan-issue').count()).toBe(0);

    // A bare TRON address on BSC is filled and refused as a typed one would be.
    await upload(page, TRON);
    await expect.poll(() => addressValue(page)).toBe(TRON);
    await expect.poll(() => issue(page)).toBe(ERRORS.ADDRESS_INVALID.message[language as Language]);

    await upload(page, 'https://example.com/not-an-address');
    await expect.poll(() => issue(page)).toBe(texts.address.scan.notAddress);
    await upload(page, null);
    await expect.poll(() => issue(page)).toBe(texts.address.scan.noCode);

    // No camera in this browser: the scanner says so in the member's language and offers a picture.
    await page.getByTestId('address-scan').click();
    await expect.poll(() => page.getByTestId('camera-problem').count(), { timeout: 10_000 }).toBe(1);
    expect(Object.values(texts.paymentCode.camera)).toContain(await page.getByTestId('camera-problem').innerText());
    await expectCleanPage(page, `the address camera without a camera in ${language}`);
    if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, `withdraw-camera-problem-${language}.png`) });
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByTestId('camera-choose-picture').click()]);
    await chooser.setFiles({ name: 'code.png', mimeType: 'image/png', buffer: await QRCode.toBuffer(`bsc:${EVM}`, { width: 320 }) });
    await expect.poll(() => addressValue(page)).toBe(EVM);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('reads an address into the address book form too', async () => {
    const page = await signedInPage(browser, token, 'en');
    await page.goto(`${baseUrl()}/#/pages/addressBook/add`);
    await page.getByTestId('network-TRON').click();
    await upload(page, TRON);
    await expect.poll(() => page.locator('[data-testid="address-address"] .adm-input-element').inputValue()).toBe(TRON);
    await page.context().close();
  });
});
