import { randomUUID } from 'node:crypto';
import { type Approval, Decimal } from '@wallet/contract';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { approve, financePair, requestAdjustment } from '../../../test/approvals';
import type { TestOperator } from '../../../test/operators';
import { ledgerViolations } from '../ledger';

/**
 * Every operator action and its audit entry commit together: no action stands without its record,
 * and no record tells of an action that did not happen. An adjustment is asked by one operator and
 * posted by a second one's approval (ADR 0034); a repeated request finds the first.
 */
type User = Awaited<ReturnType<typeof registerUser>>;
let t: TestApp;
let maker: TestOperator;
let checker: TestOperator;

beforeAll(async () => {
  t = await createTestApp();
  ({ maker, checker } = await financePair(t));
});
afterAll(() => t.close());
afterEach(() => auditWorks());

const db = () => t.database.handle.db;

/** The audit log refuses every insert, as a full disk or a broken constraint would. */
async function auditFails() {
  await sql`create or replace function refuse_audit() returns trigger language plpgsql as $$
    begin raise exception 'audit log unavailable'; end $$`.execute(db());
  await sql`create or replace trigger refuse_audit before insert on operator_audit for each row execute function refuse_audit()`.execute(
    db(),
  );
}
const auditWorks = () => sql`drop trigger if exists refuse_audit on operator_audit`.execute(db());

async function usdtBalance(user: User) {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/wallet/balances', headers: user.headers });
  return res.json().balances.find((b: { currency: string }) => b.currency === 'USDT')?.balance ?? '0';
}

const journalsOf = (approval: Pick<Approval, 'id'>) =>
  db().selectFrom('ledger_journal').select('id').where('reference', '=', `approval:${approval.id}`).execute();

const auditRows = (action: string, object: string) =>
  db()
    .selectFrom('operator_audit')
    .select(['operator_id', 'after', 'reason'])
    .where('action', '=', action)
    .where('object', '=', object)
    .execute();

const userIdOf = async (user: User) =>
  (await db().selectFrom('users').select('id').where('email', '=', user.email).executeTakeFirstOrThrow()).id;

async function asked(user: User, amount: string, key: string = randomUUID()): Promise<Approval> {
  const res = await requestAdjustment(t, maker, user.profile.uid, 'USDT', amount, key);
  expect(res.statusCode, res.body).toBe(202);
  return res.json().approval;
}

