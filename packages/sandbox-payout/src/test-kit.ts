import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import { type SandboxPayoutOptions, startSandboxPayout } from './index';
import type { PayoutView } from './store';

/** Shared by the tests (not part of the package's API). */

export const API_KEY = 'payout-test-key';
export const SECRET = 'payout-test-webhook-secret';

export type Partner = Awaited<ReturnType<typeof startSandboxPayout>>;
export type Reply = { status: number; json: Record<string, unknown> & { error?: { code: string; message: string } } };

export interface Received {
  type: string;
  payout: PayoutView;
  eventId: string;
  deliveryId: string;
  /** Checked the way the app checks it: HMAC-SHA256 over `${t}.${d}.${body}`. */
  signed: boolean;
  status: number;
}

/** Plays the app's webhook endpoint; answers with `answers` in turn, then 200. */
export async function startReceiver() {
  const received: Received[] = [];
  const answers: number[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => {
      const status = answers.shift() ?? 200;
      const event = JSON.parse(body) as { id: string; type: string; data: { payout: PayoutView } };
      const header = String(request.headers['x-webhook-signature'] ?? '');
      const parts = Object.fromEntries(header.split(',').map((part) => part.split('=') as [string, string]));
      const mac = createHmac('sha256', SECRET).update(`${parts.t}.${parts.d}.${body}`).digest();
      const given = Buffer.from(parts.v1 ?? '', 'hex');
      const signed =
        request.headers['content-type'] === 'application/json' &&
        Math.abs(Number(parts.t) - Date.now() / 1000) < 60 &&
        given.length === mac.length &&
        timingSafeEqual(given, mac);
      received.push({ type: event.type, payout: event.data.payout, eventId: event.id, deliveryId: parts.d ?? '', signed, status });
      response.writeHead(status, { 'content-type': 'application/json' }).end(status === 200 ? '{"received":true}' : '{"error":"no"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    answers,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const start = (options: Partial<SandboxPayoutOptions> & { webhookUrl: string }) =>
  startSandboxPayout({ webhookSecret: SECRET, apiKey: API_KEY, delivery: { retryDelayMs: 20, timeoutMs: 2000 }, ...options });

/** Over real HTTP, as the app's payout client calls it. */
export async function call(
  partner: { url: string },
  method: string,
  path: string,
  options: { body?: unknown; raw?: string; key?: string; auth?: string | false; signal?: AbortSignal } = {},
): Promise<Reply> {
  const payload = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const res = await fetch(`${partner.url}${path}`, {
    method,
    headers: {
      ...(options.auth === false ? {} : { authorization: `Bearer ${options.auth ?? API_KEY}` }),
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.key ? { 'idempotency-key': options.key } : {}),
    },
    ...(payload === undefined ? {} : { body: payload }),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const text = await res.text();
  return { status: res.status, json: (text.startsWith('{') ? JSON.parse(text) : { text }) as Reply['json'] };
}

export const alipay = (id: string, overrides: Record<string, unknown> = {}) => ({
  id,
  amount: '687.50',
  currency: 'CNY',
  method: 'alipay',
  payee: { name: '张三', idNumber: '11010519491231002X', account: '13800138000' },
  ...overrides,
});

export const bank = (id: string, overrides: Record<string, unknown> = {}) => ({
  id,
  amount: '1200.00',
  currency: 'CNY',
  method: 'bank',
  payee: { name: '李四', idNumber: '110105194912310021', account: '6222020200112233445', bankName: '中国工商银行', phone: '13900139000' },
  ...overrides,
});

/** Submits under its own id as the Idempotency-Key, as the app does. */
export const submit = (partner: { url: string }, body: { id: string } & Record<string, unknown>, signal?: AbortSignal) =>
  call(partner, 'POST', '/v1/payouts', { body, key: body.id, ...(signal ? { signal } : {}) });

export const lookup = (partner: { url: string }, id: string) => call(partner, 'GET', `/v1/payouts/${encodeURIComponent(id)}`);

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function waitFor(check: () => boolean | Promise<boolean>, ms = 3000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('waited too long');
    await sleep(10);
  }
}
