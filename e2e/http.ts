import { Decimal } from '@wallet/contract';
import { expect } from 'vitest';

/** What browser tests set up or check through the API beside the screens: the same server the page talks to. */

export type Reply = { status: number; body: unknown };

export async function call(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply> {
  const res = await fetch(url, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : Buffer.isBuffer(body) ? new Uint8Array(body) : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

export type Api = <T>(method: 'GET' | 'POST' | 'PUT', route: string, body?: unknown, headers?: Record<string, string>) => Promise<T>;

/** Calls as the signed-in member (a fresh Idempotency-Key each), expecting 200. */
export function memberApi(baseUrl: () => string, token: () => string): Api {
  return async <T>(method: 'GET' | 'POST' | 'PUT', route: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await call(method, `${baseUrl()}${route}`, body, {
      authorization: `Bearer ${token()}`,
      'idempotency-key': crypto.randomUUID(),
      ...headers,
    });
    expect(res.status, `${method} ${route}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body as T;
  };
}

export async function walletUsdt(api: Api): Promise<Decimal> {
  const { balances } = await api<{ balances: Array<{ currency: string; balance: string }> }>('GET', '/api/v1/wallet/balances');
  return new Decimal(balances.find((b) => b.currency === 'USDT')?.balance ?? '0');
}

/** A session token for a demo account, by password. */
export async function loginToken(baseUrl: string, account: { email: string; password: string }): Promise<string> {
  const login = await call('POST', `${baseUrl}/api/v1/auth/login/password`, { email: account.email, password: account.password });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  return (login.body as { token: string }).token;
}

/** Where a development link (/dev/issuer, /dev/payout) sends the browser: the sandbox's own address. */
export async function sandboxAddress(baseUrl: string, link: string): Promise<string> {
  const res = await fetch(`${baseUrl}${link}`, { redirect: 'manual' });
  const address = (res.headers.get('location') ?? '').replace(/\/$/, '');
  expect(address).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  return address;
}
