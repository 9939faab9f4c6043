import type { Approval } from '@wallet/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { adjustThroughFourEyes, approve, financePair, requestAdjustment } from '../../../test/approvals';
import { ManualClock } from '../../../test/clock';
import { type TestOperator, testOperator } from '../../../test/operators';
import { ledgerViolations } from '../ledger';

/**
 * Four eyes (ADR 0034): a request holds the exact payload and its hash; a second operator's approval
 * runs it once; the maker can never approve it, whatever the code does, because the database says no.
 */
type User = Awaited<ReturnType<typeof registerUser>>;
let t: TestApp;
const clock = new ManualClock(new Date());
let maker: TestOperator;
let checker: TestOperator;

beforeAll(async () => {
  t = await createTestApp({ clock });
  ({ maker, checker } = await financePair(t));
});
afterAll(() => t.close());

const db = () => t.database.handle.db;

async function usdtBalance(user: User) {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/wallet/balances', headers: user.headers });
  return res.json().balances.find((b: { currency: string }) => b.currency === 'USDT')?.balance ?? '0';
}

const journalsOfApproval = (id: string) =>
  db().selectFrom('ledger_journal').select('id').where('reference', '=', `approval:${id}`).execute();

async function asked(user: User, amount: string): Promise<Approval> {
  const res = await requestAdjustment(t, maker, user.profile.uid, 'USDT', amount);
  expect(res.statusCode, res.body).toBe(202);
  return res.json().approval;
}

const auditActions = async (object: string) =>
  (await db().selectFrom('operator_audit').select('action').where('object', '=', object).orderBy('seq').execute()).map((r) => r.action);

