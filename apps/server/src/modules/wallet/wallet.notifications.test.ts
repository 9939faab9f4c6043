import { randomUUID } from 'node:crypto';
import { Decimal } from '@wallet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BSC_ADDRESS, lastCode, registerUser, sendAccountCode, setPaymentPin, TRON_ADDRESS } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { ManualClock } from '../../../test/clock';
import { creditMember } from '../../../test/ledger-fixtures';
import { failNotificationWrites, mailsTo, notificationsAbout, notificationsOf, setLanguage, userIdOf } from '../../../test/notifications';
import { type TestOperator, testOperator } from '../../../test/operators';
import { loadConfig } from '../../platform/config';
import { createMailer } from '../../platform/mail';
import { markWithdrawalBroadcast, markWithdrawalSending, returnWithdrawalToApproved } from './withdrawal-sending';

/** What members are told of transfers and withdrawals: once per event, in the event's transaction. */
type User = Awaited<ReturnType<typeof registerUser>>;
let t: TestApp;
const clock = new ManualClock();
let admin: TestOperator;
let alice: User;
let bob: User;
let aliceId: string;
let bobId: string;
const PIN = '135790';

const call = (
  user: { headers: Record<string, string> },
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  key: string | null = randomUUID(),
) =>
  t.app.inject({ method, url, headers: { ...user.headers, ...(key ? { 'idempotency-key': key } : {}) }, ...(payload ? { payload } : {}) });

async function freshCode(user: User, purpose: string) {
  clock.advance(61);
  await sendAccountCode(t, user.token, purpose);
  return lastCode(t, user.email);
}

async function withdraw(amount: string, network: 'TRON' | 'BSC' = 'TRON') {
  const res = await call(alice, 'POST', '/api/v1/wallet/withdrawals', {
    network,
    address: network === 'TRON' ? TRON_ADDRESS : BSC_ADDRESS,
    amount,
    code: await freshCode(alice, 'withdraw'),
    paymentPassword: PIN,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; address: string; fee: string };
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await testOperator(t, ['finance']);
  alice = await registerUser(t);
  bob = await registerUser(t);
  aliceId = await userIdOf(t, alice.email);
  bobId = await userIdOf(t, bob.email);
  await setPaymentPin(t, alice, PIN);
  await setPaymentPin(t, bob, PIN);
  await creditMember(t, alice.profile.uid, 'USDT', '1000');
});
afterAll(() => t.close());

describe('a transfer by UID', () => {
  it('tells the recipient once, with the record their records page opens; a replay tells nobody again', async () => {
    const key = randomUUID();
    const body = {
      toUid: bob.profile.uid,
      currency: 'USDT',
      amount: '12.5',
      code: await freshCode(alice, 'transfer'),
      paymentPassword: PIN,
    };
    expect((await call(alice, 'POST', '/api/v1/wallet/transfers', body, key)).statusCode).toBe(200);
    // The same request again (a retried reply) and the same key at once moves nothing and tells nothing.
    await Promise.all([1, 2, 3].map(() => call(alice, 'POST', '/api/v1/wallet/transfers', body, key)));

    const told = await notificationsOf(t, bobId);
    expect(told).toEqual([
      {
        code: 'transfer_received',
        params: { amount: '12.5', currency: 'USDT', fromUid: alice.profile.uid },
        ref_kind: 'record',
        ref_id: expect.stringMatching(/^\d+$/),
      },
    ]);
    const record = await call(bob, 'GET', `/api/v1/wallet/records/${told[0]?.ref_id}`);
    expect(record.json()).toMatchObject({ typeCode: 113, amount: '12.5', currency: 'USDT' });
    expect(await notificationsOf(t, aliceId, 'transfer_received')).toEqual([]);
  });

  it('tells nothing of a refused transfer, nor of one whose transaction rolls back', async () => {
    const before = await notificationsOf(t, bobId);
    const code = await freshCode(alice, 'transfer');
    const body = { toUid: bob.profile.uid, currency: 'USDT', amount: '100000', code, paymentPassword: PIN };
    expect((await call(alice, 'POST', '/api/v1/wallet/transfers', body)).json().error.code).toBe('INSUFFICIENT_BALANCE');

    const restore = await failNotificationWrites(t);
    const failed = await call(alice, 'POST', '/api/v1/wallet/transfers', { ...body, amount: '3' });
    await restore();
    expect(failed.statusCode).toBe(500);
    expect(await notificationsOf(t, bobId)).toEqual(before);
    // Nothing of it happened: the code is still live and the money moves on the next try.
    expect((await call(alice, 'POST', '/api/v1/wallet/transfers', { ...body, amount: '3' })).statusCode).toBe(200);
    expect((await notificationsOf(t, bobId, 'transfer_received')).map((n) => n.params.amount)).toEqual(['12.5', '3']);
  });
});

