import { CSRF_HEADER } from '@wallet/contract';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { setCsrfToken } from '../lib/csrf';
import { setRequestLanguage } from '../lib/http';
import { dataProvider } from './data-provider';

interface Call {
  url: string;
  init: RequestInit;
}
let calls: Call[];
let replies: Response[];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const headersOf = (call: Call | undefined) => new Headers(call?.init.headers);

beforeEach(() => {
  calls = [];
  replies = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const reply = replies.shift();
    if (!reply) throw new Error(`no reply queued for ${url}`);
    return reply;
  });
  setCsrfToken(null);
  setRequestLanguage('en', 'unreachable');
});
afterEach(() => {
  vi.unstubAllGlobals();
  setCsrfToken(null);
});

it("maps Refine's page, filters and fixed query onto the API's list parameters, and its reply onto data and total", async () => {
  replies.push(json(200, { items: [{ id: 'w1', amount: '1234567.123456789012345678', currency: 'USDT' }], total: 41 }));
  setRequestLanguage('zh', '无法连接');
  const list = await dataProvider.getList({
    resource: 'withdrawals',
    pagination: { currentPage: 3, pageSize: 20 },
    filters: [
      { field: 'status', operator: 'eq', value: 'pending' },
      { field: 'q', operator: 'contains', value: 'alice' },
      { field: 'from', operator: 'gte', value: new Date('2026-12-01T00:00:00.000Z') },
      { field: 'kind', operator: 'in', value: ['a', 'b'] },
      // A cleared filter asks for everything: it is left out, not sent empty.
      { field: 'member', operator: 'eq', value: '' },
      { field: 'operator', operator: 'eq', value: undefined },
    ],
    sorters: [{ field: 'createdAt', order: 'desc' }],
    meta: { query: { view: 'all' } },
  });
  const url = new URL(calls[0]?.url ?? '', 'http://console.test');
  expect(url.pathname).toBe('/api/v1/admin/withdrawals');
  expect([...url.searchParams]).toEqual([
    ['view', 'all'],
    ['status', 'pending'],
    ['q', 'alice'],
    ['from', '2026-12-01T00:00:00.000Z'],
    ['kind', 'a'],
    ['kind', 'b'],
    ['page', '3'],
    ['pageSize', '20'],
  ]);
  expect(calls[0]?.init.method).toBe('GET');
  expect(calls[0]?.init.credentials).toBe('same-origin');
  expect(headersOf(calls[0]).get('accept-language')).toBe('zh');
  // Money stays the decimal string the server sent, all 18 decimals of it.
  expect(list).toEqual({ data: [{ id: 'w1', amount: '1234567.123456789012345678', currency: 'USDT' }], total: 41 });
});

it('asks a page of at most 100 rows, the route a resource names, and a whole short list without a total', async () => {
  replies.push(json(200, { items: [{ key: 'console.idle_minutes', value: 15 }] }));
  const list = await dataProvider.getList({
    resource: 'deposits',
    pagination: { currentPage: 1, pageSize: 500 },
    meta: { apiPath: 'deposits/unattributed' },
  });
  const url = new URL(calls[0]?.url ?? '', 'http://console.test');
  expect(url.pathname).toBe('/api/v1/admin/deposits/unattributed');
  expect(url.searchParams.get('pageSize')).toBe('100');
  expect(list.total).toBe(1);
});

it('sends the CSRF token from memory on unsafe methods only, with the JSON body and the call’s own headers', async () => {
  setCsrfToken('csrf-abc');
  replies.push(json(200, { items: [], total: 0 }));
  await dataProvider.getList({ resource: 'operators' });
  expect(headersOf(calls[0]).has(CSRF_HEADER)).toBe(false);

  replies.push(json(202, { approval: { id: 'ap1', payloadHash: 'h' } }));
  const created = await dataProvider.custom?.({
    url: 'users/U123/adjustments',
    method: 'post',
    payload: { currency: 'USDT', amount: '-25.50', reason: 'refund' },
    headers: { 'idempotency-key': 'key-1' },
  });
  expect(calls[1]?.url).toBe('/api/v1/admin/users/U123/adjustments');
  expect(calls[1]?.init.method).toBe('POST');
  const headers = headersOf(calls[1]);
  expect(headers.get(CSRF_HEADER)).toBe('csrf-abc');
  expect(headers.get('idempotency-key')).toBe('key-1');
  expect(headers.get('content-type')).toBe('application/json');
  expect(JSON.parse(String(calls[1]?.init.body))).toEqual({ currency: 'USDT', amount: '-25.50', reason: 'refund' });
  expect(created?.data).toEqual({ approval: { id: 'ap1', payloadHash: 'h' } });

  replies.push(json(200, { ok: true }));
  await dataProvider.deleteOne({ resource: 'api-keys', id: 'k/1' });
  expect(calls[2]?.url).toBe('/api/v1/admin/api-keys/k%2F1');
  expect(calls[2]?.init.method).toBe('DELETE');
  expect(headersOf(calls[2]).get(CSRF_HEADER)).toBe('csrf-abc');
});

it("turns an error reply into Refine's HttpError with the server's code, translated message and field errors", async () => {
  replies.push(
    json(400, {
      error: {
        code: 'VALIDATION_FAILED',
        message: '金额无效',
        details: { fields: [{ path: 'body.amount', code: 'AMOUNT_INVALID', message: '金额无效' }] },
      },
    }),
  );
  await expect(dataProvider.update({ resource: 'settings', id: 'console.idle_minutes', variables: { value: -1 } })).rejects.toMatchObject({
    statusCode: 400,
    code: 'VALIDATION_FAILED',
    message: '金额无效',
    errors: { amount: '金额无效' },
  });
  expect(calls[0]?.url).toBe('/api/v1/admin/settings/console.idle_minutes');
  expect(calls[0]?.init.method).toBe('PUT');

  replies.push(json(401, { error: { code: 'OPERATOR_SIGN_IN_REQUIRED', message: 'Please sign in to the console again.' } }));
  await expect(dataProvider.getOne({ resource: 'approvals', id: 'ap1' })).rejects.toMatchObject({
    statusCode: 401,
    code: 'OPERATOR_SIGN_IN_REQUIRED',
  });
});

it('refuses and/or filters, which the API has no parameter for', async () => {
  await expect(
    dataProvider.getList({ resource: 'audit', filters: [{ operator: 'or', value: [{ field: 'a', operator: 'eq', value: 1 }] }] }),
  ).rejects.toThrow(/no "or" filters/);
  expect(calls).toHaveLength(0);
});
