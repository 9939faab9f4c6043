import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Language } from '@wallet/contract';
import { readyReplySchema } from '@wallet/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ApiClientDeps, ApiError, createApiClient, type UnreachableReason } from './api-client';

type Seen = { method: string; url: string; headers: IncomingHttpHeaders; body: string };

let server: Server;
let baseUrl: string;
let seen: Seen[] = [];

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      switch (req.url) {
        case '/echo':
          return json(res, 200, { ok: true, body: body ? JSON.parse(body) : null });
        case '/empty':
          res.writeHead(204);
          return res.end();
        case '/invalid':
          return json(res, 400, {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'Some fields are not valid.',
              details: { fields: [{ path: 'body.amount', code: 'too_small', message: 'Too small' }] },
            },
          });
        case '/guarded':
          if (req.headers['x-csrf-token'] !== 'current-csrf')
            return json(res, 403, { error: { code: 'CSRF_TOKEN_INVALID', message: 'This page is out of date.' } });
          return json(res, 200, { ok: true });
        case '/unauthorized':
          return json(res, 401, { error: { code: 'UNAUTHORIZED', message: 'Please log in again.' } });
        case '/gateway':
          res.writeHead(502, { 'content-type': 'text/html' });
          return res.end('<html>Bad gateway</html>');
        case '/teapot':
          res.writeHead(418, { 'content-type': 'text/plain' });
          return res.end('short and stout');
        case '/busy':
          return json(res, 503, { error: { code: 'SERVICE_UNAVAILABLE', message: 'The service is temporarily unavailable.' } });
        case '/readyz':
          return json(res, 503, { status: 'not_ready', checks: { database: 'unreachable', migrations: 'unknown' } });
        case '/not-contract':
          return json(res, 200, { status: 'maybe' });
        case '/slow':
          return setTimeout(() => json(res, 200, { late: true }), 500);
        default:
          return json(res, 404, { error: { code: 'NOT_FOUND', message: 'Not found.' } });
      }
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  server.close();
  await once(server, 'close');
});

beforeEach(() => {
  seen = [];
});

/** A client whose side effects are recorded instead of touching a screen. */
function setup(options: { csrf?: string | null; language?: Language; deps?: Partial<ApiClientDeps> } = {}) {
  const effects = { sessionsEnded: 0, loginVisits: 0, unreachable: [] as UnreachableReason[], freshCsrfAsks: 0 };
  let csrf = options.csrf === undefined ? 'csrf-token' : options.csrf;
  const client = createApiClient({
    baseUrl: () => `${baseUrl}/`,
    csrfToken: async (fresh) => {
      if (fresh) {
        effects.freshCsrfAsks += 1;
        csrf = 'current-csrf';
      }
      return csrf;
    },
    language: () => options.language ?? 'ko',
    endSession: () => {
      csrf = null;
      effects.sessionsEnded += 1;
    },
    goToLogin: () => {
      effects.loginVisits += 1;
    },
    onUnreachable: (reason) => {
      effects.unreachable.push(reason);
    },
    ...options.deps,
  });
  return { client, effects, csrf: () => csrf };
}

