import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { storeFromJson, storeToJson } from './persist';
import { buildSandboxIssuer, type SandboxIssuer } from './server';
import { SandboxStore } from './store';

const API_KEY = 'operations-test-key';
const auth = { authorization: `Bearer ${API_KEY}` };

const running: SandboxIssuer[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const issuer of running.splice(0)) await issuer.app.close();
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
});

function start(stateFile?: string): SandboxIssuer {
  const issuer = buildSandboxIssuer({
    webhookUrl: 'http://127.0.0.1:9/hook',
    webhookSecret: 'secret',
    apiKey: API_KEY,
    retryDelayMs: 1,
    ...(stateFile ? { stateFile } : {}),
  });
  running.push(issuer);
  return issuer;
}

async function send(issuer: SandboxIssuer, method: 'GET' | 'POST', url: string, options: { key?: string; payload?: object } = {}) {
  const res = await issuer.app.inject({
    method,
    url,
    headers: { ...auth, ...(options.key ? { 'idempotency-key': options.key } : {}) },
    ...(options.payload ? { payload: options.payload } : {}),
  });
  return { status: res.statusCode, json: res.json() as { error?: { code: string } } & Record<string, unknown> };
}

const move = (issuer: SandboxIssuer, kind: 'load' | 'unload', cardId: string, amount: string, key?: string) =>
  send(issuer, 'POST', `/v1/cards/${cardId}/${kind}`, { payload: { amount }, ...(key ? { key } : {}) });
const lookup = (issuer: SandboxIssuer, key: string) => send(issuer, 'GET', `/v1/operations/${encodeURIComponent(key)}`);
const balanceOf = (issuer: SandboxIssuer, cardId: string) => issuer.store.cards.get(cardId)?.balanceMinor;

async function newCard(issuer: SandboxIssuer): Promise<string> {
  const holder = await send(issuer, 'POST', '/v1/cardholders', { payload: { reference: 'u1', firstName: 'Ann', lastName: 'Lee' } });
  const card = await send(issuer, 'POST', '/v1/cards', { payload: { cardholderId: holder.json.id, type: 'virtual', currency: 'USD' } });
  return card.json.id as string;
}

