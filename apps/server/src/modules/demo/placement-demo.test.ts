import { Decimal, type PlacementRound } from '@wallet/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { loadConfig } from '../../platform/config';
import { paymentPinsFrom } from '../auth/payment-pins';
import { secondFactorSettings } from '../auth/second-factor/settings';
import { ledgerViolations } from '../ledger';
import { DEV_OPERATORS, ensureDevOperators } from '../operators/dev-operators';
import { DEMO_NODE_FUNDS, DEMO_ROUND_NAME, seedPlacementDemo } from './placement-demo';
import { DEMO_ACCOUNTS, DEMO_WITHDRAWAL, seedDemoData } from './seed';

const config = loadConfig({ NODE_ENV: 'test' });
const demo = DEMO_ACCOUNTS[0];

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.handle.db;
  await seedDemoData(db, t.app.log, paymentPinsFrom(config));
  await ensureDevOperators({ NODE_ENV: 'development' }, db, secondFactorSettings(config).box);
  // Twice, as two starts of `npm start` do.
  await seedPlacementDemo(db, t.app.log);
  await seedPlacementDemo(db, t.app.log);
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login/password',
    payload: { email: demo.email, password: demo.password },
  });
  token = login.json().token;
});
afterAll(() => t.close());

const asDemo = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': crypto.randomUUID() },
    ...(payload ? { payload } : {}),
  });

async function usdt(): Promise<string> {
  const reply = await asDemo('GET', '/api/v1/wallet/balances');
  return reply.json().balances.find((b: { currency: string }) => b.currency === 'USDT').balance;
}

it('makes one open demo round, as ops@ in the console would, however often it runs', async () => {
  const rounds = await t.database.handle.db.selectFrom('placement_rounds').select(['id', 'created_by']).execute();
  expect(rounds).toHaveLength(1);
  const reply = await asDemo('GET', '/api/v1/placement/rounds');
  expect(reply.statusCode).toBe(200);
  const [round] = reply.json().rounds as PlacementRound[];
  expect(round).toMatchObject({
    name: { en: DEMO_ROUND_NAME },
    status: 'open',
    price: '0.08',
    totalQuantity: '1000000',
    remaining: '1000000',
    minPerMember: '100',
    maxPerMember: '200000',
    kycRequired: false,
    tiers: [
      { quantity: '400000', price: '0.08' },
      { quantity: '600000', price: '0.1' },
    ],
  });
  const days = (Date.parse(round?.endsAt ?? '') - Date.parse(round?.startsAt ?? '')) / 86_400_000;
  expect(days).toBe(90);
  const audit = await t.database.handle.db
    .selectFrom('operator_audit')
    .select(['action', 'operator_email'])
    .where('action', '=', 'placement.round.create')
    .execute();
  expect(audit).toEqual([{ action: 'placement.round.create', operator_email: DEV_OPERATORS[0]?.email }]);
});

it('gives the demo member USDT for ten small nodes once, and the member buys in the round and ten nodes with it', async () => {
  const held = new Decimal(DEMO_WITHDRAWAL.amount).plus(DEMO_WITHDRAWAL.fee);
  const start = new Decimal(demo.funds.USDT).minus(held).plus(DEMO_NODE_FUNDS);
  expect(await usdt()).toBe(start.toFixed());

  const { rounds } = (await asDemo('GET', '/api/v1/placement/rounds')).json() as { rounds: PlacementRound[] };
  const bought = await asDemo('POST', `/api/v1/placement/rounds/${rounds[0]?.id}/purchases`, {
    quantity: '1000',
    expectedAmount: '80',
    paymentPassword: demo.paymentPassword,
  });
  expect(bought.statusCode, bought.body).toBe(200);
  const nodes = await asDemo('POST', '/api/v1/nodes/purchases', {
    quantity: 10,
    expectedAmount: '10000',
    paymentPassword: demo.paymentPassword,
  });
  expect(nodes.statusCode, nodes.body).toBe(200);
  const upgrade = await asDemo('POST', '/api/v1/nodes/upgrades', { paymentPassword: demo.paymentPassword });
  expect(upgrade.statusCode, upgrade.body).toBe(200);
  expect(upgrade.json().nodes).toMatchObject({ small: 0, large: 1 });
  expect(await usdt()).toBe(start.minus(80).minus(10000).toFixed());
  expect(await ledgerViolations(t.database.handle.db)).toEqual([]);
});
