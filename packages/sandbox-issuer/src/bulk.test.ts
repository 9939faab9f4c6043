import { afterEach, expect, it } from 'vitest';
import { addOpenCards } from './bulk';
import { buildSandboxIssuer, type SandboxIssuer } from './server';

const API_KEY = 'bulk-test-key';
const running: SandboxIssuer[] = [];
afterEach(async () => {
  for (const issuer of running.splice(0)) await issuer.app.close();
});

function start(): SandboxIssuer {
  const issuer = buildSandboxIssuer({ webhookUrl: 'http://127.0.0.1:9/hook', webhookSecret: 'secret', apiKey: API_KEY });
  running.push(issuer);
  return issuer;
}

const get = async (issuer: SandboxIssuer, url: string) =>
  (await issuer.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${API_KEY}` } })).json();

it('adds open cards holding their balances and raises the float by them, as loads through the API would', async () => {
  const issuer = start();
  addOpenCards(issuer.store, [
    { id: 'ic_b', reference: 'card-b', currency: 'USD', balance: '10.5' },
    { id: 'ic_a', reference: 'card-a', currency: 'USD', balance: '0.01' },
    { id: 'ic_c', reference: 'card-c', currency: 'HKD', balance: '0' },
  ]);
  const page = await get(issuer, '/v1/balances?limit=10');
  expect(page.cards).toEqual([
    { id: 'ic_a', currency: 'USD', balance: '0.01', held: '0' },
    { id: 'ic_b', currency: 'USD', balance: '10.5', held: '0' },
    { id: 'ic_c', currency: 'HKD', balance: '0', held: '0' },
  ]);
  expect((await get(issuer, '/v1/float')).balances).toEqual({ HKD: '0', USD: '10.51' });
  expect(issuer.store.cards.get('ic_b')?.state).toBe('open');
});

it('refuses the whole lot, changing nothing, when a card is already there or a balance is not an amount', () => {
  const issuer = start();
  addOpenCards(issuer.store, [{ id: 'ic_a', reference: 'a', currency: 'USD', balance: '5' }]);
  expect(() =>
    addOpenCards(issuer.store, [
      { id: 'ic_new', reference: 'n', currency: 'USD', balance: '1' },
      { id: 'ic_a', reference: 'a', currency: 'USD', balance: '1' },
    ]),
  ).toThrow(/ic_a is already/);
  expect(() => addOpenCards(issuer.store, [{ id: 'ic_x', reference: 'x', currency: 'USD', balance: '1.005' }])).toThrow(/not an amount/);
  expect([...issuer.store.cards.keys()]).toEqual(['ic_a']);
  expect(issuer.store.float.get('USD')).toBe(500n);
});
