import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ERRORS } from '@wallet/contract';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CHROMIUM, launchChromium, signedInPage, watchedPhone } from './chromium';
import { codeMailedBy, E2E_PAYMENT_PASSWORD, fundedMember, type Member, newEmail, newTronAddress, registerByApi, walletUsdt } from './http';
import { expectCleanPage, fill, hash } from './page-checks';

/**
 * Money screens in the browser against the real server (development mode): withdrawal limits,
 * transfers by UID, the payment password gate, and the payment code with its QR scanning from a
 * picture. Runs as two members of its own, with USDT from the local chain's faucet: one bound to a
 * TRON address it withdraws to, and a friend it pays. Emailed codes are read from the dev outbox
 * (GET /api/v1/dev/mail).
 */

type Session = Member & { uid: string };

let browser: Browser;
let member: Session;
let friend: Session;
const baseUrl = () => inject('baseUrl');

/** A funded member of this file's own, with its UID. */
async function withUid(funded: Member): Promise<Session> {
  const { uid } = await funded.api<{ uid: string }>('GET', '/api/v1/me');
  return { ...funded, uid };
}

/** Clicks "send code" on the page and returns the code that was mailed for it. */
const sendAndReadCode = (page: Page, email: string) => codeMailedBy(baseUrl(), email, () => page.getByTestId('send-code').click());

const usdtOf = (session: Session) => walletUsdt(session.api);

/** A browser tab signed in as `session`, in English, phone-sized; a sign-in made in it survives a reload. */
const tabFor = (session: { token: string }) => watchedPhone(browser, session.token, 'en', { acceptDownloads: true, firstLoadOnly: true });

const text = (page: Page, testId: string) => page.getByTestId(testId).innerText();

/**
 * A camera that films `text` as a QR code: a Y4M video (grey QR on white, 480x480) for Chromium's
 * fake capture device, so the real getUserMedia + jsQR path runs.
 */
