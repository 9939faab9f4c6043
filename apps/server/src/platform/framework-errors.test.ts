import { connect } from 'node:net';
import { errorReplySchema } from '@wallet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/app';

/**
 * What Fastify and Node's HTTP server refuse on their own, before or around a route, is answered in
 * the one error model, in the caller's language, like every other error.
 */
let t: TestApp;
let port: number;

beforeAll(async () => {
  // Without the built web app, whose catch-all route would answer a too-long /api path as not found.
  t = await createTestApp({ env: { WEB_DIST_DIR: '/nonexistent/web-dist' } });
  t.app.post('/test/echo/:id', { schema: { body: z.object({ name: z.string().max(10) }) } }, async () => ({ ok: true }));
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = Number(new URL(address).port);
});
afterAll(() => t.close());

const expectError = (res: { statusCode: number; json: () => unknown }, status: number, code: string, message: string) => {
  expect(res.statusCode).toBe(status);
  const body = errorReplySchema.parse(res.json());
  expect(body.error).toEqual({ code, message });
};

/** One raw HTTP exchange over a socket: what Node's parser refuses never reaches app.inject. */
function rawExchange(request: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString('utf8');
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = received.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head, body });
    });
    socket.end(request);
  });
}

describe("Fastify's own refusals", () => {
  it('answers an unknown route with 404 in the caller language', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/v1/nothing/here', headers: { 'accept-language': 'ja' } });
    expectError(res, 404, 'NOT_FOUND', '見つかりません。');
  });

  it('answers a body over the limit with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/test/echo/1',
      headers: { 'content-type': 'application/json', 'accept-language': 'zh' },
      payload: JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expectError(res, 413, 'PAYLOAD_TOO_LARGE', '请求内容过大。');
  });

  it('answers a path parameter over the router limit with 414', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/cards/${'a'.repeat(5000)}`, headers: { 'accept-language': 'ko' } });
    expectError(res, 414, 'URI_TOO_LONG', '요청 주소가 너무 깁니다.');
  });

  it('answers a content type it cannot read with 415', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/test/echo/1', headers: { 'content-type': 'text/xml' }, payload: '<a/>' });
    expectError(res, 415, 'UNSUPPORTED_MEDIA_TYPE', 'This content type is not supported.');
  });

  it.each([
    ['malformed JSON', '{"name":'],
    ['an empty JSON body', ''],
    ['a prototype-poisoning body', '{"__proto__":{"admin":true},"name":"a"}'],
  ])('answers %s with 400', async (_, payload) => {
    const res = await t.app.inject({ method: 'POST', url: '/test/echo/1', headers: { 'content-type': 'application/json' }, payload });
    expectError(res, 400, 'BAD_REQUEST', 'The request could not be read.');
  });

  it('answers a path it cannot decode with 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/test/echo/%E0%A4%A', headers: { 'accept-language': 'zh' } });
    expectError(res, 400, 'BAD_REQUEST', '请求无法解析。');
  });
});

describe("Node's HTTP server refusals", () => {
  it('answers headers over the limit with 431 in the caller language, then closes', async () => {
    const res = await rawExchange(`GET /healthz HTTP/1.1\r\nHost: x\r\nAccept-Language: ko\r\nX-Filler: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(res.headers).toMatch(/content-type: application\/json/i);
    expect(res.headers).toMatch(/connection: close/i);
    expect(errorReplySchema.parse(JSON.parse(res.body)).error).toEqual({
      code: 'HEADERS_TOO_LARGE',
      message: '요청 헤더가 너무 큽니다.',
    });
  });

  it('answers an address over the header limit with 414', async () => {
    const res = await rawExchange(`GET /api/v1/cards/${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(res.status).toBe(414);
    expect(JSON.parse(res.body).error.code).toBe('URI_TOO_LONG');
  });

  it('answers bytes that are not HTTP with 400', async () => {
    const res = await rawExchange('\u0000\u0001 not http at all\r\n\r\n');
    expect(res.status).toBe(400);
    expect(errorReplySchema.parse(JSON.parse(res.body)).error.code).toBe('BAD_REQUEST');
  });

  it('still serves the next connection', async () => {
    const res = await rawExchange('GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(res.status).toBe(200);
  });
});
