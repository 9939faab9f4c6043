import { Decimal } from '@wallet/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { loadConfig } from '../../platform/config';
import { paymentPinsFrom } from '../auth/payment-pins';
import { ledgerViolations } from '../ledger';
import { DEMO_ACCOUNTS, DEMO_WITHDRAWAL, seedDemoData } from './seed';

const pins = paymentPinsFrom(loadConfig({ NODE_ENV: 'test' }));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('creates demo accounts with money once, however often it runs, and they can sign in', async () => {
  await seedDemoData(t.database.handle.db, t.app.log, pins);
  await seedDemoData(t.database.handle.db, t.app.log, pins);
  const demo = DEMO_ACCOUNTS[0];
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login/password',
    payload: { email: demo.email, password: demo.password },
  });
  expect(login.statusCode).toBe(200);
  expect(login.json().profile.paymentPasswordSet).toBe(true);
  const balances = await t.app.inject({
    method: 'GET',
    url: '/api/v1/wallet/balances',
    headers: { authorization: `Bearer ${login.json().token}` },
  });
  // The seeded withdrawal waiting for review holds its amount and fee.
  const held = new Decimal(DEMO_WITHDRAWAL.amount).plus(DEMO_WITHDRAWAL.fee);
  expect(balances.json().balances.find((b: { currency: string }) => b.currency === 'USDT').balance).toBe(
    new Decimal(demo.funds.USDT).minus(held).toFixed(),
  );
  const pending = await t.database.handle.db.selectFrom('withdrawals').select(['status', 'amount']).execute();
  expect(pending).toEqual([{ status: 'pending_review', amount: expect.stringMatching(/^120(\.0+)?$/) }]);
  expect(await ledgerViolations(t.database.handle.db)).toEqual([]);
});
