import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BSC_ADDRESS, lastCode, registerUser, sendAccountCode, setPaymentPin, TRON_ADDRESS } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { ManualClock } from '../../../test/clock';
import { creditMember } from '../../../test/ledger-fixtures';
import { type TestOperator, testOperator } from '../../../test/operators';
import { ledgerViolations } from '../ledger';

type User = Awaited<ReturnType<typeof registerUser>>;
let t: TestApp;
const clock = new ManualClock();
let admin: TestOperator;
let alice: User;
let bob: User;
const PIN = '135790';

const call = (
  user: { headers: Record<string, string> },
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  key: string | null = randomUUID(),
) =>
  t.app.inject({ method, url, headers: { ...user.headers, ...(key ? { 'idempotency-key': key } : {}) }, ...(payload ? { payload } : {}) });

async function balance(user: User, currency: string): Promise<string> {
  const res = await call(user, 'GET', '/api/v1/wallet/balances');
  return res.json().balances.find((b: { currency: string }) => b.currency === currency)?.balance ?? '0';
}

async function freshCode(user: User, purpose: string) {
  clock.advance(61);
  await sendAccountCode(t, user.token, purpose);
  return lastCode(t, user.email);
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await testOperator(t, ['finance']);
  alice = await registerUser(t);
  bob = await registerUser(t);
  await setPaymentPin(t, alice, PIN);
  await setPaymentPin(t, bob, PIN);
  await creditMember(t, alice.profile.uid, 'USDT', '1000');
});
afterAll(() => t.close());

describe('balances', () => {
  it('lists balances with their value in the display currency', async () => {
    const res = await call(alice, 'GET', '/api/v1/wallet/balances');
    expect(res.json()).toEqual({
      displayCurrency: 'USD',
      totalEstimate: '999.80',
      balances: [{ currency: 'USDT', balance: '1000', estimate: '999.80' }],
    });
  });
});

