import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { lastCode, registerUser, sendAccountCode, setPaymentPin, TRON_ADDRESS } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { ManualClock } from '../../../test/clock';
import { creditMember } from '../../../test/ledger-fixtures';
import { ledgerViolations } from '../ledger';

/**
 * Many money-moving requests at once through the whole API, from one account that can afford only
 * some of them. Every operation costs exactly 10 USDT (withdrawal fees are zero here), so the
 * account's 1000 USDT pays for exactly 100 of them, whichever kinds win the race.
 */
type User = Awaited<ReturnType<typeof registerUser>>;
let t: TestApp;
const clock = new ManualClock();
let alice: User;
let bob: User;
const PIN = '135790';

const call = (user: User, method: 'GET' | 'POST', url: string, payload?: object, key = randomUUID()) =>
  t.app.inject({ method, url, headers: { ...user.headers, 'idempotency-key': key }, ...(payload ? { payload } : {}) });

async function usdt(user: User): Promise<string> {
  const res = await call(user, 'GET', '/api/v1/wallet/balances');
  return res.json().balances.find((b: { currency: string }) => b.currency === 'USDT')?.balance ?? '0';
}

async function freshCode(user: User, purpose: string) {
  clock.advance(61);
  await sendAccountCode(t, user.token, purpose);
  return lastCode(t, user.email);
}

beforeAll(async () => {
  t = await createTestApp({ clock, env: { WITHDRAW_FEES: '{"TRON":"0","BSC":"0"}' } });
  alice = await registerUser(t);
  bob = await registerUser(t);
  await setPaymentPin(t, alice, PIN);
  await creditMember(t, alice.profile.uid, 'USDT', '1000');
});
afterAll(() => t.close());

it('lets exactly 100 of 200 parallel exchanges, transfers and withdrawals through, and nothing goes negative', async () => {
  // One code is live per purpose, so one transfer and one withdrawal race the 198 exchanges.
  const transferCode = await freshCode(alice, 'transfer');
  const withdrawCode = await freshCode(alice, 'withdraw');
  const quotes = [];
  for (let i = 0; i < 198; i++) {
    const quote = await call(alice, 'POST', '/api/v1/wallet/exchange/quotes', { from: 'USDT', to: i % 2 ? 'USD' : 'HKD', amount: '10' });
    expect(quote.statusCode, quote.body).toBe(200);
    quotes.push(quote.json().id as string);
  }

  const replies = await Promise.all([
    ...quotes.map((quoteId) => call(alice, 'POST', '/api/v1/wallet/exchange', { quoteId, paymentPassword: PIN })),
    call(alice, 'POST', '/api/v1/wallet/transfers', {
      toUid: bob.profile.uid,
      currency: 'USDT',
      amount: '10',
      code: transferCode,
      paymentPassword: PIN,
    }),
    call(alice, 'POST', '/api/v1/wallet/withdrawals', {
      network: 'TRON',
      address: TRON_ADDRESS,
      amount: '10',
      code: withdrawCode,
      paymentPassword: PIN,
    }),
  ]);

  const ok = replies.filter((r) => r.statusCode === 200);
  const refused = replies.filter((r) => r.statusCode !== 200);
  expect(ok.length).toBe(100);
  expect(refused.map((r) => r.json().error.code)).toEqual(Array(100).fill('INSUFFICIENT_BALANCE'));
  expect(await usdt(alice)).toBe('0');
  expect(await ledgerViolations(t.database.handle.db)).toEqual([]);
  const negative = await t.database.handle.db
    .selectFrom('ledger_accounts')
    .select('id')
    .where('user_id', 'is not', null)
    .where('balance', '<', '0')
    .execute();
  expect(negative).toEqual([]);
});
