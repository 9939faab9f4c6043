import { randomUUID } from 'node:crypto';
import type { Ticket, TicketAttachment } from '@wallet/contract';
import { expect } from 'vitest';
import type { Member } from './accounts';
import { createTestApp, type TestApp } from './app';
import { ManualClock } from './clock';
import { solidPng } from './images';
import { type TestOperator, testOperator } from './operators';

/** The app on a fresh database with an operator (a support desk API key) and a clock the tests move. */
export interface TicketWorld extends TestApp {
  clock: ManualClock;
  admin: TestOperator;
}

export async function createTicketWorld(): Promise<TicketWorld> {
  const clock = new ManualClock();
  const t = await createTestApp({ clock });
  const admin = await testOperator(t, ['support']);
  return { ...t, clock, admin };
}

export async function userIdOf(t: TestApp, member: Member): Promise<string> {
  const row = await t.database.handle.db.selectFrom('users').select('id').where('email', '=', member.email).executeTakeFirstOrThrow();
  return row.id;
}

export const call = (
  t: TestApp,
  who: { headers: Record<string, string> } | null,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url,
    headers: { ...(who ? who.headers : {}), ...headers },
    ...(payload ? { payload } : {}),
  });

/** A multipart/form-data body holding one file, as a browser's FormData sends it. */
export function multipart(bytes: Buffer, { filename = 'screenshot.png', type = 'image/png', field = 'file' } = {}) {
  const boundary = `----ticket${randomUUID().replaceAll('-', '')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export function upload(t: TestApp, who: Member, bytes: Buffer, options: Parameters<typeof multipart>[1] = {}, language = 'en') {
  const body = multipart(bytes, options);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/tickets/attachments',
    headers: { ...who.headers, ...body.headers, 'accept-language': language },
    payload: body.payload,
  });
}

/** Uploads a small PNG and returns the attachment. */
export async function uploadPng(t: TestApp, who: Member, size = 16): Promise<TicketAttachment> {
  const res = await upload(t, who, solidPng(size, size));
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

export const ticketBody = (overrides: Record<string, unknown> = {}) => ({
  type: 'deposit',
  description: 'My USDT deposit has not arrived after two hours.',
  ...overrides,
});

/** Opens a ticket through the API (a fresh Idempotency-Key unless given) and returns it. */
export async function openTicket(t: TestApp, who: Member, overrides: Record<string, unknown> = {}, key = randomUUID()): Promise<Ticket> {
  const res = await call(t, who, 'POST', '/api/v1/tickets', ticketBody(overrides), { 'idempotency-key': key });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The code of an error reply, or of its first field for VALIDATION_FAILED. */
export function errorCode(res: { json(): unknown }): string {
  const { error } = res.json() as { error: { code: string; details?: { fields?: Array<{ code: string }> } } };
  return error.code === 'VALIDATION_FAILED' ? (error.details?.fields?.[0]?.code ?? error.code) : error.code;
}
