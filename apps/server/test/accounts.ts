import type { SessionReply } from '@wallet/contract';
import { expect } from 'vitest';
import type { TestApp } from './app';
import { creditMember } from './ledger-fixtures';

export const TRON_ADDRESS = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
export const BSC_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
export const PASSWORD = 'correct horse 42';
/** The payment password test members set. */
export const PIN = '135790';

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${counter}.${Date.now().toString(36)}@example.com`;
}

/**
 * The newest code mailed to this address, read from the development outbox. A code mail's subject
 * ends with its code; other mails (a withdrawal sent, a card frozen) may have arrived since.
 */
export async function lastCode(t: TestApp, email: string): Promise<string> {
  const row = await t.database.handle.db
    .selectFrom('mail_outbox')
    .select(['subject'])
    .where('to_address', '=', email)
    .where('subject', '~', '\\d{6}$')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  const code = /(\d{6})$/.exec(row.subject)?.[1];
  if (!code) throw new Error(`no code in mail to ${email}`);
  return code;
}

export async function requestCode(t: TestApp, email: string, purpose: 'register' | 'login' | 'reset_password', language = 'en') {
  return t.app.inject({ method: 'POST', url: '/api/v1/auth/codes', headers: { 'accept-language': language }, payload: { email, purpose } });
}

/** Registers through the real API and returns the session. */
export async function registerUser(
  t: TestApp,
  { email = uniqueEmail(), password = PASSWORD, inviteCode }: { email?: string; password?: string; inviteCode?: string } = {},
) {
  const sent = await requestCode(t, email, 'register');
  expect(sent.statusCode, sent.body).toBe(200);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    headers: { 'user-agent': 'vitest-device' },
    payload: {
      email,
      code: await lastCode(t, email),
      password,
      confirmPassword: password,
      network: 'TRON',
      address: TRON_ADDRESS,
      inviteCode,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const session = res.json() as SessionReply;
  return { email, password, ...session, headers: { authorization: `Bearer ${session.token}` } };
}

export async function sendAccountCode(t: TestApp, token: string, purpose: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/me/codes',
    headers: { authorization: `Bearer ${token}` },
    payload: { purpose },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** Sets a payment password through the API. */
export async function setPaymentPin(t: TestApp, user: { token: string; email: string; headers: Record<string, string> }, pin = PIN) {
  await sendAccountCode(t, user.token, 'payment_password');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/me/payment-password',
    headers: user.headers,
    payload: { code: await lastCode(t, user.email), paymentPassword: pin, confirmPaymentPassword: pin },
  });
  expect(res.statusCode, res.body).toBe(200);
}

export type Member = Awaited<ReturnType<typeof registerUser>>;

/** A new member with the payment password PIN and `usdt` credited by a ledger adjustment (skipped for '0'). */
export async function fundedMember(t: TestApp, usdt = '1000'): Promise<Member> {
  const member = await registerUser(t);
  await setPaymentPin(t, member, PIN);
  if (usdt !== '0') await creditMember(t, member.profile.uid, 'USDT', usdt);
  return member;
}