describe('a balance adjustment', () => {
  it('moves nothing when asked; approved by a second operator, it posts once with its audit entries', async () => {
    const user = await registerUser(t);
    const approval = await asked(user, '250');
    expect(approval).toMatchObject({ kind: 'balance.adjust', status: 'pending', mine: true, canDecide: false, maker: { id: maker.id } });
    expect(approval.payloadHash).toMatch(/^[0-9a-f]{64}$/);
    expect(await usdtBalance(user)).toBe('0');

    const seen = await t.app.inject({ method: 'GET', url: `/api/v1/admin/approvals/${approval.id}`, headers: checker.headers });
    expect(seen.json().approval).toMatchObject({ mine: false, canDecide: true });
    const queue = await t.app.inject({ method: 'GET', url: '/api/v1/admin/approvals?status=pending', headers: maker.headers });
    expect(queue.json().items.map((a: Approval) => a.id)).toContain(approval.id);

    const res = await approve(t, checker, approval);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().approval).toMatchObject({ status: 'approved', checker: { id: checker.id }, canDecide: false });
    expect(await usdtBalance(user)).toBe('250');
    expect(await auditActions(`approval:${approval.id}`)).toEqual(['approval.request', 'approval.approve']);
    const credit = await db()
      .selectFrom('operator_audit')
      .select(['operator_id', 'after', 'member_uid'])
      .where('action', '=', 'balance.credit')
      .where('member_uid', '=', user.profile.uid)
      .executeTakeFirstOrThrow();
    expect(credit).toMatchObject({ operator_id: checker.id, after: { approvalId: approval.id, maker: maker.email, amount: '250' } });
  });

  it("is in its maker's queue of requests made and in the queue of those who may decide it, not the other way round", async () => {
    const user = await registerUser(t);
    const approval = await asked(user, '3');
    const support = await testOperator(t, ['support']);
    const queue = async (operator: TestOperator, view: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/admin/approvals?view=${view}&pageSize=100`,
        headers: operator.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().items.map((a: Approval) => a.id);
    };
    expect(await queue(maker, 'mine')).toContain(approval.id);
    expect(await queue(maker, 'waiting')).not.toContain(approval.id);
    expect(await queue(checker, 'waiting')).toContain(approval.id);
    expect(await queue(checker, 'mine')).not.toContain(approval.id);
    expect(await queue(support, 'waiting')).not.toContain(approval.id);
    expect(await queue(support, 'all')).toContain(approval.id);
  });

  it('asked again with the same Idempotency-Key is the same request; another payload with that key is refused', async () => {
    const user = await registerUser(t);
    const key = `key-${user.profile.uid}`;
    const first = await requestAdjustment(t, maker, user.profile.uid, 'USDT', '5', key);
    const again = await requestAdjustment(t, maker, user.profile.uid, 'USDT', '5', key);
    expect(again.statusCode).toBe(202);
    expect(again.json().approval.id).toBe(first.json().approval.id);
    const other = await requestAdjustment(t, maker, user.profile.uid, 'USDT', '6', key);
    expect(other.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('is never approved by its maker: the code says so, and the database refuses it on its own', async () => {
    const user = await registerUser(t);
    const approval = await asked(user, '10');
    const own = await approve(t, maker, approval);
    expect(own.json().error.code).toBe('APPROVAL_OWN_REQUEST');

    // As if the code forgot to check: a raw update naming the maker as checker.
    await expect(
      sql`update approval_requests set status = 'approved', checker_id = maker_id, decided_at = now() where id = ${approval.id}`.execute(
        db(),
      ),
    ).rejects.toMatchObject({ code: '23514', constraint: 'approval_requests_four_eyes' });
    await expect(
      sql`update approval_requests set payload = '{"amount":"1000000"}' where id = ${approval.id}`.execute(db()),
    ).rejects.toThrow(/never changes/);
    expect(await usdtBalance(user)).toBe('0');
  });

  it('runs only the payload the checker reviewed', async () => {
    const user = await registerUser(t);
    const approval = await asked(user, '10');
    const changed = await approve(t, checker, { id: approval.id, payloadHash: 'f'.repeat(64) });
    expect(changed.json().error.code).toBe('APPROVAL_PAYLOAD_CHANGED');
    expect(await usdtBalance(user)).toBe('0');
  });

  it('expires after approvals.expiry_hours, and an expired request runs nothing', async () => {
    const user = await registerUser(t);
    const approval = await asked(user, '10');
    clock.advance(24 * 3600 + 1);
    const listed = await t.app.inject({ method: 'GET', url: `/api/v1/admin/approvals/${approval.id}`, headers: checker.headers });
    expect(listed.json().approval).toMatchObject({ status: 'expired', canDecide: false });
    const late = await approve(t, checker, approval);
    expect(late.json().error.code).toBe('APPROVAL_EXPIRED');
    const row = await db().selectFrom('approval_requests').select('status').where('id', '=', approval.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('expired');
    expect(await usdtBalance(user)).toBe('0');
  });

  it('runs exactly once under 10 parallel approvals', async () => {
    const user = await registerUser(t);
    const approval = await asked(user, '77');
    const checkers = [checker, ...(await Promise.all(Array.from({ length: 4 }, () => testOperator(t, ['finance']))))];
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) => approve(t, checkers[i % checkers.length] as TestOperator, approval)),
    );
    const ok = replies.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    for (const r of replies.filter((r) => r.statusCode !== 200)) expect(r.json().error.code).toBe('APPROVAL_NOT_PENDING');
    expect(await usdtBalance(user)).toBe('77');
    expect(await journalsOfApproval(approval.id)).toHaveLength(1);
    expect(await auditActions(`approval:${approval.id}`)).toEqual(['approval.request', 'approval.approve']);
    expect(await ledgerViolations(db())).toEqual([]);
  });

  it('ends failed with the action error when the debit is more than the balance, and moves nothing', async () => {
    const user = await registerUser(t);
    await adjustThroughFourEyes(t, user.profile.uid, 'USDT', '5');
    const approval = await asked(user, '-8');
    const res = await approve(t, checker, approval);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().approval).toMatchObject({ status: 'failed', errorCode: 'INSUFFICIENT_BALANCE', checker: { id: checker.id } });
    expect(await usdtBalance(user)).toBe('5');
    expect(await journalsOfApproval(approval.id)).toEqual([]);
    expect(await auditActions(`approval:${approval.id}`)).toEqual(['approval.request', 'approval.fail']);
    const again = await approve(t, checker, approval);
    expect(again.json().error.code).toBe('APPROVAL_NOT_PENDING');
  });

  it('shows the checker the postings it would make, with balances after, and leaves nothing behind', async () => {
    const user = await registerUser(t);
    await adjustThroughFourEyes(t, user.profile.uid, 'USDT', '40');
    const approval = await asked(user, '-15');
    const journals = await db()
      .selectFrom('ledger_journal')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/admin/approvals/${approval.id}`, headers: checker.headers });
    expect(res.statusCode, res.body).toBe(200);
    const { postings, errorCode } = res.json().preview;
    expect(errorCode).toBeNull();
    expect(postings).toContainEqual({
      account: 'wallet',
      owner: user.profile.uid,
      currency: 'USDT',
      amount: '-15',
      balanceBefore: '40',
      balanceAfter: '25',
    });
    expect(postings).toContainEqual(expect.objectContaining({ account: 'adjustments', owner: null, currency: 'USDT', amount: '15' }));
    const after = await db()
      .selectFrom('ledger_journal')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(journals.n);
    expect(await usdtBalance(user)).toBe('40');
    expect(await auditActions(`approval:${approval.id}`)).toEqual(['approval.request']);

    const tooMuch = await asked(user, '-41');
    const refused = await t.app.inject({ method: 'GET', url: `/api/v1/admin/approvals/${tooMuch.id}`, headers: checker.headers });
    expect(refused.json().preview).toEqual({ postings: [], errorCode: 'INSUFFICIENT_BALANCE' });
  });

  it('is rejected with a reason, and then cannot be approved', async () => {
    const user = await registerUser(t);
    const approval = await asked(user, '10');
    const rejected = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/approvals/${approval.id}/reject`,
      headers: checker.headers,
      payload: { reason: 'no ticket for this' },
    });
    expect(rejected.json().approval).toMatchObject({ status: 'rejected', reason: 'no ticket for this' });
    expect((await approve(t, checker, approval)).json().error.code).toBe('APPROVAL_NOT_PENDING');
    expect(await usdtBalance(user)).toBe('0');
  });

  it('needs the kind permission to approve: a support operator cannot', async () => {
    const user = await registerUser(t);
    const approval = await asked(user, '10');
    const support = await testOperator(t, ['support']);
    const seen = await t.app.inject({ method: 'GET', url: `/api/v1/admin/approvals/${approval.id}`, headers: support.headers });
    expect(seen.json().approval.canDecide).toBe(false);
    expect((await approve(t, support, approval)).json().error.code).toBe('FORBIDDEN');
  });
});

describe("an operator's roles", () => {
  it('change only when a second admin approves, audited before and after', async () => {
    const [admin1, admin2] = await Promise.all([testOperator(t, ['admin']), testOperator(t, ['admin'])]);
    const target = await testOperator(t, ['support']);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/operators/${target.id}/roles`,
      headers: admin1.headers,
      payload: { roles: ['finance', 'support'] },
    });
    expect(res.statusCode, res.body).toBe(202);
    const approval = res.json().approval as Approval;
    expect(approval.payload).toMatchObject({ roles: ['support', 'finance'] });
    const roles = () => db().selectFrom('operators').select('roles').where('id', '=', target.id).executeTakeFirstOrThrow();
    expect((await roles()).roles).toEqual(['support']);
    expect((await approve(t, checker, approval)).json().error.code).toBe('FORBIDDEN');
    const approved = await approve(t, admin2, approval);
    expect(approved.json().approval.status).toBe('approved');
    expect((await roles()).roles).toEqual(['support', 'finance']);
    const entry = await db()
      .selectFrom('operator_audit')
      .select(['before', 'after', 'operator_id'])
      .where('action', '=', 'operator.roles')
      .where('object', '=', `operator:${target.id}`)
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({
      operator_id: admin2.id,
      before: { roles: ['support'] },
      after: { roles: ['support', 'finance'], maker: admin1.email },
    });
  });
});
