import { randomUUID } from 'node:crypto';
import type { Approval } from '@wallet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BSC_ADDRESS, lastCode, registerUser, sendAccountCode, setPaymentPin } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { adjustThroughFourEyes, approve, financePair } from '../../../test/approvals';
import { ManualClock } from '../../../test/clock';
import { type TestOperator, testOperator } from '../../../test/operators';

/** The console settings, and the thresholds they set above which a withdrawal takes a second operator. */
type User = Awaited<ReturnType<typeof registerUser>>;
let t: TestApp;
const clock = new ManualClock(new Date());
let admin: TestOperator;
let alice: User;
const PIN = '135790';

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await testOperator(t, ['admin']);
  alice = await registerUser(t);
  await setPaymentPin(t, alice, PIN);
  await adjustThroughFourEyes(t, alice.profile.uid, 'USDT', '500');
});
afterAll(() => t.close());

const setSetting = (key: string, value: string, operator = admin) =>
  t.app.inject({ method: 'PUT', url: `/api/v1/admin/settings/${key}`, headers: operator.headers, payload: { value } });

async function withdraw(amount: string): Promise<string> {
  clock.advance(61);
  await sendAccountCode(t, alice.token, 'withdraw');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/wallet/withdrawals',
    headers: { ...alice.headers, 'idempotency-key': randomUUID() },
    payload: { network: 'BSC', address: BSC_ADDRESS, amount, code: await lastCode(t, alice.email), paymentPassword: PIN },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().status).toBe('pending_review');
  return res.json().id;
}

const approveWithdrawal = (id: string, operator: TestOperator) =>
  t.app.inject({ method: 'POST', url: `/api/v1/admin/withdrawals/${id}/approve`, headers: operator.headers, payload: {} });

describe('console settings', () => {
  it('are listed with their defaults, changed by an admin with an audit entry, and checked', async () => {
    const listed = await t.app.inject({ method: 'GET', url: '/api/v1/admin/settings', headers: admin.headers });
    expect(listed.json().items).toContainEqual({
      key: 'approvals.expiry_hours',
      value: '24',
      default: '24',
      updatedAt: null,
      updatedBy: null,
    });
    expect((await setSetting('approvals.expiry_hours', '0')).json().error.code).toBe('CONSOLE_SETTING_INVALID');
    expect((await setSetting('approvals.withdrawal_above', '-5')).json().error.code).toBe('CONSOLE_SETTING_INVALID');
    expect((await setSetting('no.such_key', '5')).json().error.code).toBe('VALIDATION_FAILED');
    const { maker } = await financePair(t);
    expect((await setSetting('approvals.expiry_hours', '48', maker)).json().error.code).toBe('FORBIDDEN');
    expect((await setSetting('approvals.expiry_hours', '48')).statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/v1/admin/settings', headers: admin.headers });
    expect(after.json().items).toContainEqual(
      expect.objectContaining({ key: 'approvals.expiry_hours', value: '48', updatedBy: admin.email }),
    );
    const entry = await t.database.handle.db
      .selectFrom('operator_audit')
      .select(['before', 'after'])
      .where('action', '=', 'setting.change')
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({ before: { value: '24' }, after: { value: '48' } });
    expect((await setSetting('approvals.expiry_hours', '24')).statusCode).toBe(200);
  });
});

describe('a withdrawal', () => {
  it('up to approvals.withdrawal_above is approved by one operator', async () => {
    expect((await setSetting('approvals.withdrawal_above', '100')).statusCode).toBe(200);
    const id = await withdraw('100');
    const { maker } = await financePair(t);
    const res = await approveWithdrawal(id, maker);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('completed');
  });

  it('above it becomes a request that a second operator approves, with the postings shown first', async () => {
    const id = await withdraw('150');
    const { maker, checker } = await financePair(t);
    const res = await approveWithdrawal(id, maker);
    expect(res.statusCode, res.body).toBe(202);
    const approval = res.json().approval as Approval;
    expect(approval).toMatchObject({ kind: 'withdrawal.approve', payload: { withdrawalId: id, amount: '150' } });
    const detail = await t.app.inject({ method: 'GET', url: `/api/v1/admin/approvals/${approval.id}`, headers: checker.headers });
    expect(detail.json().preview.postings).toContainEqual(expect.objectContaining({ account: 'chain_outbound:BSC', amount: '150' }));
    const still = await t.app.inject({ method: 'GET', url: `/api/v1/wallet/withdrawals/${id}`, headers: alice.headers });
    expect(still.json().status).toBe('pending_review');

    expect((await approve(t, maker, approval)).json().error.code).toBe('APPROVAL_OWN_REQUEST');
    const approved = await approve(t, checker, approval);
    expect(approved.json().approval).toMatchObject({ status: 'approved' });
    const done = await t.app.inject({ method: 'GET', url: `/api/v1/wallet/withdrawals/${id}`, headers: alice.headers });
    expect(done.json().status).toBe('completed');
    const entry = await t.database.handle.db
      .selectFrom('operator_audit')
      .select(['operator_id', 'after'])
      .where('action', '=', 'withdrawal.approve')
      .where('object', '=', `withdrawal:${id}`)
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ operator_id: checker.id, after: { approvalId: approval.id, maker: maker.email } });
  });

  it('approved through four eyes after it was already decided ends the request failed', async () => {
    const id = await withdraw('120');
    const { maker, checker } = await financePair(t);
    const approval = (await approveWithdrawal(id, maker)).json().approval as Approval;
    const rejected = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/withdrawals/${id}/reject`,
      headers: checker.headers,
      payload: { reason: 'address flagged' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const late = await approve(t, checker, approval);
    expect(late.json().approval).toMatchObject({ status: 'failed', errorCode: 'WITHDRAWAL_NOT_PENDING' });
  });
});