async function qrVideo(text: string, file: string): Promise<void> {
  const side = 480;
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const scale = Math.floor(side / (modules.size + 8));
  const offset = Math.floor((side - modules.size * scale) / 2);
  const luma = Buffer.alloc(side * side, 235);
  for (let y = 0; y < modules.size * scale; y++) {
    for (let x = 0; x < modules.size * scale; x++) {
      if (modules.get(Math.floor(y / scale), Math.floor(x / scale))) luma[(offset + y) * side + offset + x] = 16;
    }
  }
  const chroma = Buffer.alloc((side / 2) * (side / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  await writeFile(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${side} H${side} F10:1 Ip A1:1 C420jpeg\n`), frame, frame]));
}

beforeAll(async () => {
  browser = await launchChromium();
  // Withdrawn to its own bound address, which a withdrawal may use at once (a new one waits a day).
  member = await withUid(await fundedMember(baseUrl, { email: newEmail('money-screens'), usdt: '60', network: 'TRON' }));
  const funded = await fundedMember(baseUrl, { email: newEmail('friend'), usdt: '10' });
  await funded.api('PATCH', '/api/v1/me', { nickname: 'Friend' });
  friend = await withUid(funded);
});
afterAll(async () => {
  await browser?.close();
});

describe('withdrawal', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  beforeAll(async () => {
    ({ context, page, errors } = await tabFor(member));
  });
  afterAll(() => context?.close());

  it('refuses 9.99 USDT in the browser, naming the minimum, and sends nothing', async () => {
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/v1/wallet/withdrawals')) posts.push(request.url());
    });
    await page.goto(`${baseUrl()}/#/pages/withdrawSun/index`);
    await page.getByTestId('network-TRON').click();
    await fill(page, 'withdraw-address', member.address);
    await fill(page, 'withdraw-amount', '9.99');
    await fill(page, 'code', '123456');
    await fill(page, 'withdraw-pay-password', E2E_PAYMENT_PASSWORD);
    await page.getByTestId('withdraw-submit').click();

    await expect.poll(() => text(page, 'withdraw-amount')).toContain('The minimum is 10.00 USDT.');
    expect(await text(page, 'withdraw-address')).not.toContain(ERRORS.ADDRESS_INVALID.message.en);
    await expectCleanPage(page, 'withdraw');
    expect(posts).toEqual([]);
    const list = await member.api<{ withdrawals: unknown[] }>('GET', '/api/v1/wallet/withdrawals');
    expect(list.withdrawals).toEqual([]);
  });

  it('shows the fee and what arrives before confirming, and checks the address for the network', async () => {
    await fill(page, 'withdraw-amount', '25.5');
    await expect.poll(() => text(page, 'withdraw-arrives')).toBe('25.50 USDT');
    expect(await text(page, 'withdraw-fee')).toBe('1.00 USDT');
    expect(await text(page, 'withdraw-total')).toBe('26.50 USDT');
    await page.getByTestId('network-BSC').click();
    await page.getByTestId('withdraw-submit').click();
    await expect.poll(() => text(page, 'withdraw-address')).toContain(ERRORS.ADDRESS_INVALID.message.en);
  });

  it('requests a withdrawal with the emailed code, opens its order and sees it sent on the local chain', async () => {
    await page.getByTestId('network-TRON').click();
    await fill(page, 'withdraw-address', member.address);
    await fill(page, 'withdraw-amount', '10');
    await fill(page, 'code', await sendAndReadCode(page, member.email));
    await fill(page, 'withdraw-pay-password', E2E_PAYMENT_PASSWORD);
    await page.getByTestId('withdraw-submit').click();
    await expect.poll(() => text(page, 'withdraw-done'), { timeout: 15_000 }).toContain('10.00 USDT');
    await page.getByRole('button', { name: 'View the order' }).click();
    await expect.poll(() => hash(page)).toMatch(/^#\/pages\/orderD\/index\?id=[0-9a-f-]{36}$/);
    await expect.poll(() => text(page, 'withdrawal-amount')).toBe('10.00 USDT');
    // Below WITHDRAW_AUTO_APPROVE_BELOW, and the local chain plays TRON: approved at once and sent on chain.
    await expect.poll(() => text(page, 'withdrawal-status'), { timeout: 30_000 }).toBe('Completed');
    expect(await text(page, 'withdrawal-address')).toBe(member.address);
    await expectCleanPage(page, 'withdrawal detail');

    await page.goto(`${baseUrl()}/#/pages/orderD/index`);
    await expect.poll(() => page.getByTestId('withdrawal-row').count()).toBe(1);
    expect(errors).toEqual([]);
  });
});

describe('transfer', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  beforeAll(async () => {
    ({ context, page, errors } = await tabFor(member));
  });
  afterAll(() => context?.close());

  it('refuses a transfer to oneself, typed or linked', async () => {
    await page.goto(`${baseUrl()}/#/pages/transferMoneySun/index`);
    await fill(page, 'recipient-uid', member.uid);
    await page.getByTestId('recipient-submit').click();
    await expect.poll(() => text(page, 'recipient-uid')).toContain(ERRORS.TRANSFER_TO_SELF.message.en);
    expect(await page.getByTestId('recipient-continue').count()).toBe(0);

    await page.goto(`${baseUrl()}/#/pages/transferMoneySun/bindSun/index?uid=${member.uid}`);
    await expect.poll(() => page.getByRole('alert').innerText()).toContain(ERRORS.TRANSFER_TO_SELF.message.en);
    expect(await page.getByTestId('transfer-submit').count()).toBe(0);
  });

  it('says so when no user has the UID', async () => {
    await page.goto(`${baseUrl()}/#/pages/transferMoneySun/index`);
    const unknown = member.uid === '99999999' || friend.uid === '99999999' ? '99999998' : '99999999';
    await fill(page, 'recipient-uid', unknown);
    await page.getByTestId('recipient-submit').click();
    await expect.poll(() => text(page, 'recipient-uid')).toContain(ERRORS.RECIPIENT_NOT_FOUND.message.en);
  });

  it('refuses more decimals than the currency keeps, before sending', async () => {
    await page.goto(`${baseUrl()}/#/pages/transferMoneySun/bindSun/index?uid=${friend.uid}`);
    await fill(page, 'transfer-amount', '1.1234567');
    await page.getByTestId('transfer-next').click();
    await expect.poll(() => text(page, 'transfer-amount')).toContain('USDT amounts can have at most 2 decimals.');
    await fill(page, 'transfer-amount', '0');
    await page.getByTestId('transfer-next').click();
    await expect.poll(() => text(page, 'transfer-amount')).toContain('The amount must be greater than 0.');
  });

  it('sends USDT to the friend after a confirmation of figures and recipient, with code and payment password', async () => {
    const before = await usdtOf(friend);
    await page.goto(`${baseUrl()}/#/pages/transferMoneySun/index`);
    await fill(page, 'recipient-uid', friend.uid);
    await page.getByTestId('recipient-submit').click();
    await expect.poll(() => text(page, 'recipient-name')).toBe('Friend');
    await page.getByTestId('recipient-continue').click();
    await expect.poll(() => hash(page)).toBe(`#/pages/transferMoneySun/bindSun/index?uid=${friend.uid}`);

    await expect.poll(() => text(page, 'transfer-currency')).toContain('USDT');
    await fill(page, 'transfer-amount', '12.5');
    // The amount step asks for no secret: the payment password comes after the confirmation.
    expect(await page.getByTestId('transfer-pay-password').count()).toBe(0);
    await page.getByTestId('transfer-next').click();

    await expect.poll(() => text(page, 'transfer-review-send')).toBe('12.50 USDT');
    expect(await text(page, 'transfer-review-fee')).toBe('0.00 USDT');
    expect(await text(page, 'transfer-review-receive')).toBe('12.50 USDT');
    expect(await text(page, 'transfer-review-nickname')).toBe('Friend');
    expect(await text(page, 'transfer-review-email')).toBe('fr***@example.com');
    expect(await text(page, 'transfer-review-uid')).toBe(`UID ${friend.uid}`);
    expect(await page.getByTestId('transfer-review').innerText()).not.toContain(friend.email);
    // Changing the amount goes back with it kept, and the confirmation follows the new one.
    await page.getByTestId('transfer-edit').click();
    await expect.poll(() => page.locator('[data-testid="transfer-amount"] input').inputValue()).toBe('12.5');
    await page.getByTestId('transfer-next').click();
    await expect.poll(() => text(page, 'transfer-review-send')).toBe('12.50 USDT');

    await fill(page, 'code', await sendAndReadCode(page, member.email));
    await fill(page, 'transfer-pay-password', E2E_PAYMENT_PASSWORD);
    await expectCleanPage(page, 'transfer confirmation');
    await page.getByTestId('transfer-submit').click();

    await expect.poll(() => text(page, 'transfer-done'), { timeout: 15_000 }).toContain('12.50 USDT');
    expect(await text(page, 'transfer-done')).toContain(friend.uid);
    expect((await usdtOf(friend)).minus(before).toFixed()).toBe('12.5');
    expect(errors).toEqual([]);
  });

  it('confirms again with the same idempotency key after a lost reply, and moves the money once', async () => {
    // From the friend to the member: the member's code was just sent (one per 60 s).
    const { context: friendContext, page: friendPage } = await tabFor(friend);
    const before = await usdtOf(member);
    const keys: string[] = [];
    let dropReply = true;
    await friendPage.route('**/api/v1/wallet/transfers', async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (!dropReply) return route.continue();
      dropReply = false;
      // The server gets the request and moves the money; the reply is lost on the way back.
      await route.fetch();
      await route.abort('connectionreset');
    });
    try {
      await friendPage.goto(`${baseUrl()}/#/pages/transferMoneySun/bindSun/index?uid=${member.uid}`);
      await fill(friendPage, 'transfer-amount', '3');
      await friendPage.getByTestId('transfer-next').click();
      await fill(friendPage, 'code', await sendAndReadCode(friendPage, friend.email));
      await fill(friendPage, 'transfer-pay-password', E2E_PAYMENT_PASSWORD);
      await friendPage.getByTestId('transfer-submit').click();
      await expect.poll(() => friendPage.getByRole('alert').innerText()).toContain('Cannot reach the server');
      expect((await usdtOf(member)).minus(before).toFixed()).toBe('3');

      await friendPage.getByTestId('transfer-submit').click();
      await expect.poll(() => text(friendPage, 'transfer-done'), { timeout: 15_000 }).toContain('3.00 USDT');
      expect(keys).toHaveLength(2);
      expect(keys[0]).toMatch(/^[A-Za-z0-9_.:-]{8,128}$/);
      expect(keys[1]).toBe(keys[0]);
      expect((await usdtOf(member)).minus(before).toFixed()).toBe('3');
    } finally {
      await friendContext.close();
    }
  });
});

