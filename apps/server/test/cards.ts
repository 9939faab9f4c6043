import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { type ArmedFault, type FaultRequest, type SandboxIssuer, startSandboxIssuer } from '@wallet/sandbox-issuer';
import type PgBoss from 'pg-boss';
import { expect } from 'vitest';
import { buildApp } from '../src/app';
import { paymentPinsFrom } from '../src/modules/auth/payment-pins';
import { secondFactorSettings } from '../src/modules/auth/second-factor/settings';
import type { CardDeps } from '../src/modules/cards/deps';
import { WEBHOOK_PATH } from '../src/modules/cards/issuer/client';
import { HttpIssuer } from '../src/modules/cards/issuer/http-issuer';
import { loadConfig } from '../src/platform/config';
import { startJobs, stopJobs } from '../src/platform/jobs';
import { createLogger } from '../src/platform/logger';
import { createSecretLimits } from '../src/platform/secret-limits';
import { fundedMember, type Member } from './accounts';
import type { TestApp } from './app';
import type { ManualClock } from './clock';
import { createTestDatabase } from './database';
import { type TestOperator, testOperator } from './operators';

export { SHIPPING } from './shipping';

export const WEBHOOK_SECRET = 'test-webhook-secret-0123456789';
export const API_KEY = 'test-issuer-api-key';
export { PIN } from './accounts';
export type User = Member;

export interface CardWorld extends TestApp {
  url: string;
  sandbox: SandboxIssuer & { url: string };
  boss: PgBoss | null;
  deps: CardDeps;
  /** An operator of every role but auditor, by API key. */
  admin: TestOperator;
}

/**
 * The app listening on a real port, the sandbox issuer on another, signed webhooks between them over
 * HTTP, and (unless told otherwise) pg-boss on the test database running the card jobs.
 */
export async function createCardWorld({
  clock,
  jobs = true,
  sandbox = {},
  issuerTimeoutMs,
}: {
  clock: ManualClock;
  jobs?: boolean;
  sandbox?: { authorizationTimeoutMs?: number };
  /** The app's timeout on issuer calls (ISSUER_TIMEOUT_MS); short with a fault that holds replies. */
  issuerTimeoutMs?: number;
}) {
  const database = await createTestDatabase();
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logs.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATABASE_URL: database.url,
    DATABASE_POOL_MAX: '20',
    RATE_LIMIT_CODES_PER_HOUR: '10000',
    RATE_LIMIT_LOGINS_PER_MINUTE: '10000',
    CODES_PER_EMAIL_PER_HOUR: '1000',
    ISSUER_WEBHOOK_SECRET: WEBHOOK_SECRET,
    ISSUER_API_KEY: API_KEY,
    ...(issuerTimeoutMs === undefined ? {} : { ISSUER_TIMEOUT_MS: String(issuerTimeoutMs) }),
  });
  const issuer = await startSandboxIssuer({
    webhookUrl: 'http://127.0.0.1:1/not-yet',
    webhookSecret: WEBHOOK_SECRET,
    apiKey: API_KEY,
    retryDelayMs: 50,
    ...sandbox,
  });
  const logger = createLogger(config.LOG_LEVEL, stream);
  // As in production: job errors are logged (a connection cut at teardown must not become an unhandled error).
  const boss = jobs ? await startJobs(database.handle.directUrl, logger) : null;
  const app = await buildApp({
    config,
    database: database.handle,
    logger,
    clock,
    issuer: new HttpIssuer(issuer.url, API_KEY, { timeoutMs: config.ISSUER_TIMEOUT_MS }),
    ...(boss ? { jobs: boss } : {}),
  });
  const url = (await app.listen({ port: 0, host: '127.0.0.1' })).replace('[::1]', '127.0.0.1');
  issuer.setWebhookUrl(`${url}${WEBHOOK_PATH}`);
  const world = {
    app,
    database,
    logs,
    url,
    sandbox: issuer,
    boss,
    deps: {
      db: database.handle.db,
      clock,
      mailer: { send: async () => {} } as never,
      secret: config.APP_SECRET,
      codesPerEmailPerHour: 1000,
      limits: createSecretLimits({ db: database.handle.db, clock }),
      security: { appUrl: config.APP_URL, withdrawDelayHours: config.WITHDRAW_NEW_ADDRESS_DELAY_HOURS },
      secondFactor: secondFactorSettings(config),
      pins: paymentPinsFrom(config),
      issuer: new HttpIssuer(issuer.url, API_KEY, { timeoutMs: config.ISSUER_TIMEOUT_MS }),
      jobs: null,
      log: logger,
    } satisfies CardDeps,
    admin: undefined as unknown as TestOperator,
    async close() {
      await app.close();
      await issuer.close();
      if (boss) await stopJobs(boss, 5000);
      await database.drop();
    },
  } satisfies CardWorld;
  world.admin = await testOperator(world);
  return world as CardWorld;
}

export const call = (
  t: CardWorld,
  user: { headers: Record<string, string> },
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
  key: string | null = randomUUID(),
  language = 'en',
) =>
  t.app.inject({
    method,
    url,
    headers: { ...user.headers, 'accept-language': language, ...(key ? { 'idempotency-key': key } : {}) },
    ...(payload ? { payload } : {}),
  });

export const fundedUser = fundedMember;

export async function sandboxPost<T = Record<string, unknown>>(t: CardWorld, path: string, body: object = {}): Promise<T> {
  const res = await fetch(`${t.sandbox.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as T;
  expect(res.status, JSON.stringify(json)).toBe(200);
  return json;
}

export async function sandboxGet<T>(t: CardWorld, path: string): Promise<T> {
  return (await (await fetch(`${t.sandbox.url}${path}`)).json()) as T;
}

/** Makes the sandbox fail the next matching loads or unloads (packages/sandbox-issuer/src/faults.ts). */
export async function armIssuerFault(t: CardWorld, fault: FaultRequest) {
  return sandboxPost<ArmedFault | { mode: 'down'; until: string }>(t, '/sandbox/faults', fault);
}

export async function clearIssuerFaults(t: CardWorld) {
  const res = await fetch(`${t.sandbox.url}/sandbox/faults`, { method: 'DELETE' });
  const text = await res.text();
  expect(res.status, text).toBe(200);
}

/** The sandbox's id of one of our cards (the app never shows it to users). */
export async function issuerCardId(t: CardWorld, cardId: string): Promise<string> {
  const { cards } = await sandboxGet<{ cards: Array<{ id: string; reference: string }> }>(t, '/sandbox/cards');
  const found = cards.find((c) => c.reference === cardId);
  if (!found) throw new Error(`card ${cardId} not at the issuer`);
  return found.id;
}

export async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A tiny but real JPEG header: enough for the type check, which reads the first bytes. */
export const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 1)]);

export const KYC_FORM = {
  firstName: 'Alice',
  lastName: 'Lee',
  phoneAreaCode: '+852',
  phone: '91234567',
  email: 'alice@example.com',
  country: '344',
  address: { houseNumber: '12', street: 'Queen Road', district: 'Central', postcode: '999077', city: 'Hong Kong', country: '344' },
  documentType: 'id_card',
  nationality: '344',
  documentNumber: 'A1234567',
  issueDate: '2020-01-15',
  expiryDate: '2099-12-31',
};