describe('loads and unloads as operations under the idempotency key', () => {
  it('refuses a load or unload without an Idempotency-Key, moving and recording nothing', async () => {
    const issuer = start();
    const cardId = await newCard(issuer);
    for (const kind of ['load', 'unload'] as const) {
      const res = await move(issuer, kind, cardId, '5');
      expect(res.status).toBe(400);
      expect(res.json.error?.code).toBe('invalid_request');
    }
    expect(balanceOf(issuer, cardId)).toBe(0n);
    expect(issuer.store.operations.size).toBe(0);
  });

  it('looks an operation up by key: 404 before, the record after, and only with the API key', async () => {
    const issuer = start();
    const cardId = await newCard(issuer);
    // Keys as the app makes them, with characters that need encoding in the path.
    const key = 'withdraw:card/1:a b';
    expect(await lookup(issuer, key)).toEqual({ status: 404, json: { error: { code: 'not_found', message: 'operation not found' } } });
    expect(await move(issuer, 'load', cardId, '12.50', key)).toEqual({ status: 200, json: { id: cardId, balance: '12.5' } });
    expect(await lookup(issuer, key)).toEqual({
      status: 200,
      json: { key, kind: 'load', cardId, amount: '12.50', status: 'succeeded', failureCode: null },
    });
    const anonymous = await issuer.app.inject({ method: 'GET', url: `/v1/operations/${encodeURIComponent(key)}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers a repeated key as the first time, success or refusal, and moves nothing twice', async () => {
    const issuer = start();
    const cardId = await newCard(issuer);
    expect((await move(issuer, 'load', cardId, '10', 'load-1')).json).toEqual({ id: cardId, balance: '10' });
    expect((await move(issuer, 'load', cardId, '10', 'load-1')).json).toEqual({ id: cardId, balance: '10' });
    expect(balanceOf(issuer, cardId)).toBe(1000n);

    const short = await move(issuer, 'unload', cardId, '15', 'unload-1');
    expect(short).toEqual({ status: 422, json: { error: { code: 'insufficient_funds', message: expect.any(String) } } });
    expect((await lookup(issuer, 'unload-1')).json).toMatchObject({ status: 'failed', failureCode: 'insufficient_funds' });
    // Enough money now, but the key already has its answer.
    await move(issuer, 'load', cardId, '10', 'load-2');
    expect(await move(issuer, 'unload', cardId, '15', 'unload-1')).toEqual(short);
    expect(balanceOf(issuer, cardId)).toBe(2000n);

    expect((await move(issuer, 'unload', cardId, '15', 'unload-2')).json).toEqual({ id: cardId, balance: '5' });
    expect(balanceOf(issuer, cardId)).toBe(500n);
  });

  it('refuses a key reused for a different call, leaving the first one as it was', async () => {
    const issuer = start();
    const cardId = await newCard(issuer);
    const other = await newCard(issuer);
    await move(issuer, 'load', cardId, '10', 'k');
    for (const [kind, card, amount] of [
      ['load', cardId, '11'],
      ['unload', cardId, '10'],
      ['load', other, '10'],
    ] as const) {
      expect((await move(issuer, kind, card, amount, 'k')).json.error?.code).toBe('idempotency_key_reused');
    }
    // The same amount written differently is the same call.
    expect((await move(issuer, 'load', cardId, '10.00', 'k')).status).toBe(200);
    expect(balanceOf(issuer, cardId)).toBe(1000n);
    expect(balanceOf(issuer, other)).toBe(0n);
    expect((await lookup(issuer, 'k')).json).toMatchObject({ kind: 'load', cardId, amount: '10' });
  });
});

describe('operations across restarts', () => {
  it('keeps operations in the state file: lookups and repeats after a restart', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sandbox-operations-'));
    dirs.push(dir);
    const file = path.join(dir, 'state.json');
    const first = start(file);
    const cardId = await newCard(first);
    await move(first, 'load', cardId, '4', 'load-1');
    await move(first, 'unload', cardId, '9', 'unload-1');
    running.splice(running.indexOf(first), 1);
    await first.app.close();

    const second = start(file);
    expect((await lookup(second, 'load-1')).json).toMatchObject({ status: 'succeeded', amount: '4' });
    expect((await lookup(second, 'unload-1')).json).toMatchObject({ status: 'failed', failureCode: 'insufficient_funds' });
    expect((await move(second, 'load', cardId, '4', 'load-1')).json).toEqual({ id: cardId, balance: '4' });
    expect(balanceOf(second, cardId)).toBe(400n);
  });

  it('reads a state file from before operations were kept, and still does not repeat its loads', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sandbox-operations-'));
    dirs.push(dir);
    const file = path.join(dir, 'old.json');
    const old = new SandboxStore();
    old.cards.set('ic_old', {
      id: 'ic_old',
      cardholderId: 'ich_old',
      reference: 'r',
      type: 'virtual',
      currency: 'USD',
      state: 'open',
      pan: '4000000000000002',
      cvv: '123',
      expMonth: 1,
      expYear: 2030,
      pinSet: false,
      balanceMinor: 2500n,
      shipping: { status: 'none', trackingNumber: null, address: null },
      createdAt: '2026-11-23T00:00:00.000Z',
    });
    old.idempotent.set('POST /v1/cards/:id/load:old-load', { id: 'ic_old', balance: '25' });
    const { operations: _dropped, ...oldFormat } = JSON.parse(storeToJson(old)) as Record<string, unknown>;
    await writeFile(file, JSON.stringify(oldFormat));
    expect(storeFromJson(JSON.stringify(oldFormat)).operations.size).toBe(0);

    const issuer = start(file);
    expect((await move(issuer, 'load', 'ic_old', '25', 'old-load')).json).toEqual({ id: 'ic_old', balance: '25' });
    expect(balanceOf(issuer, 'ic_old')).toBe(2500n);
    expect((await move(issuer, 'load', 'ic_old', '1', 'new-load')).json).toEqual({ id: 'ic_old', balance: '26' });
  });
});
