import { randomUUID } from 'node:crypto';
import type { Approval, Currency } from '@wallet/contract';
import { expect } from 'vitest';
import type { TestApp } from './app';
import { type TestOperator, testOperator } from './operators';

/** Two finance operators: one asks, the other approves (four eyes). Made once per app. */
const pairs = new WeakMap<TestApp, Promise<{ maker: TestOperator; checker: TestOperator }>>();

export function financePair(t: TestApp) {
  let pair = pairs.get(t);
  if (!pair) {
    pair = Promise.all([testOperator(t, ['finance']), testOperator(t, ['finance'])]).then(([maker, checker]) => ({ maker, checker }));
    pairs.set(t, pair);
  }
  return pair;
}

/** Asks for an adjustment as `maker`: the reply (202 with the approval request, or an error). */
export function requestAdjustment(
  t: TestApp,
  maker: TestOperator,
  uid: string,
  currency: Currency,
  amount: string,
  key: string = randomUUID(),
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/users/${uid}/adjustments`,
    headers: { ...maker.headers, 'idempotency-key': key },
    payload: { currency, amount, reason: 'test adjustment' },
  });
}

export function approve(t: TestApp, checker: TestOperator, approval: Pick<Approval, 'id' | 'payloadHash'>) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/approvals/${approval.id}/approve`,
    headers: checker.headers,
    payload: { payloadHash: approval.payloadHash },
  });
}

/** Credits (or debits, with a negative amount) a member through four eyes, as the console does: asked, then approved. */
export async function adjustThroughFourEyes(t: TestApp, uid: string, currency: Currency, amount: string): Promise<Approval> {
  const { maker, checker } = await financePair(t);
  const asked = await requestAdjustment(t, maker, uid, currency, amount);
  expect(asked.statusCode, asked.body).toBe(202);
  const approved = await approve(t, checker, asked.json().approval);
  expect(approved.statusCode, approved.body).toBe(200);
  const approval = approved.json().approval as Approval;
  expect(approval.status, approved.body).toBe('approved');
  return approval;
}
