import { afterEach, describe, expect, it } from 'vitest';
import { storeFromJson, storeToJson } from './persist';
import { buildSandboxIssuer, type SandboxIssuer } from './server';

const API_KEY = 'balances-test-key';
const auth = { authorization: `Bearer ${API_KEY}` };

const running: SandboxIssuer[] = [];
afterEach(async () => {
  for (const issuer of running.splice(0)) await issuer.app.close();
});

function start(): SandboxIssuer {
  // No app answers authorizations: the stand-in decision approves, so purchases hold money.
  const issuer = buildSandboxIssuer({
    webhookUrl: 'http://127.0.0.1:9/hook',
    webhookSecret: 'secret',
    apiKey: API_KEY,
    retryDelayMs: 1,
    authorizationTimeoutMs: 50,
    defaultDecision: 'approve',
  });
  running.push(issuer);
  return issuer;
}

async function send(issuer: SandboxIssuer, method: 'GET' | 'POST', url: string, payload?: object, key?: string) {
  const res = await issuer.app.inject({
    method,
    url,
    headers: { ...auth, ...(key ? { 'idempotency-key': key } : {}) },
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, json: res.json() as Record<string, unknown> & { error?: { code: string } } };
}

async function newCard(issuer: SandboxIssuer, currency = 'USD'): Promise<string> {
  const holder = await send(issuer, 'POST', '/v1/cardholders', { reference: 'u1', firstName: 'Ann', lastName: 'Lee' });
  const card = await send(issuer, 'POST', '/v1/cards', { cardholderId: holder.json.id, type: 'virtual', currency });
  return card.json.id as string;
}

type Page = { asOf: string; cards: Array<{ id: string; currency: string; balance: string; held: string }>; nextCursor: string | null };

async function listAll(issuer: SandboxIssuer, limit: number, between?: () => Promise<unknown>) {
  const pages: Page[] = [];
  let cursor: string | null = null;
  do {
    const res = await send(issuer, 'GET', `/v1/balances?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.status).toBe(200);
    const page = res.json as unknown as Page;
    pages.push(page);
    cursor = page.nextCursor;
    await between?.();
  } while (cursor);
  return pages;
}

describe('balances and float for reconciliation', () => {
  it('lists every card once, in id order, all pages for the same asOf, while cards keep moving', async () => {
    const issuer = start();
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push(await newCard(issuer));
    for (const [i, id] of ids.entries()) await send(issuer, 'POST', `/v1/cards/${id}/load`, { amount: `${i + 1}.5` }, `k${i}`);
    let n = 0;
    // A load between pages must not show up in the listing taken before it.
    const pages = await listAll(issuer, 3, () => send(issuer, 'POST', `/v1/cards/${ids[6]}/load`, { amount: '100' }, `late${n++}`));
    expect(pages).toHaveLength(3);
    expect(new Set(pages.map((page) => page.asOf)).size).toBe(1);
    const cards = pages.flatMap((page) => page.cards);
    expect(cards.map((card) => card.id)).toEqual([...ids].sort());
    expect(cards.find((card) => card.id === ids[6])).toEqual({ id: ids[6], currency: 'USD', balance: '7.5', held: '0' });
  });

  it('shows holds apart from the balance, and keeps the float equal to cards plus holds through purchases and clearings', async () => {
    const issuer = start();
    const usd = await newCard(issuer);
    const hkd = await newCard(issuer, 'HKD');
    await send(issuer, 'POST', `/v1/cards/${usd}/load`, { amount: '50' }, 'a');
    await send(issuer, 'POST', `/v1/cards/${usd}/unload`, { amount: '5' }, 'b');
    await send(issuer, 'POST', `/v1/cards/${hkd}/load`, { amount: '80' }, 'c');
    const bought = await issuer.app.inject({ method: 'POST', url: `/sandbox/cards/${usd}/purchase`, payload: { amount: '12.25' } });
    const held = await issuer.app.inject({ method: 'POST', url: `/sandbox/cards/${hkd}/purchase`, payload: { amount: '30' } });
    expect(bought.json().approved).toBe(true);
    await issuer.app.inject({ method: 'POST', url: `/sandbox/authorizations/${bought.json().id}/clearing`, payload: { amount: '10' } });
    await issuer.app.inject({ method: 'POST', url: `/sandbox/authorizations/${bought.json().id}/refund`, payload: { amount: '4' } });

    const [page] = await listAll(issuer, 10);
    const byId = new Map(page?.cards.map((card) => [card.id, card]));
    expect(byId.get(usd)).toMatchObject({ balance: '39', held: '0' });
    expect(byId.get(hkd)).toMatchObject({ balance: '50', held: '30' });
    expect(held.json().approved).toBe(true);
    const float = await send(issuer, 'GET', '/v1/float');
    expect(float.json.balances).toEqual({ HKD: '80', USD: '39' });
  });

  it('plants a load at the issuer only: the card and the float rise, nothing is sent to the app', async () => {
    const issuer = start();
    const card = await newCard(issuer);
    const planted = await issuer.app.inject({
      method: 'POST',
      url: `/sandbox/cards/${card}/load-at-issuer-only`,
      payload: { amount: '7.25' },
    });
    expect(planted.statusCode).toBe(200);
    expect(planted.json()).toMatchObject({ balance: '7.25', float: { USD: '7.25' } });
    expect([...issuer.store.events.values()].filter((event) => event.type !== 'card.opened')).toEqual([]);
    const bad = await issuer.app.inject({ method: 'POST', url: `/sandbox/cards/${card}/load-at-issuer-only`, payload: { amount: '-1' } });
    expect(bad.statusCode).toBe(400);
    expect(
      (await issuer.app.inject({ method: 'POST', url: '/sandbox/cards/ic_none/load-at-issuer-only', payload: { amount: '1' } })).statusCode,
    ).toBe(404);
  });

  it('refuses an unknown cursor and a limit above 5000, and answers 503 while down', async () => {
    const issuer = start();
    expect((await send(issuer, 'GET', '/v1/balances?limit=5001')).status).toBe(400);
    expect((await send(issuer, 'GET', '/v1/balances?cursor=nope.3')).json.error?.code).toBe('invalid_cursor');
    await issuer.app.inject({ method: 'POST', url: '/sandbox/faults', payload: { mode: 'down', ms: 60_000 } });
    expect((await send(issuer, 'GET', '/v1/balances')).status).toBe(503);
    expect((await send(issuer, 'GET', '/v1/float')).status).toBe(503);
    expect((await issuer.app.inject({ method: 'GET', url: '/v1/float' })).statusCode).not.toBe(200);
  });

  it('keeps the float across a restart, and starts an older file from its cards and holds', async () => {
    const issuer = start();
    const card = await newCard(issuer);
    await send(issuer, 'POST', `/v1/cards/${card}/load`, { amount: '9' }, 'k');
    await issuer.app.inject({ method: 'POST', url: `/sandbox/cards/${card}/load-at-issuer-only`, payload: { amount: '1' } });
    const saved = storeToJson(issuer.store);
    expect(storeFromJson(saved).float.get('USD')).toBe(1000n);
    const { float: _dropped, ...older } = JSON.parse(saved) as Record<string, unknown>;
    expect(storeFromJson(JSON.stringify(older)).float.get('USD')).toBe(1000n);
  });
});
