import { randomUUID } from 'node:crypto';
import { isResidentIdNumber } from '@wallet/contract';
import { type SandboxPayout, startSandboxPayout } from '@wallet/sandbox-payout';
import { expect } from 'vitest';
import { paymentPinsFrom } from '../src/modules/auth/payment-pins';
import { secondFactorSettings } from '../src/modules/auth/second-factor/settings';
import type { PayoutDeps } from '../src/modules/payout/deps';
import { HttpPayoutPartner } from '../src/modules/payout/partner';
import { PAYOUT_WEBHOOK_PATH } from '../src/modules/payout/webhook-deliveries';
import { loadConfig } from '../src/platform/config';
import { createMailer } from '../src/platform/mail';
import { SecretBox } from '../src/platform/secret-box';
import { createSecretLimits } from '../src/platform/secret-limits';
import { type Member, PIN } from './accounts';
import { createTestApp, type TestApp } from './app';
import type { ManualClock } from './clock';
import { type TestOperator, testOperator } from './operators';

export const PAYOUT_SECRET = 'test-payout-webhook-secret-0123';
export const PAYOUT_KEY = 'test-payout-api-key';
export { fundedMember, type Member, PIN } from './accounts';

export interface PayoutWorld extends TestApp {
  url: string;
  /** The sandbox partner, or null: orders then wait for the desk. */
  sandbox: (SandboxPayout & { url: string; close(): Promise<void> }) | null;
  deps: PayoutDeps;
  /** An operator of every role but auditor, by API key. */
  admin: TestOperator;
}

/**
 * The app listening on a real port and (unless `partner: false`) the sandbox payout partner on
 * another, with signed webhooks between them; no job queue, so tests drive orders themselves.
 */
export async function createPayoutWorld({
  clock,
  partner = true,
  partnerTimeoutMs = 2000,
  env: extraEnv = {},
}: {
  clock: ManualClock;
  partner?: boolean;
  partnerTimeoutMs?: number;
  env?: Record<string, string>;
}): Promise<PayoutWorld> {
  const sandbox = partner
    ? await startSandboxPayout({
        webhookUrl: 'http://127.0.0.1:1/not-yet',
        webhookSecret: PAYOUT_SECRET,
        apiKey: PAYOUT_KEY,
        delivery: { attempts: 4, retryDelayMs: 50 },
      })
    : null;
  const env = {
    PAYOUT_WEBHOOK_SECRET: PAYOUT_SECRET,
    PAYOUT_API_KEY: PAYOUT_KEY,
    DATABASE_POOL_MAX: '30',
    ...extraEnv,
  };
  const client = sandbox ? new HttpPayoutPartner(sandbox.url, PAYOUT_KEY, partnerTimeoutMs) : null;
  const t = await createTestApp({ env, clock, deps: client ? { payoutPartner: client } : {} });
  const url = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('[::1]', '127.0.0.1');
  sandbox?.setWebhookUrl(`${url}${PAYOUT_WEBHOOK_PATH}`);
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: t.database.url });
  const db = t.database.handle.db;
  const deps: PayoutDeps = {
    db,
    clock,
    mailer: createMailer(config, db, t.app.log),
    secret: config.APP_SECRET,
    codesPerEmailPerHour: 1000,
    limits: createSecretLimits({ db, clock }),
    security: { appUrl: config.APP_URL, withdrawDelayHours: config.WITHDRAW_NEW_ADDRESS_DELAY_HOURS },
    secondFactor: secondFactorSettings(config),
    pins: paymentPinsFrom(config),
    box: new SecretBox(config.PAYEE_ENCRYPTION_KEYS, config.PAYEE_ENCRYPTION_KEY_ID),
    partner: client,
    jobs: null,
    log: t.app.log,
    timeZone: config.TOPUP_TIME_ZONE,
  };
  const admin = await testOperator(t);
  return {
    ...t,
    url,
    sandbox,
    deps,
    admin,
    async close() {
      await t.close();
      await sandbox?.close();
    },
  };
}

export const call = (
  t: TestApp,
  user: { headers: Record<string, string> },
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  key?: string,
  language = 'en',
) =>
  t.app.inject({
    method,
    url,
    headers: { ...user.headers, 'accept-language': language, ...(key ? { 'idempotency-key': key } : {}) },
    ...(payload ? { payload } : {}),
  });

/** A mainland ID number with a valid check character for a birth date (YYYYMMDD). */
export function idNumberBornOn(birth: string, serial = '123'): string {
  for (const check of '0123456789X') {
    const candidate = `110105${birth}${serial}${check}`;
    if (isResidentIdNumber(candidate)) return candidate;
  }
  throw new Error('no check character fits');
}

export const alipayPayee = (overrides: Record<string, string> = {}) => ({
  kind: 'alipay' as const,
  alipayAccount: '13800138000',
  lastName: '张',
  firstName: '三',
  birthDate: '1990-03-07',
  city: '上海',
  address: '浦东新区世纪大道100号',
  idNumber: idNumberBornOn('19900307'),
  ...overrides,
});

export const bankPayee = (overrides: Record<string, string> = {}) => ({
  kind: 'bank' as const,
  name: '张三',
  idNumber: idNumberBornOn('19900307', '456'),
  bankName: '中国工商银行',
  accountNumber: '6222021234567890123',
  phone: '13900139000',
  ...overrides,
});

export async function addPayee(t: TestApp, member: Member, payee: object = alipayPayee()) {
  const res = await call(t, member, 'POST', '/api/v1/payout/payees', { payee, paymentPassword: PIN });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; kind: 'alipay' | 'bank' };
}

/** Quote then order; returns the raw reply of the order request. */
export async function sell(
  t: TestApp,
  member: Member,
  payeeId: string,
  amount: string,
  kind: 'alipay' | 'bank' = 'alipay',
  key = randomUUID(),
) {
  const quote = await call(t, member, 'POST', '/api/v1/payout/quotes', { kind, amount });
  expect(quote.statusCode, quote.body).toBe(200);
  return call(t, member, 'POST', '/api/v1/payout/orders', { quoteId: quote.json().id, payeeId, paymentPassword: PIN }, key);
}

export async function usdtOf(t: TestApp, member: Member): Promise<string> {
  const res = await call(t, member, 'GET', '/api/v1/wallet/balances');
  return (res.json().balances as Array<{ currency: string; balance: string }>).find((b) => b.currency === 'USDT')?.balance ?? '0';
}

export async function partnerPost(t: PayoutWorld, path: string, body: object = {}) {
  if (!t.sandbox) throw new Error('no sandbox partner in this world');
  const res = await fetch(`${t.sandbox.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return JSON.parse(text) as Record<string, unknown>;
}