describe('payment password gate', () => {
  it('sends a user without a payment password to set it, then back to the transfer', async () => {
    const email = newEmail('e2e-pay');
    const token = await registerByApi(baseUrl(), { email, network: 'TRON', address: newTronAddress() });
    const { context, page, errors } = await tabFor({ token });
    try {
      const transfer = `/pages/transferMoneySun/bindSun/index?uid=${friend.uid}`;
      await page.goto(`${baseUrl()}/#${transfer}`);
      await page.getByTestId('transfer-set-pay-password').click();
      await expect.poll(() => hash(page)).toBe(`#/pages/password_pay/index?redirect=${encodeURIComponent(transfer)}`);

      await fill(page, 'code', await sendAndReadCode(page, email));
      await fill(page, 'pay-password', '135790');
      await fill(page, 'pay-password-confirm', '135790');
      await page.getByTestId('pay-submit').click();
      await expect.poll(() => hash(page)).toBe(`#${transfer}`);
      await expect.poll(() => page.getByTestId('transfer-next').count()).toBe(1);

      await page.goto(`${baseUrl()}/#/pages/withdrawSun/index`);
      await expect.poll(() => page.getByTestId('withdraw-submit').count()).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('payment code', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  beforeAll(async () => {
    ({ context, page, errors } = await tabFor(member));
  });
  afterAll(() => context?.close());

  const upload = (name: string, buffer: Buffer) => page.getByTestId('scan-file').setInputFiles({ name, mimeType: 'image/png', buffer });

  it('shows my QR code and UID', async () => {
    await page.goto(`${baseUrl()}/#/pages/mine/payment_code/index`);
    await expect.poll(() => page.getByTestId('payment-qr').getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(await text(page, 'payment-uid')).toBe(member.uid);
    await expectCleanPage(page, 'payment code');
  });

  it('says "recognition failed" for a picture without a payment code', async () => {
    await upload('other.png', await QRCode.toBuffer('https://example.com/not-a-payment-code'));
    await expect.poll(() => text(page, 'scan-failed')).toContain('Recognition failed');
    expect(await hash(page)).toBe('#/pages/mine/payment_code/index');
  });

  it('opens the transfer to the UID of an uploaded payment code', async () => {
    const link = `${baseUrl()}/#/pages/transferMoneySun/index?uid=${friend.uid}`;
    await upload('friend.png', await QRCode.toBuffer(link, { width: 300 }));
    await expect.poll(() => hash(page)).toBe(`#/pages/transferMoneySun/index?uid=${friend.uid}`);
    await expect.poll(() => text(page, 'recipient-name')).toBe('Friend');
  });

  it('saves my code as a PNG that scans back to my UID', async () => {
    await page.goto(`${baseUrl()}/#/pages/mine/payment_code/index`);
    await page.getByTestId('payment-qr').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('payment-save').click()]);
    expect(download.suggestedFilename()).toBe(`payment-code-${member.uid}.png`);
    const png = await readFile(await download.path());
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    await upload('mine.png', png);
    // My own code opens the transfer page with my UID, which refuses paying myself.
    await expect.poll(() => hash(page)).toBe(`#/pages/transferMoneySun/index?uid=${member.uid}`);
    await expect.poll(() => text(page, 'recipient-uid')).toContain(ERRORS.TRANSFER_TO_SELF.message.en);
  });

  it('scans a payment code with the camera and opens the transfer', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'wallet-camera-'));
    const video = path.join(dir, 'qr.y4m');
    await qrVideo(`${baseUrl()}/#/pages/transferMoneySun/index?uid=${friend.uid}`, video);
    const filming = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-video-capture=${video}`,
      ],
    });
    try {
      const cameraPage = await signedInPage(filming, member.token);
      await cameraPage.goto(`${baseUrl()}/#/pages/mine/payment_code/index`);
      await cameraPage.getByTestId('scan-camera').click();
      await expect.poll(() => hash(cameraPage), { timeout: 15_000 }).toBe(`#/pages/transferMoneySun/index?uid=${friend.uid}`);
      await expect.poll(() => text(cameraPage, 'recipient-name')).toBe('Friend');
    } finally {
      await filming.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('explains when the camera cannot be used', async () => {
    await page.goto(`${baseUrl()}/#/pages/mine/payment_code/index`);
    await page.getByTestId('scan-camera').click();
    await expect.poll(() => page.getByTestId('camera-problem').count(), { timeout: 10_000 }).toBe(1);
    expect(await text(page, 'camera-problem')).toMatch(/camera/i);
    expect(errors).toEqual([]);
  });
});
