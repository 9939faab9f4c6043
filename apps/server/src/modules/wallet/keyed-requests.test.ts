import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fundedMember, lastCode, type Member, PIN, sendAccountCode } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { ManualClock } from '../../../test/clock';
import { ledgerViolations } from '../ledger';

/*
 * A transfer's key is recorded in the transaction that moves the money (onceInTransaction). What a
 * key left behind otherwise still answers as `once` would: a claim still running is "in progress",
 * one cut short long ago lets the request run, and a transfer made before its record was written is
 * answered from the transfer itself, never moved twice.
 */

let t: TestApp;
const clock = new ManualClock();
let alice: Member;
let bob: Member;
const db = () => t.database.handle.db;

beforeAll(async () => {
  t = await createTestApp({ clock });
  alice = await fundedMember(t, '100');
  bob = await fundedMember(t, '0');
});
afterAll(() => t.close());

it('a claim left running answers in progress, one cut short long ago is answered from the transfer it made', async () => {
  clock.advance(61);
  await sendAccountCode(t, alice.token, 'transfer');
  const body = { toUid: bob.profile.uid, currency: 'USDT', amount: '7', code: await lastCode(t, alice.email), paymentPassword: PIN };
  const key = randomUUID();
  const send = () =>
    t.app.inject({ method: 'POST', url: '/api/v1/wallet/transfers', headers: { ...alice.headers, 'idempotency-key': key }, payload: body });
  const first = await send();
  expect(first.statusCode, first.body).toBe(200);

  // As an earlier version left a key whose request was cut short after the money moved.
  await db()
    .updateTable('idempotency_requests')
    .set({ response: null, status_code: null, created_at: clock.now() })
    .where('key', '=', key)
    .execute();
  const running = await send();
  expect(running.statusCode, running.body).toBe(409);
  expect(running.json().error.code).toBe('IDEMPOTENCY_IN_PROGRESS');

  clock.advance(31);
  const again = await send();
  expect(again.statusCode, again.body).toBe(200);
  expect(again.json().id).toBe(first.json().id);
  const moved = await db()
    .selectFrom('transfers')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('idempotency_key', '=', key)
    .executeTakeFirstOrThrow();
  expect(moved.n).toBe('1');
  expect(await ledgerViolations(db())).toEqual([]);
});
