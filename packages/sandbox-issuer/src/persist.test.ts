import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { storeFromJson, storeToJson } from './persist';
import { buildSandboxIssuer, type SandboxIssuer, type SandboxOptions } from './server';
import { SandboxStore } from './store';

const API_KEY = 'persist-test-key';
const auth = { authorization: `Bearer ${API_KEY}` };

/** Plays the app's webhook endpoint: records event types, answers with `status`. */
let receiver: Server;
let webhookUrl: string;
let status = 200;
const received: string[] = [];

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      if (status === 200) received.push((JSON.parse(body) as { type: string }).type);
      response.writeHead(status, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const address = receiver.address();
  webhookUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/hook`;
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

let dir: string;
let file: string;
const running: SandboxIssuer[] = [];
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sandbox-persist-'));
  file = path.join(dir, 'nested', 'sandbox-issuer.json');
  status = 200;
  received.length = 0;
});
afterEach(async () => {
  for (const issuer of running.splice(0)) await issuer.app.close();
  await rm(dir, { recursive: true, force: true });
});

function start(options: Partial<SandboxOptions> = {}): SandboxIssuer {
  const issuer = buildSandboxIssuer({ webhookUrl, webhookSecret: 'secret', apiKey: API_KEY, retryDelayMs: 1, stateFile: file, ...options });
  running.push(issuer);
  return issuer;
}

async function stop(issuer: SandboxIssuer) {
  running.splice(running.indexOf(issuer), 1);
  await issuer.app.close();
}

async function call<T>(issuer: SandboxIssuer, method: 'GET' | 'POST', url: string, payload?: object): Promise<T> {
  const res = await issuer.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json() as T;
}

/** A cardholder and a virtual USD card, as the app makes them. */
async function openCard(issuer: SandboxIssuer) {
  const holder = await call<{ id: string }>(issuer, 'POST', '/v1/cardholders', { reference: 'u1', firstName: 'Ann', lastName: 'Lee' });
  const card = await call<{ id: string }>(issuer, 'POST', '/v1/cards', {
    cardholderId: holder.id,
    type: 'virtual',
    currency: 'USD',
    reference: 'card-1',
  });
  return { holderId: holder.id, cardId: card.id };
}

const waitFor = async (check: () => boolean | Promise<boolean>) => {
  for (let i = 0; i < 200 && !(await check()); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(await check()).toBe(true);
};

describe('the sandbox issuer across restarts', () => {
  it('round-trips its store through JSON, card balances (bigint cents) included', () => {
    const store = new SandboxStore();
    store.cards.set('ic_1', {
      id: 'ic_1',
      cardholderId: 'ich_1',
      reference: 'r',
      type: 'virtual',
      currency: 'USD',
      state: 'open',
      pan: '4000000000000002',
      cvv: '123',
      expMonth: 1,
      expYear: 2030,
      pinSet: false,
      balanceMinor: 123456789012345678901234567890n,
      shipping: { status: 'none', trackingNumber: null, address: null },
      createdAt: '2026-11-23T00:00:00.000Z',
    });
    store.idempotent.set('POST /v1/cards/:id/load:k', { id: 'ic_1', balance: '1.00' });
    store.failNextOpenings = 2;
    const back = storeFromJson(storeToJson(store));
    expect(back.cards.get('ic_1')?.balanceMinor).toBe(123456789012345678901234567890n);
    expect(back.idempotent.get('POST /v1/cards/:id/load:k')).toEqual({ id: 'ic_1', balance: '1.00' });
    expect(back.failNextOpenings).toBe(2);
  });

  it('still knows its cardholders, cards, balances and idempotency keys after a restart', async () => {
    const first = start();
    const { holderId, cardId } = await openCard(first);
    await waitFor(() => first.store.cards.get(cardId)?.state === 'open');
    const load = { headers: { ...auth, 'idempotency-key': 'load-1' }, payload: { amount: '25.50' } };
    await first.app.inject({ method: 'POST', url: `/v1/cards/${cardId}/load`, ...load });
    const before = await call<{ last4: string }>(first, 'GET', `/v1/cards/${cardId}`);
    await stop(first);

    const second = start();
    const after = await call<{ last4: string; balance: string; state: string }>(second, 'GET', `/v1/cards/${cardId}`);
    expect(after).toMatchObject({ last4: before.last4, balance: '25.5', state: 'open' });
    // The same load sent again is still answered from its first reply, not loaded twice.
    const again = await second.app.inject({ method: 'POST', url: `/v1/cards/${cardId}/load`, ...load });
    expect(again.json()).toMatchObject({ balance: '25.5' });
    // KYC goes to the cardholder made before the restart (it answered 404 before this existed).
    await call(second, 'POST', `/v1/cardholders/${holderId}/kyc`, { documentType: 'passport' });
    expect((await call<{ kycStatus: string }>(second, 'GET', `/v1/cardholders/${holderId}`)).kycStatus).toBe('pending');
  });

  it('opens a card that was still opening when it stopped', async () => {
    const first = start({ openingDelayMs: 60_000 });
    const { cardId } = await openCard(first);
    await stop(first);
    expect(received).toEqual([]);

    const second = start({ openingDelayMs: 0 });
    await waitFor(() => second.store.cards.get(cardId)?.state === 'open');
    await waitFor(() => received.includes('card.opened'));
  });

  it('sends again an event the app had not taken when it stopped', async () => {
    status = 503;
    const first = start();
    const { cardId } = await openCard(first);
    await waitFor(() => [...first.store.events.values()].some((event) => event.deliveries.length >= 5));
    await stop(first);
    expect(received).toEqual([]);

    status = 200;
    const second = start();
    await waitFor(() => received.includes('card.opened'));
    expect(second.store.cards.get(cardId)?.state).toBe('open');
  });

  it('refuses to start on a file it cannot read, naming it', async () => {
    start();
    await writeFile(path.join(dir, 'broken.json'), '{ not json');
    expect(() => start({ stateFile: path.join(dir, 'broken.json') })).toThrow(/broken\.json.*delete it/);
  });
});
