import { type Currency, Decimal, hexToTronAddress, type Quote } from '@wallet/contract';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { expect, inject } from 'vitest';

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

export type Api = <T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  route: string,
  body?: unknown,
  headers?: Record<string, string>,
) => Promise<T>;

/** Calls as the signed-in member (a fresh Idempotency-Key each), expecting 200. */
export function memberApi(baseUrl: () => string, token: () => string): Api {
  return async <T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH', route: string, body?: unknown, headers: Record<string, string> = {}) => {
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

/** A session token for an account that has a password, signing in as the app's sign-in page does. */
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

/**
 * A BSC address no other member has bound. Deposits from an address two members bound are credited to
 * neither (they wait for an operator), so every member who tops up from the local chain needs its own.
 */
export const newBscAddress = (): string => privateKeyToAddress(generatePrivateKey());

/** A TRON address no other member has bound (see newBscAddress): a new account id in TRON's T form. */
export const newTronAddress = (): string => hexToTronAddress(newBscAddress());

/** An email no other member has, however many a file registers in the same millisecond. */
export const newEmail = (prefix: string): string => `${prefix}-${Date.now().toString(36)}-${crypto.randomUUID().slice(0, 8)}@example.com`;

export const E2E_PASSWORD = 'correct horse 42';

/** A new member registered through the API, with the code from the development outbox; returns the session token. */
export async function registerByApi(
  baseUrl: string,
  { email, password = E2E_PASSWORD, network, address }: { email: string; password?: string; network: 'TRON' | 'BSC'; address: string },
): Promise<string> {
  const sent = await call('POST', `${baseUrl}/api/v1/auth/codes`, { email, purpose: 'register' });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const mail = await call('GET', `${baseUrl}/api/v1/dev/mail?to=${encodeURIComponent(email)}`);
  const code = (mail.body as { messages: Array<{ text: string }> }).messages[0]?.text.match(/\b(\d{6})\b/)?.[1];
  const session = await call('POST', `${baseUrl}/api/v1/auth/register`, {
    email,
    code,
    password,
    confirmPassword: password,
    network,
    address,
  });
  expect(session.status, JSON.stringify(session.body)).toBe(200);
  return (session.body as { token: string }).token;
}

type Mail = { id: string; text: string };

/** The development outbox's mails to `email`. */
export async function devMails(baseUrl: string, email: string): Promise<Mail[]> {
  return ((await call('GET', `${baseUrl}/api/v1/dev/mail?to=${encodeURIComponent(email)}`)).body as { messages: Mail[] }).messages;
}

/** Asks `read` until `done` accepts its value (expect.poll works only inside a test; this also runs in hooks). */
export async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`waited ${timeoutMs} ms for ${what}; last: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * The code mailed to `email` by `sent` (a request or a click that mails one), read from the
 * development outbox. Other mails (a new-device sign-in, a withdrawal sent) may arrive beside it.
 */
export async function codeMailedBy(baseUrl: string, email: string, sent: () => Promise<unknown>): Promise<string> {
  const before = new Set((await devMails(baseUrl, email)).map((m) => m.id));
  await sent();
  const newCode = async () =>
    (await devMails(baseUrl, email))
      .filter((m) => !before.has(m.id))
      .map((m) => m.text.match(/\b(\d{6})\b/)?.[1])
      .find(Boolean) ?? '';
  return waitFor(newCode, (code) => /^\d{6}$/.test(code), `a code mailed to ${email}`);
}

/** Asks for an emailed code as the signed-in member and returns it. */
export const emailedCode = (baseUrl: string, api: Api, email: string, purpose: string): Promise<string> =>
  codeMailedBy(baseUrl, email, () => api('POST', '/api/v1/me/codes', { purpose }));

/** Sets the signed-in member's payment password through the API, with its emailed code. */
export async function setPaymentPasswordByApi(baseUrl: string, api: Api, email: string, paymentPassword: string): Promise<void> {
  const code = await emailedCode(baseUrl, api, email, 'payment_password');
  await api('POST', '/api/v1/me/payment-password', { code, paymentPassword, confirmPaymentPassword: paymentPassword });
}

export const E2E_PAYMENT_PASSWORD = '135790';

export type Member = { token: string; api: Api; email: string; address: string };

/**
 * A new member with `usdt` from the local chain's faucet (sent from an address of its own, on its
 * bound network: BSC unless asked) and a payment password: a member of the calling test file alone,
 * so tests never share one member's money, code or resend limits, nor depend on the order files run in.
 * `address` is its bound address.
 */
export async function fundedMember(
  baseUrl: () => string,
  {
    email,
    usdt,
    paymentPassword = E2E_PAYMENT_PASSWORD,
    network = 'BSC',
  }: { email: string; usdt: string; paymentPassword?: string; network?: 'BSC' | 'TRON' },
): Promise<Member> {
  const address = network === 'BSC' ? newBscAddress() : newTronAddress();
  const token = await registerByApi(baseUrl(), { email, network, address });
  const api = memberApi(baseUrl, () => token);
  await api('POST', '/api/v1/dev/chain/deposits', { amount: usdt });
  const credited = new Decimal(usdt).toFixed();
  await waitFor(
    async () => (await walletUsdt(api)).toFixed(),
    (balance) => balance === credited,
    `${usdt} USDT for ${email}`,
    30_000,
  );
  await setPaymentPasswordByApi(baseUrl(), api, email, paymentPassword);
  return { token, api, email, address };
}

/**
 * The bearer token of the e2e server's operator (support and admin roles): an operator API key that
 * global-setup.ts writes into the server's database, as automation calls the console's API.
 */
export const operatorKey = (): string => inject('operatorKey');

/** An exchange at a quote asked for just before, confirmed with the payment password; resolves with the quote. */
export async function exchangeByApi(api: Api, from: Currency, to: Currency, amount: string): Promise<Quote> {
  const quote = await api<Quote>('POST', '/api/v1/wallet/exchange/quotes', { from, to, amount });
  await api('POST', '/api/v1/wallet/exchange', { quoteId: quote.id, paymentPassword: E2E_PAYMENT_PASSWORD });
  return quote;
}

/** A USDT transfer from a funded member to `toUid`, with its emailed code and the payment password. */
export async function sendUsdt(baseUrl: () => string, sender: { api: Api; email: string }, toUid: string, amount: string): Promise<void> {
  const code = await emailedCode(baseUrl(), sender.api, sender.email, 'transfer');
  await sender.api('POST', '/api/v1/wallet/transfers', { toUid, currency: 'USDT', amount, code, paymentPassword: E2E_PAYMENT_PASSWORD });
}
