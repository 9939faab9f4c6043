import type { Approval } from '@wallet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PIN, registerUser, setPaymentPin } from '../../../test/accounts';
import { adjustThroughFourEyes, approve, financePair } from '../../../test/approvals';
import { ManualClock } from '../../../test/clock';
import { testOperator } from '../../../test/operators';
import { addPayee, call, createPayoutWorld, type PayoutWorld, sell, usdtOf } from '../../../test/payout';

/** A flash exchange order settled or rejected by hand above approvals.payout_above takes a second operator (ADR 0034). */
let t: PayoutWorld;
const clock = new ManualClock(new Date());

beforeAll(async () => {
  t = await createPayoutWorld({ clock, partner: false });
  const admin = await testOperator(t, ['admin']);
  const set = await t.app.inject({
    method: 'PUT',
    url: '/api/v1/admin/settings/approvals.payout_above',
    headers: admin.headers,
    payload: { value: '50' },
  });
  expect(set.statusCode, set.body).toBe(200);
});
afterAll(() => t.close());

async function orderOf(amount: string) {
  const member = await registerUser(t);
  await setPaymentPin(t, member, PIN);
  await adjustThroughFourEyes(t, member.profile.uid, 'USDT', '200');
  const payee = await addPayee(t, member);
  const placed = await sell(t, member, payee.id, amount);
  expect(placed.statusCode, placed.body).toBe(200);
  return { member, order: placed.json() as { id: string } };
}

const decide = (id: string, outcome: 'arrived' | 'rejected', headers: { authorization: string }) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/payout/orders/${id}/${outcome}`,
    headers,
    payload: outcome === 'arrived' ? { reference: 'DESK-9' } : { reason: 'payee bank closed' },
  });

describe('a flash exchange order decided by hand', () => {
  it('up to the threshold is decided by one operator', async () => {
    const { order } = await orderOf('40');
    const { maker } = await financePair(t);
    const res = await decide(order.id, 'arrived', maker.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: order.id, stage: 'arrived' });
  });

  it('above it is settled only when a second operator approves, with the postings shown first', async () => {
    const { member, order } = await orderOf('100');
    const { maker, checker } = await financePair(t);
    const res = await decide(order.id, 'arrived', maker.headers);
    expect(res.statusCode, res.body).toBe(202);
    const approval = res.json().approval as Approval;
    expect(approval).toMatchObject({ kind: 'payout.arrived', payload: { orderId: order.id, amount: '100', reference: 'DESK-9' } });
    const detail = await t.app.inject({ method: 'GET', url: `/api/v1/admin/approvals/${approval.id}`, headers: checker.headers });
    const accounts = detail.json().preview.postings.map((p: { account: string }) => p.account);
    expect(accounts).toEqual(expect.arrayContaining(['payout_desk', 'fee_revenue']));
    expect((await call(t, member, 'GET', `/api/v1/payout/orders/${order.id}`)).json().status).toBe('in_progress');
    const approved = await approve(t, checker, approval);
    expect(approved.json().approval).toMatchObject({ status: 'approved', result: { orderId: order.id, stage: 'arrived' } });
    expect((await call(t, member, 'GET', `/api/v1/payout/orders/${order.id}`)).json().status).toBe('arrived');
  });

  it('rejected above it returns the USDT only on approval', async () => {
    const { member, order } = await orderOf('120');
    const { maker, checker } = await financePair(t);
    const res = await decide(order.id, 'rejected', maker.headers);
    expect(res.statusCode, res.body).toBe(202);
    expect(await usdtOf(t, member)).toBe('80');
    const approved = await approve(t, checker, res.json().approval);
    expect(approved.json().approval.status).toBe('approved');
    expect(await usdtOf(t, member)).toBe('200');
  });
});
