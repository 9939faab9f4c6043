import { errorReplySchema } from '@wallet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/app';
import { AppError } from './errors';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  // Routes that exist only in this test, to drive each kind of failure through the real pipeline.
  t.app.post(
    '/test/validated',
    {
      schema: {
        body: z.object({ email: z.email(), amount: z.string().min(1) }),
        querystring: z.object({ page: z.coerce.number().int().optional() }),
      },
    },
    async () => ({ ok: true }),
  );
  t.app.get('/test/domain-error', async () => {
    throw new AppError('AMOUNT_TOO_PRECISE', { currency: 'JPY' });
  });
  t.app.get('/test/crash', async () => {
    throw new Error('connection to 10.0.0.7 failed: password authentication failed for user "ledger"');
  });
  await t.app.ready();
});
afterAll(() => t.close());

describe('one error model', () => {
  it('answers unknown routes with 404 NOT_FOUND in the request language', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/no/such/route', headers: { 'accept-language': 'ko-KR,ko;q=0.9' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: '찾을 수 없습니다.' } });
  });

  it('defaults to English without a language header', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/nothing' });
    expect(res.json().error.message).toBe('Not found.');
  });

  it('answers validation failures with 400 and each failing field, translated', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/test/validated',
      headers: { 'accept-language': 'zh' },
      payload: { email: 'not-an-email', amount: 7 },
    });
    expect(res.statusCode).toBe(400);
    const body = errorReplySchema.parse(res.json());
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.message).toBe('部分字段无效。');
    const fields = body.error.details?.fields ?? [];
    expect(fields.map((f) => f.path).sort()).toEqual(['body.amount', 'body.email']);
    expect(fields.find((f) => f.path === 'body.amount')?.message).toBe('请在此输入文字。');
    expect(JSON.stringify(body)).not.toContain('not-an-email');
  });

  it('validates query strings too', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/test/validated?page=abc', payload: { email: 'a@b.co', amount: '1' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.fields[0].path).toBe('querystring.page');
  });

  it('answers malformed JSON with 400 BAD_REQUEST', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/test/validated',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('BAD_REQUEST');
  });

  it('maps domain errors to their catalogue status, code and message', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/test/domain-error', headers: { 'accept-language': 'ja' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 'AMOUNT_TOO_PRECISE',
        message: '金額の小数点以下の桁数がこの通貨の上限を超えています。',
        details: { currency: 'JPY' },
      },
    });
  });

  it('answers unexpected errors with 500 INTERNAL and leaks nothing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/test/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' } });
    expect(res.body).not.toMatch(/10\.0\.0\.7|ledger|stack/);
    // ...but the operator can still see it, tied to the request.
    const line = t.logs.map((l) => JSON.parse(l)).find((l) => l.msg === 'unhandled error');
    expect(line?.err.message).toContain('10.0.0.7');
    expect(line?.requestId).toBe(res.headers['x-request-id']);
  });
});
