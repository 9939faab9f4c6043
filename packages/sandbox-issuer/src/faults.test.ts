import { once } from 'node:events';
import { connect } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandboxIssuer } from './index';

const API_KEY = 'faults-test-key';
type Sandbox = Awaited<ReturnType<typeof startSandboxIssuer>>;
type Reply = { status: number; json: Record<string, unknown> & { error?: { code: string } } };

let sandbox: Sandbox;
let closed = false;
beforeEach(async () => {
  closed = false;
  // Nobody listens on port 9: card.opened deliveries fail at once, which these tests do not look at.
  sandbox = await startSandboxIssuer({ webhookUrl: 'http://127.0.0.1:9/hook', webhookSecret: 'secret', apiKey: API_KEY, retryDelayMs: 1 });
});
afterEach(async () => {
  if (!closed) await sandbox.close();
});

/** Over real HTTP, as the app's HttpIssuer calls it. */
async function api(method: string, path: string, options: { body?: object; key?: string; auth?: boolean; signal?: AbortSignal } = {}) {
  const res = await fetch(`${sandbox.url}${path}`, {
    method,
    headers: {
      ...(options.auth === false ? {} : { authorization: `Bearer ${API_KEY}` }),
      ...(options.body ? { 'content-type': 'application/json' } : {}),
      ...(options.key ? { 'idempotency-key': options.key } : {}),
    },
    ...(options.body ? { body: JSON.stringify(options.body) } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return { status: res.status, json: (await res.json()) as Reply['json'] };
}

const move = (kind: 'load' | 'unload', cardId: string, amount: string, key: string, signal?: AbortSignal) =>
  api('POST', `/v1/cards/${cardId}/${kind}`, { body: { amount }, key, ...(signal ? { signal } : {}) });
const lookup = (key: string) => api('GET', `/v1/operations/${encodeURIComponent(key)}`);
const balance = async (cardId: string) => (await api('GET', `/v1/cards/${cardId}`)).json.balance;
const arm = (fault: object) => api('POST', '/sandbox/faults', { body: fault, auth: false });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function newCard(): Promise<string> {
  const holder = await api('POST', '/v1/cardholders', { body: { reference: 'u1', firstName: 'Ann', lastName: 'Lee', email: 'a@x.io' } });
  const card = await api('POST', '/v1/cards', {
    body: { cardholderId: holder.json.id, type: 'virtual', currency: 'USD', reference: 'c1' },
    key: 'open-1',
  });
  expect(card.status).toBe(200);
  return card.json.id as string;
}

describe('arming faults', () => {
  it('refuses bad requests and arms nothing for them', async () => {
    for (const body of [
      { mode: 'refuse' },
      { operation: 'load', mode: 'explode' },
      { operation: 'transfer', mode: 'refuse' },
      { operation: 'load', mode: 'delay', ms: -1 },
      { operation: 'load', mode: 'delay', ms: 1.5 },
      { operation: 'load', mode: 'delay', ms: '100' },
      { operation: 'load', mode: 'delay', ms: null },
      { operation: 'load', mode: 'refuse', count: 0 },
      { operation: 'load', mode: 'refuse', times: 2 },
    ]) {
      const res = await arm(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error?.code).toBe('invalid_request');
    }
    expect((await api('GET', '/sandbox/faults')).json).toEqual({ faults: [], down: null });
  });

  it('lists what is armed with its defaults, and clears it all', async () => {
    await arm({ operation: 'load', mode: 'timeout-before' });
    await arm({ operation: 'unload', mode: 'delay', count: 2 });
    await arm({ mode: 'down', ms: 60_000 });
    const listed = (await api('GET', '/sandbox/faults')).json as { faults: object[]; down: { until: string } | null };
    expect(listed.faults).toEqual([
      { id: 1, operation: 'load', mode: 'timeout-before', ms: 15_000, remaining: 1 },
      { id: 2, operation: 'unload', mode: 'delay', ms: 3000, remaining: 2 },
    ]);
    expect(Date.parse(listed.down?.until ?? '') - Date.now()).toBeGreaterThan(50_000);

    expect((await api('DELETE', '/sandbox/faults')).json).toEqual({ faults: [], down: null });
    // Cleared for real: the outage is over and the load goes through untouched.
    const cardId = await newCard();
    expect((await move('load', cardId, '5', 'k1')).status).toBe(200);
    expect(await balance(cardId)).toBe('5');
  });
});

describe('fault modes on loads and unloads', () => {
  it('refuse: 422, nothing moved, recorded as failed, and only for the armed kind and count', async () => {
    const cardId = await newCard();
    await arm({ operation: 'load', mode: 'refuse', count: 2 });
    await arm({ operation: 'unload', mode: 'refuse' });

    expect(await move('load', cardId, '10', 'load-1')).toEqual({
      status: 422,
      json: { error: { code: 'load_refused', message: expect.any(String) } },
    });
    expect((await move('load', cardId, '10', 'load-2')).status).toBe(422);
    expect(await balance(cardId)).toBe('0');
    expect((await lookup('load-1')).json).toEqual({
      key: 'load-1',
      kind: 'load',
      cardId,
      amount: '10',
      status: 'failed',
      failureCode: 'load_refused',
    });
    // The same key keeps its refusal even though the fault is used up.
    expect((await move('load', cardId, '10', 'load-1')).json.error?.code).toBe('load_refused');
    expect((await move('load', cardId, '10', 'load-3')).status).toBe(200);
    expect(await balance(cardId)).toBe('10');

    expect((await move('unload', cardId, '4', 'unload-1')).json.error?.code).toBe('unload_refused');
    expect(await balance(cardId)).toBe('10');
    expect((await lookup('unload-1')).json).toMatchObject({ kind: 'unload', status: 'failed', failureCode: 'unload_refused' });
  });

  it('timeout-before: 504 after the hold, nothing moved or recorded, and a retry with the key goes through once', async () => {
    const cardId = await newCard();
    await arm({ operation: 'load', mode: 'timeout-before', ms: 150 });
    const started = Date.now();
    expect(await move('load', cardId, '7.25', 'load-1')).toEqual({
      status: 504,
      json: { error: { code: 'gateway_timeout', message: expect.any(String) } },
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(await balance(cardId)).toBe('0');
    expect((await lookup('load-1')).status).toBe(404);

    expect((await move('load', cardId, '7.25', 'load-1')).json).toEqual({ id: cardId, balance: '7.25' });
    expect((await move('load', cardId, '7.25', 'load-1')).json).toEqual({ id: cardId, balance: '7.25' });
    expect(await balance(cardId)).toBe('7.25');
    expect((await lookup('load-1')).json).toMatchObject({ status: 'succeeded', amount: '7.25' });
  });

  it('timeout-after: moved and recorded, then 504; a retry with the key is answered without moving again', async () => {
    const cardId = await newCard();
    expect((await move('load', cardId, '20', 'load-0')).status).toBe(200);
    await arm({ operation: 'unload', mode: 'timeout-after', ms: 100 });
    expect((await move('unload', cardId, '8', 'unload-1')).json.error?.code).toBe('gateway_timeout');
    expect(await balance(cardId)).toBe('12');
    expect((await lookup('unload-1')).json).toEqual({
      key: 'unload-1',
      kind: 'unload',
      cardId,
      amount: '8',
      status: 'succeeded',
      failureCode: null,
    });
    expect(await move('unload', cardId, '8', 'unload-1')).toEqual({ status: 200, json: { id: cardId, balance: '12' } });
    expect(await balance(cardId)).toBe('12');
  });

  it('delay: held, in progress while held (repeat and lookup answer 409), then moved once', async () => {
    const cardId = await newCard();
    await arm({ operation: 'load', mode: 'delay', ms: 200 });
    const started = Date.now();
    const pending = move('load', cardId, '3', 'load-1');
    await sleep(60);
    expect((await lookup('load-1')).json.error?.code).toBe('operation_in_progress');
    expect((await move('load', cardId, '3', 'load-1')).status).toBe(409);
    expect(await balance(cardId)).toBe('0');

    expect(await pending).toEqual({ status: 200, json: { id: cardId, balance: '3' } });
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(await balance(cardId)).toBe('3');
    expect((await lookup('load-1')).json).toMatchObject({ status: 'succeeded', amount: '3' });
  });

  it('finish-holds: a held call goes on at once as if its time were up, moved once; nothing held answers 0', async () => {
    const cardId = await newCard();
    await arm({ operation: 'load', mode: 'delay', ms: 60_000 });
    const pending = move('load', cardId, '4', 'load-held');
    await expect.poll(async () => (await lookup('load-held')).json.error?.code).toBe('operation_in_progress');
    expect((await api('POST', '/sandbox/faults/finish-holds', { auth: false })).json).toEqual({ finished: 1 });
    expect(await pending).toEqual({ status: 200, json: { id: cardId, balance: '4' } });
    expect((await lookup('load-held')).json).toMatchObject({ status: 'succeeded', amount: '4' });
    expect((await api('POST', '/sandbox/faults/finish-holds', { auth: false })).json).toEqual({ finished: 0 });
    expect(await balance(cardId)).toBe('4');
  });

  it('down: loads, unloads and lookups answer 503 for the whole outage, whatever the count, then work again', async () => {
    const cardId = await newCard();
    expect((await move('load', cardId, '9', 'load-0')).status).toBe(200);
    await arm({ mode: 'down', ms: 300, count: 1 });
    for (const res of [
      await move('load', cardId, '1', 'load-1'),
      await move('load', cardId, '1', 'load-2'),
      await move('unload', cardId, '1', 'unload-1'),
      await move('load', cardId, '9', 'load-0'),
      await lookup('load-0'),
    ])
      expect(res).toEqual({ status: 503, json: { error: { code: 'unavailable', message: expect.any(String) } } });
    // Other calls are not part of the outage.
    expect(await balance(cardId)).toBe('9');
    expect((await lookup('load-1')).status).toBe(503);

    await sleep(320);
    expect((await api('GET', '/sandbox/faults')).json.down).toBeNull();
    expect((await lookup('load-1')).status).toBe(404);
    expect((await lookup('load-0')).json).toMatchObject({ status: 'succeeded' });
    expect((await move('unload', cardId, '1', 'unload-1')).json).toEqual({ id: cardId, balance: '8' });
  });
});

describe('closing with a held reply', () => {
  it("closes promptly after the client's own timeout gave up on a held reply", async () => {
    const cardId = await newCard();
    await arm({ operation: 'load', mode: 'timeout-before', ms: 60_000 });
    await expect(move('load', cardId, '1', 'load-1', AbortSignal.timeout(50))).rejects.toThrow(/abort|timeout/i);
    expect((await lookup('load-1')).status).toBe(404);
    expect(await balance(cardId)).toBe('0');
    // After an abort fetch may open a connection it never sends on (seen with Node 20's undici), and
    // Node's close() waits about a minute for such a connection; this one does so every time.
    const unused = connect(Number(new URL(sandbox.url).port), '127.0.0.1');
    unused.on('error', () => {});
    await once(unused, 'connect');

    const started = Date.now();
    closed = true;
    await sandbox.close();
    expect(Date.now() - started, 'closed in seconds, not the minute a held connection takes').toBeLessThan(10_000);
  });

  it('answers the held call and closes promptly, the timers cleared', async () => {
    const cardId = await newCard();
    await arm({ operation: 'load', mode: 'timeout-after', ms: 60_000 });
    await arm({ operation: 'unload', mode: 'delay', ms: 60_000 });
    const load = move('load', cardId, '5', 'load-1');
    const unload = move('unload', cardId, '1', 'unload-1');
    // Both taken: nothing armed any more means both calls are being held.
    for (let i = 0; i < 100 && ((await api('GET', '/sandbox/faults')).json.faults as unknown[]).length > 0; i++) await sleep(10);
    expect(sandbox.store.operations.get('load-1')?.status).toBe('succeeded');

    const started = Date.now();
    closed = true;
    await sandbox.close();
    expect(Date.now() - started, 'closed in seconds, not the minute a held connection takes').toBeLessThan(10_000);
    expect((await load).status).toBe(504);
    // Cut short before it moved anything: an unknown outcome for the app, and indeed nothing happened.
    expect((await unload).status).toBe(503);
    expect(sandbox.store.operations.has('unload-1')).toBe(false);
    expect(sandbox.store.cards.get(cardId)?.balanceMinor).toBe(500n);
  });
});