describe('api client', () => {
  it('sends the CSRF token, the language and a JSON body, and asks for the session as a cookie', async () => {
    const { client } = setup({ language: 'ja' });
    const reply = await client.post<{ ok: boolean; body: unknown }>('/echo', { amount: '10.00' });

    expect(reply).toEqual({ ok: true, body: { amount: '10.00' } });
    const [request] = seen;
    expect(request?.method).toBe('POST');
    expect(request?.headers['x-csrf-token']).toBe('csrf-token');
    expect(request?.headers['x-session-delivery']).toBe('cookie');
    // Never a bearer token: the session is the HttpOnly cookie.
    expect(request?.headers.authorization).toBeUndefined();
    expect(request?.headers['accept-language']).toBe('ja');
    expect(request?.headers['content-type']).toBe('application/json');
  });

  it('sends no CSRF token on reads or when signed out, and no body type without a body', async () => {
    const { client } = setup();
    await client.get('/echo');
    await setup({ csrf: null }).client.post('/echo');

    expect(seen[0]?.headers['x-csrf-token']).toBeUndefined();
    expect(seen[1]?.headers['x-csrf-token']).toBeUndefined();
    expect(seen[0]?.headers['content-type']).toBeUndefined();
    expect(seen[0]?.headers['accept-language']).toBe('ko');
  });

  it('resolves an empty reply as undefined', async () => {
    const { client } = setup();
    await expect(client.delete('/empty')).resolves.toBeUndefined();
  });

  it('turns an error reply into a typed ApiError', async () => {
    const { client, effects } = setup();
    const error = await client.post('/invalid', { amount: '-1' }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Some fields are not valid.',
      status: 400,
      details: { fields: [{ path: 'body.amount', code: 'too_small', message: 'Too small' }] },
    });
    expect(effects).toEqual({ sessionsEnded: 0, loginVisits: 0, unreachable: [], freshCsrfAsks: 0 });
  });

  it('makes the error messages ready before it rejects with an error reply, and only then', async () => {
    const steps: string[] = [];
    const { client } = setup({
      deps: {
        beforeErrorReply: async () => {
          steps.push('texts asked for');
          await new Promise((resolve) => setTimeout(resolve, 20));
          steps.push('texts in');
        },
      },
    });
    await client.get('/echo');
    expect(steps).toEqual([]);
    const failed = client.get('/busy').catch((error: unknown) => {
      steps.push(`rejected with ${(error as ApiError).code}`);
    });
    await failed;
    expect(steps).toEqual(['texts asked for', 'texts in', 'rejected with SERVICE_UNAVAILABLE']);
    // No reply at all is told by the app's own texts, which the first screen has.
    await client.get('/gateway').catch(() => undefined);
    expect(steps).toHaveLength(3);
  });

  it('reports a reply that is not an error reply as BAD_REPLY with its status', async () => {
    const { client, effects } = setup();
    await expect(client.get('/teapot')).rejects.toMatchObject({ code: 'BAD_REPLY', status: 418 });
    expect(effects.unreachable).toEqual([]);
  });

  it('treats a gateway page as an unreachable server, but a 503 error reply as an answer', async () => {
    const { client, effects } = setup();
    await expect(client.get('/gateway')).rejects.toMatchObject({ code: 'NETWORK_ERROR', status: 502 });
    expect(effects.unreachable).toEqual(['network']);

    await expect(client.get('/busy')).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', status: 503 });
    expect(effects.unreachable).toEqual(['network']);
  });

  it('repeats a call refused for a stale CSRF token once, with the fresh one', async () => {
    const { client, effects } = setup();
    await expect(client.post('/guarded', {})).resolves.toEqual({ ok: true });
    expect(seen.map((request) => request.headers['x-csrf-token'])).toEqual(['csrf-token', 'current-csrf']);
    expect(effects.freshCsrfAsks).toBe(1);
  });

  it('gives up when even the fresh CSRF token is refused', async () => {
    const { client, effects } = setup({ deps: { csrfToken: async () => 'never-right' } });
    await expect(client.post('/guarded', {})).rejects.toMatchObject({ code: 'CSRF_TOKEN_INVALID', status: 403 });
    expect(seen).toHaveLength(2);
    expect(effects.loginVisits).toBe(0);
  });

  it('on 401 ends the session and goes to the login page', async () => {
    const { client, effects, csrf } = setup();
    await expect(client.get('/unauthorized')).rejects.toMatchObject({ code: 'UNAUTHORIZED', status: 401 });

    expect(csrf()).toBeNull();
    expect(effects.sessionsEnded).toBe(1);
    expect(effects.loginVisits).toBe(1);
  });

  it('treats accepted statuses as data and checks them against the schema', async () => {
    const { client } = setup();
    const reply = await client.get('/readyz', { acceptStatus: [503], schema: readyReplySchema });
    expect(reply).toEqual({ status: 'not_ready', checks: { database: 'unreachable', migrations: 'unknown' } });

    await expect(client.get('/not-contract', { schema: readyReplySchema })).rejects.toMatchObject({ code: 'BAD_REPLY', status: 200 });
  });

  it('gives up after the timeout, tells the person, and rejects', async () => {
    const { client, effects } = setup({ deps: { timeoutMs: 50 } });
    // /slow answers after 500 ms: only a request given up at 50 ms ends in TIMEOUT rather than that answer.
    await expect(client.get('/slow')).rejects.toMatchObject({ code: 'TIMEOUT', status: 0 });
    expect(effects.unreachable).toEqual(['timeout']);
  });

  it('tells the person when the server cannot be reached', async () => {
    const closed = createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const port = (closed.address() as AddressInfo).port;
    closed.close();
    await once(closed, 'close');

    const { client, effects } = setup({ deps: { baseUrl: () => `http://127.0.0.1:${port}` } });
    await expect(client.get('/echo')).rejects.toMatchObject({ code: 'NETWORK_ERROR', status: 0 });
    expect(effects.unreachable).toEqual(['network']);
  });

  it('stays quiet when the caller cancels', async () => {
    const { client, effects } = setup();
    const controller = new AbortController();
    const pending = client.get('/slow', { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);

    const error = await pending.catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(effects.unreachable).toEqual([]);
  });
});