describe('exchange', () => {
  it('quotes, then executes exactly the quote once', async () => {
    const quote = await call(alice, 'POST', '/api/v1/wallet/exchange/quotes', { from: 'USDT', to: 'JPY', amount: '100' });
    expect(quote.statusCode, quote.body).toBe(200);
    // fee 0.1% of 100 = 0.1 USDT; rate = 0.9998 / 0.00652 * 0.995 = 152.5768...; 99.9 * rate = 15242.42, rounded down to whole yen.
    expect(quote.json()).toMatchObject({ amountIn: '100', fee: '0.1', amountOut: '15242' });
    const key = randomUUID();
    const first = await call(alice, 'POST', '/api/v1/wallet/exchange', { quoteId: quote.json().id, paymentPassword: PIN }, key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await call(alice, 'POST', '/api/v1/wallet/exchange', { quoteId: quote.json().id, paymentPassword: PIN }, key);
    expect(again.headers['idempotency-hit']).toBe('true');
    const newKey = await call(alice, 'POST', '/api/v1/wallet/exchange', { quoteId: quote.json().id, paymentPassword: PIN });
    expect(newKey.json().journalId).toBe(first.json().journalId);
    expect(await balance(alice, 'USDT')).toBe('900');
    expect(await balance(alice, 'JPY')).toBe('15242');
  });

  it('refuses an expired quote, amounts under 10 and pairs not offered', async () => {
    const quote = await call(alice, 'POST', '/api/v1/wallet/exchange/quotes', { from: 'USDT', to: 'USD', amount: '10' });
    clock.advance(31);
    const late = await call(alice, 'POST', '/api/v1/wallet/exchange', { quoteId: quote.json().id, paymentPassword: PIN });
    expect(late.json().error.code).toBe('QUOTE_EXPIRED');
    const small = await call(alice, 'POST', '/api/v1/wallet/exchange/quotes', { from: 'USDT', to: 'USD', amount: '9.99' });
    expect(small.json().error).toMatchObject({ code: 'AMOUNT_BELOW_MINIMUM', details: { minimum: '10' } });
    const pair = await call(alice, 'POST', '/api/v1/wallet/exchange/quotes', { from: 'JPY', to: 'KRW', amount: '1000' });
    expect(pair.json().error.code).toBe('EXCHANGE_PAIR_UNSUPPORTED');
  });

  it('asks for a payment password first', async () => {
    const carol = await registerUser(t);
    const res = await call(carol, 'POST', '/api/v1/wallet/exchange/quotes', { from: 'USDT', to: 'USD', amount: '10' });
    expect(res.json().error.code).toBe('PAYMENT_PASSWORD_NOT_SET');
  });
});

describe('transfer', () => {
  it('shows the recipient, moves the money once, and labels each side', async () => {
    const who = await call(alice, 'GET', `/api/v1/wallet/recipients/${bob.profile.uid}`);
    expect(who.json()).toEqual({
      uid: bob.profile.uid,
      displayName: bob.profile.emailMasked,
      nickname: null,
      maskedEmail: bob.profile.emailMasked,
    });
    const key = randomUUID();
    const body = {
      toUid: bob.profile.uid,
      currency: 'USDT',
      amount: '25.5',
      code: await freshCode(alice, 'transfer'),
      paymentPassword: PIN,
    };
    const sent = await call(alice, 'POST', '/api/v1/wallet/transfers', body, key);
    expect(sent.statusCode, sent.body).toBe(200);
    const replay = await call(alice, 'POST', '/api/v1/wallet/transfers', body, key);
    expect(replay.headers['idempotency-hit']).toBe('true');
    expect(replay.json().id).toBe(sent.json().id);
    expect(await balance(alice, 'USDT')).toBe('874.5');
    expect(await balance(bob, 'USDT')).toBe('25.5');

    const aliceRecords = await t.app.inject({
      method: 'GET',
      url: '/api/v1/wallet/records?type=23',
      headers: { ...alice.headers, 'accept-language': 'zh' },
    });
    expect(aliceRecords.json().records[0]).toMatchObject({ typeCode: 23, label: '转出 (USDT)', amount: '-25.5', balanceAfter: '874.5' });
    const bobRecords = await call(bob, 'GET', '/api/v1/wallet/records');
    expect(bobRecords.json().records[0]).toMatchObject({ typeCode: 113, label: 'Transfer in (USDT)', amount: '25.5' });

    // The detail names the other member, never the internal reference; the family filter finds both sides.
    const sentDetail = await call(alice, 'GET', `/api/v1/wallet/records/${aliceRecords.json().records[0].id}`);
    expect(sentDetail.json().subject).toEqual({
      kind: 'transfer',
      direction: 'out',
      uid: bob.profile.uid,
      email: expect.stringContaining('***'),
    });
    const receivedDetail = await call(bob, 'GET', `/api/v1/wallet/records/${bobRecords.json().records[0].id}`);
    expect(receivedDetail.json().subject).toMatchObject({ kind: 'transfer', direction: 'in', uid: alice.profile.uid });
    const transfers = await call(bob, 'GET', '/api/v1/wallet/records?family=transfers');
    expect(transfers.json().records.map((r: { typeCode: number }) => r.typeCode)).toEqual([113]);
    const deposits = await call(bob, 'GET', '/api/v1/wallet/records?family=deposits');
    expect(deposits.json().records).toEqual([]);
  });

  it('refuses oneself, unknown UIDs, zero, too many decimals and a missing Idempotency-Key', async () => {
    const code = await freshCode(alice, 'transfer');
    const base = { toUid: bob.profile.uid, currency: 'USDT', amount: '1', code, paymentPassword: PIN };
    expect((await call(alice, 'POST', '/api/v1/wallet/transfers', { ...base, toUid: alice.profile.uid })).json().error.code).toBe(
      'TRANSFER_TO_SELF',
    );
    expect((await call(alice, 'POST', '/api/v1/wallet/transfers', { ...base, toUid: '10000000' })).json().error.code).toBe(
      'RECIPIENT_NOT_FOUND',
    );
    expect((await call(alice, 'POST', '/api/v1/wallet/transfers', { ...base, amount: '0' })).json().error.code).toBe('AMOUNT_NOT_POSITIVE');
    expect((await call(alice, 'POST', '/api/v1/wallet/transfers', { ...base, amount: '1.1234567' })).json().error.code).toBe(
      'AMOUNT_TOO_MANY_DECIMALS',
    );
    expect((await call(alice, 'POST', '/api/v1/wallet/transfers', { ...base, amount: '100000' })).json().error.code).toBe(
      'INSUFFICIENT_BALANCE',
    );
    expect((await call(alice, 'POST', '/api/v1/wallet/transfers', base, null)).json().error.code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    // None of those used up the code.
    expect((await call(alice, 'POST', '/api/v1/wallet/transfers', base)).statusCode).toBe(200);
  });

  it('moves money once when the same key arrives 20 times at once', async () => {
    const key = randomUUID();
    const body = { toUid: bob.profile.uid, currency: 'USDT', amount: '2', code: await freshCode(alice, 'transfer'), paymentPassword: PIN };
    const before = await balance(alice, 'USDT');
    const replies = await Promise.all(Array.from({ length: 20 }, () => call(alice, 'POST', '/api/v1/wallet/transfers', body, key)));
    expect(replies.filter((r) => r.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    expect(replies.every((r) => r.statusCode === 200 || r.json().error.code === 'IDEMPOTENCY_IN_PROGRESS')).toBe(true);
    expect(Number(before) - Number(await balance(alice, 'USDT'))).toBe(2);
  });
});

describe('withdrawal', () => {
  it('holds amount plus fee, waits for review, and a rejection returns everything (code 14)', async () => {
    const fees = await call(alice, 'GET', '/api/v1/wallet/withdrawals/fees');
    expect(fees.json()).toEqual({
      minimum: '10.00',
      fees: [
        { network: 'TRON', fee: '1' },
        { network: 'BSC', fee: '0.5' },
      ],
    });
    const before = Number(await balance(alice, 'USDT'));
    const code = await freshCode(alice, 'withdraw');
    const tooSmall = await call(alice, 'POST', '/api/v1/wallet/withdrawals', {
      network: 'TRON',
      address: TRON_ADDRESS,
      amount: '9.99',
      code,
      paymentPassword: PIN,
    });
    expect(tooSmall.json().error).toMatchObject({ code: 'AMOUNT_BELOW_MINIMUM', details: { minimum: '10.00' } });
    const badAddress = await call(alice, 'POST', '/api/v1/wallet/withdrawals', {
      network: 'TRON',
      address: BSC_ADDRESS,
      amount: '10',
      code,
      paymentPassword: PIN,
    });
    expect(badAddress.json().error.code).toBe('ADDRESS_INVALID');

    const res = await call(alice, 'POST', '/api/v1/wallet/withdrawals', {
      network: 'TRON',
      address: TRON_ADDRESS,
      amount: '10',
      code,
      paymentPassword: PIN,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'pending_review',
      amount: '10',
      fee: '1',
      total: '11',
      history: [{ status: 'pending_review' }],
    });
    expect(Number(await balance(alice, 'USDT'))).toBe(before - 11);

    // A member's session is nobody on the console's API; an operator without the permission is refused.
    const stranger = await call(alice, 'POST', `/api/v1/admin/withdrawals/${res.json().id}/reject`, { reason: 'nope' });
    expect(stranger.statusCode).toBe(401);
    const support = await testOperator(t, ['support']);
    const forbidden = await call(support, 'POST', `/api/v1/admin/withdrawals/${res.json().id}/reject`, { reason: 'nope' });
    expect(forbidden.statusCode).toBe(403);
    const rejected = await call(admin, 'POST', `/api/v1/admin/withdrawals/${res.json().id}/reject`, {
      reason: 'address on a sanctions list',
    });
    expect(rejected.json()).toMatchObject({
      status: 'rejected',
      history: [
        { status: 'pending_review', note: null },
        { status: 'rejected', note: { code: 'rejected', params: { reason: 'address on a sanctions list' } } },
      ],
    });
    expect(Number(await balance(alice, 'USDT'))).toBe(before);
    const records = await call(alice, 'GET', '/api/v1/wallet/records?type=14');
    expect(records.json().records[0]).toMatchObject({ amount: '11', label: 'Withdrawal failed' });
    const twice = await call(admin, 'POST', `/api/v1/admin/withdrawals/${res.json().id}/approve`, {});
    expect(twice.json().error.code).toBe('WITHDRAWAL_NOT_PENDING');
  });

  it('is marked sent when approved, and listed with its history', async () => {
    const res = await call(alice, 'POST', '/api/v1/wallet/withdrawals', {
      network: 'BSC',
      address: BSC_ADDRESS,
      amount: '20',
      code: await freshCode(alice, 'withdraw'),
      paymentPassword: PIN,
    });
    const pending = await call(admin, 'GET', '/api/v1/admin/withdrawals');
    expect(pending.json().withdrawals.map((w: { id: string }) => w.id)).toContain(res.json().id);
    const approved = await call(admin, 'POST', `/api/v1/admin/withdrawals/${res.json().id}/approve`, { txHash: `0x${'ab'.repeat(32)}` });
    expect(approved.json().status).toBe('completed');
    expect(approved.json().history.map((step: { note: unknown }) => step.note)).toEqual([
      null,
      { code: 'reviewed_by_operator', params: {} },
      { code: 'sent_by_operator', params: { txHash: `0x${'ab'.repeat(32)}` } },
    ]);
    const list = await call(alice, 'GET', '/api/v1/wallet/withdrawals');
    expect(list.json().withdrawals[0]).toMatchObject({ id: res.json().id, status: 'completed', total: '20.5' });
    const other = await call(bob, 'GET', `/api/v1/wallet/withdrawals/${res.json().id}`);
    expect(other.json().error.code).toBe('WITHDRAWAL_NOT_FOUND');
  });
});

describe('records', () => {
  it('pages newest first with a cursor, filters, and hides other users', async () => {
    const first = await call(alice, 'GET', '/api/v1/wallet/records?limit=2');
    expect(first.json().records).toHaveLength(2);
    const next = await call(alice, 'GET', `/api/v1/wallet/records?limit=2&cursor=${first.json().nextCursor}`);
    expect(Number(next.json().records[0].id)).toBeLessThan(Number(first.json().records[1].id));
    const jpy = await call(alice, 'GET', '/api/v1/wallet/records?currency=JPY');
    expect(jpy.json().records.every((r: { currency: string }) => r.currency === 'JPY')).toBe(true);
    const one = await call(alice, 'GET', `/api/v1/wallet/records/${first.json().records[0].id}`);
    expect(one.json().id).toBe(first.json().records[0].id);
    const stolen = await call(bob, 'GET', `/api/v1/wallet/records/${first.json().records[0].id}`);
    expect(stolen.json().error.code).toBe('RECORD_NOT_FOUND');
  });

  it('keep the books balanced after everything above', async () => {
    expect(await ledgerViolations(t.database.handle.db)).toEqual([]);
    const audit = await t.database.handle.db
      .selectFrom('operator_audit')
      .select(['action', 'operator_id', 'member_uid'])
      .where('action', 'like', 'withdrawal.%')
      .orderBy('seq')
      .execute();
    expect(audit).toEqual([
      { action: 'withdrawal.reject', operator_id: admin.id, member_uid: alice.profile.uid },
      { action: 'withdrawal.approve', operator_id: admin.id, member_uid: alice.profile.uid },
    ]);
  });
});