describe('a balance adjustment', () => {
  it('does not stand when its audit entry cannot be written, and a retry then posts it with its record', async () => {
    const user = await registerUser(t);
    const userId = await userIdOf(user);
    const approval = await asked(user, '250');

    await auditFails();
    const refused = await approve(t, checker, approval);
    expect(refused.statusCode, refused.body).toBe(500);
    expect(await usdtBalance(user)).toBe('0');
    expect(await journalsOf(approval)).toEqual([]);
    expect(await auditRows('balance.credit', `user:${userId}`)).toEqual([]);
    expect(
      (await db().selectFrom('approval_requests').select('status').where('id', '=', approval.id).executeTakeFirstOrThrow()).status,
    ).toBe('pending');

    await auditWorks();
    const posted = await approve(t, checker, approval);
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json().approval).toMatchObject({ status: 'approved', result: { journalId: expect.any(String) } });
    expect(await usdtBalance(user)).toBe('250');
    const audit = await auditRows('balance.credit', `user:${userId}`);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ operator_id: checker.id, after: { currency: 'USDT', amount: '250' }, reason: 'test adjustment' });
    expect(await ledgerViolations(db())).toEqual([]);
  });

  it('asked again with its Idempotency-Key (one after another or all at once) is one request', async () => {
    const user = await registerUser(t);
    const key = `adj-${randomUUID()}`;
    const all = await Promise.all(Array.from({ length: 8 }, () => requestAdjustment(t, maker, user.profile.uid, 'USDT', '40', key)));
    for (const reply of all) expect(reply.statusCode, reply.body).toBe(202);
    expect(new Set(all.map((r) => r.json().approval.id)).size).toBe(1);
    const approval = all[0]?.json().approval as Approval;
    expect(await auditRows('approval.request', `approval:${approval.id}`)).toHaveLength(1);
    await approve(t, checker, approval);
    const again = await requestAdjustment(t, maker, user.profile.uid, 'USDT', '40', key);
    expect(again.json().approval).toMatchObject({ id: approval.id, status: 'approved' });
    expect(await usdtBalance(user)).toBe('40');
    expect(await journalsOf(approval)).toHaveLength(1);
  });

  it('debits with a balance.debit record, and a debit the balance cannot cover fails with neither', async () => {
    const user = await registerUser(t);
    const userId = await userIdOf(user);
    await approve(t, checker, await asked(user, '10'));
    const tooMuch = await approve(t, checker, await asked(user, '-11'));
    expect(tooMuch.json().approval).toMatchObject({ status: 'failed', errorCode: 'INSUFFICIENT_BALANCE' });
    expect(await auditRows('balance.debit', `user:${userId}`)).toEqual([]);
    expect((await approve(t, checker, await asked(user, '-4'))).json().approval.status).toBe('approved');
    expect(await usdtBalance(user)).toBe('6');
    const debits = await auditRows('balance.debit', `user:${userId}`);
    expect(debits.map((d) => (d.after as { amount: string }).amount)).toEqual(['-4']);
  });

  it('is refused for a member who does not exist or an amount finer than the currency', async () => {
    const unknown = await requestAdjustment(t, maker, '99999999', 'USDT', '1');
    expect(unknown.json().error.code).toBe('MEMBER_NOT_FOUND');
    const user = await registerUser(t);
    const fine = await requestAdjustment(t, maker, user.profile.uid, 'USDT', '0.0000001');
    expect(fine.statusCode).toBe(400);
  });
});

describe('rates and pairs', () => {
  const rate = async (currency: string) =>
    (await db().selectFrom('exchange_rates').select('usd_price').where('currency', '=', currency).executeTakeFirst())?.usd_price;
  const pair = () =>
    db()
      .selectFrom('exchange_pairs')
      .select(['spread', 'fee_rate', 'enabled'])
      .where('from_currency', '=', 'USDT')
      .where('to_currency', '=', 'USD')
      .executeTakeFirstOrThrow();
  const setRate = (usdPrice: string) =>
    t.app.inject({ method: 'PUT', url: '/api/v1/admin/rates/BTC', headers: maker.headers, payload: { usdPrice } });
  const setPair = (spread: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/pairs/USDT/USD',
      headers: maker.headers,
      payload: { spread, feeRate: '0.001', enabled: true },
    });

  it('leave the rate and the pair as they were when the audit entry cannot be written', async () => {
    const rateBefore = await rate('BTC');
    const pairBefore = await pair();
    await auditFails();
    expect((await setRate('12345.67')).statusCode).toBe(500);
    expect((await setPair('0.0421')).statusCode).toBe(500);
    expect(await rate('BTC')).toEqual(rateBefore);
    expect(await pair()).toEqual(pairBefore);
  });

  it('change with one audit entry each', async () => {
    expect((await setRate('54321.5')).statusCode).toBe(200);
    expect(new Decimal((await rate('BTC')) ?? '0').toFixed()).toBe('54321.5');
    expect(await auditRows('rate.set', 'currency:BTC')).toEqual([{ operator_id: maker.id, after: { usdPrice: '54321.5' }, reason: null }]);
    expect((await setPair('0.0042')).statusCode).toBe(200);
    expect(new Decimal((await pair()).spread).toFixed()).toBe('0.0042');
    expect(await auditRows('pair.set', 'pair:USDT-USD')).toHaveLength(1);
    const unknown = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/pairs/JPY/KRW',
      headers: maker.headers,
      payload: { spread: '0.001', feeRate: '0.001', enabled: true },
    });
    expect(unknown.json().error.code).toBe('EXCHANGE_PAIR_UNSUPPORTED');
    expect(await auditRows('pair.set', 'pair:JPY-KRW')).toEqual([]);
  });
});