describe('a withdrawal', () => {
  it('rejected by an operator: the member is told once that it failed, the amount exactly', async () => {
    const w = await withdraw('10.25');
    expect((await call(admin, 'POST', `/api/v1/admin/withdrawals/${w.id}/reject`, { reason: 'sanctions' })).statusCode).toBe(200);
    const again = await call(admin, 'POST', `/api/v1/admin/withdrawals/${w.id}/reject`, { reason: 'sanctions' });
    expect(again.json().error.code).toBe('WITHDRAWAL_NOT_PENDING');
    expect(await notificationsAbout(t, 'withdrawal', w.id)).toEqual([
      // The whole hold came back: the amount and its fee.
      {
        user_id: aliceId,
        code: 'withdrawal_failed',
        params: { amount: '10.25', returned: new Decimal('10.25').plus(w.fee).toFixed(), currency: 'USDT', network: 'TRON' },
      },
    ]);
  });

  it('marked sent by an operator: a notification and a mail in the member language, once', async () => {
    await setLanguage(t, aliceId, 'ja');
    const w = await withdraw('20.1', 'BSC');
    const approved = await call(admin, 'POST', `/api/v1/admin/withdrawals/${w.id}/approve`, { txHash: `0x${'ab'.repeat(32)}` });
    expect(approved.json().status).toBe('completed');
    expect((await call(admin, 'POST', `/api/v1/admin/withdrawals/${w.id}/approve`, {})).json().error.code).toBe('WITHDRAWAL_NOT_PENDING');
    expect(await notificationsAbout(t, 'withdrawal', w.id)).toEqual([
      { user_id: aliceId, code: 'withdrawal_sent', params: { amount: '20.1', currency: 'USDT', network: 'BSC', address: w.address } },
    ]);
    const mails = (await mailsTo(t, alice.email)).filter((m) => m.subject.startsWith('出金を送信しました'));
    expect(mails).toEqual([{ subject: '出金を送信しました：20.1 USDT', text_body: expect.stringContaining(w.address) }]);
    await setLanguage(t, aliceId, 'en');
  });

  it('whose decision rolls back tells nothing and mails nothing; decided again, it tells once', async () => {
    const w = await withdraw('11', 'BSC');
    const mailsBefore = (await mailsTo(t, alice.email)).length;
    const restore = await failNotificationWrites(t);
    const failed = await call(admin, 'POST', `/api/v1/admin/withdrawals/${w.id}/approve`, {});
    await restore();
    expect(failed.statusCode).toBe(500);
    expect((await call(alice, 'GET', `/api/v1/wallet/withdrawals/${w.id}`)).json().status).toBe('pending_review');
    expect(await notificationsAbout(t, 'withdrawal', w.id)).toEqual([]);
    expect(await mailsTo(t, alice.email)).toHaveLength(mailsBefore);
    expect((await call(admin, 'POST', `/api/v1/admin/withdrawals/${w.id}/approve`, {})).statusCode).toBe(200);
    expect((await notificationsAbout(t, 'withdrawal', w.id)).map((n) => n.code)).toEqual(['withdrawal_sent']);
    expect(await mailsTo(t, alice.email)).toHaveLength(mailsBefore + 1);
  });

  it('sent by the chain sender is told once, even when it is signed and broadcast again after expiring', async () => {
    const w = await withdraw('15');
    // As if approved for the chain sender (this app has none configured).
    await t.database.handle.db.updateTable('withdrawals').set({ status: 'approved' }).where('id', '=', w.id).execute();
    const db = t.database.handle.db;
    const deps = { db, clock, log: t.app.log, mailer: createMailer(loadConfig({ NODE_ENV: 'test' }), db, t.app.log) };
    const sign = (n: number) => ({ nonce: BigInt(n), raw: `raw-${n}-${w.id}`, txHash: `hash-${n}-${w.id}` });
    expect(await markWithdrawalSending(deps, w.id, sign(1))).toBe(true);
    expect(await notificationsAbout(t, 'withdrawal', w.id)).toEqual([]);
    await markWithdrawalBroadcast(deps, w.id, `hash-1-${w.id}`);
    await markWithdrawalBroadcast(deps, w.id, `hash-1-${w.id}`); // a second run: not sending any more, changes nothing
    await returnWithdrawalToApproved(deps, w.id, `hash-1-${w.id}`, 'confirming');
    expect(await markWithdrawalSending(deps, w.id, sign(2))).toBe(true);
    await markWithdrawalBroadcast(deps, w.id, `hash-2-${w.id}`);
    expect(await notificationsAbout(t, 'withdrawal', w.id)).toEqual([
      { user_id: aliceId, code: 'withdrawal_sent', params: { amount: '15', currency: 'USDT', network: 'TRON', address: w.address } },
    ]);
    expect((await mailsTo(t, alice.email)).filter((m) => m.subject === 'Withdrawal sent: 15 USDT')).toHaveLength(1);
  });
});
