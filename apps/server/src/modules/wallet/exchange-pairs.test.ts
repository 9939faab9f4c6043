import { EXCHANGE_PAIRS } from '@wallet/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { registerUser } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { type TestOperator, testOperator } from '../../../test/operators';

type User = Awaited<ReturnType<typeof registerUser>>;
let t: TestApp;
let admin: TestOperator;
let alice: User;

beforeAll(async () => {
  t = await createTestApp();
  admin = await testOperator(t, ['finance']);
  alice = await registerUser(t);
});
afterAll(() => t.close());

const pairs = async (user: User) => t.app.inject({ method: 'GET', url: '/api/v1/wallet/exchange/pairs', headers: user.headers });
const key = (pair: { from: string; to: string }) => `${pair.from}>${pair.to}`;

it('lists the seeded pairs, and leaves out a pair an operator turned off', async () => {
  const all = await pairs(alice);
  expect(all.statusCode, all.body).toBe(200);
  expect(all.json().pairs.map(key).sort()).toEqual(EXCHANGE_PAIRS.map(key).sort());

  const off = await t.app.inject({
    method: 'PUT',
    url: '/api/v1/admin/pairs/ABI/USD',
    headers: admin.headers,
    payload: { spread: '0.005', feeRate: '0.001', enabled: false },
  });
  expect(off.statusCode, off.body).toBe(200);
  const after = (await pairs(alice)).json().pairs.map(key);
  expect(after).not.toContain('ABI>USD');
  expect(after).toHaveLength(EXCHANGE_PAIRS.length - 1);
});

it('needs a session', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/wallet/exchange/pairs' });
  expect(res.statusCode).toBe(401);
});
