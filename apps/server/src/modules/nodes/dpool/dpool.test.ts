import { randomUUID } from 'node:crypto';
import { type Approval, Decimal, type NodeDashboard, type NodeRewardProof, verifyDpoolLine } from '@wallet/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Member, PIN, registerUser, setPaymentPin } from '../../../../test/accounts';
import { createTestApp, type TestApp } from '../../../../test/app';
import { approve, financePair } from '../../../../test/approvals';
import { ManualClock } from '../../../../test/clock';
import { type TestOperator, testOperator } from '../../../../test/operators';
import { ledgerViolations } from '../../ledger';
import { payRecordedPeriods } from './pay';
import { snapshotHashOf } from './record';

/**
 * The D-pool reward through the API (issue 44): an operator records a period, a second approves it,
 * the payment (run here by hand: the test app has no job queue) pays the snapshot taken at approval,
 * and each holder sees the reward, checks its Merkle proof and finds it in their records as code 428.
 */
let t: TestApp;
const clock = new ManualClock(new Date('2026-12-05T08:00:00.000Z'));
const db = () => t.database.handle.db;
let maker: TestOperator;
let checker: TestOperator;
let support: TestOperator;
let alice: Member;
let bob: Member;
let carol: Member;

beforeAll(async () => {
  t = await createTestApp({ clock });
  ({ maker, checker } = await financePair(t));
  support = await testOperator(t, ['support']);
  [alice, bob, carol] = [await registerUser(t), await registerUser(t), await registerUser(t)];
});
afterAll(() => t.close());

const idOf = async (member: Member) =>
  (await db().selectFrom('users').select('id').where('uid', '=', member.profile.uid).executeTakeFirstOrThrow()).id;

async function setLarge(member: Member, large: number) {
  await sql`insert into node_holdings (user_id, large) values (${await idOf(member)}::uuid, ${large})
    on conflict (user_id) do update set large = excluded.large`.execute(db());
}

const askPeriod = (who: TestOperator, period: string, dpoolTotal: string, key = randomUUID()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/nodes/dpool-periods',
    headers: { ...who.headers, 'idempotency-key': key },
    payload: { period, dpoolTotal, note: 'November D-pool total from the chain report' },
  });

async function approvalOf(id: string): Promise<Approval> {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/admin/approvals/${id}`, headers: checker.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().approval;
}

const member = (who: Member, url: string) => t.app.inject({ method: 'GET', url, headers: who.headers });

describe('recording and paying a period', () => {
  let periodId: string;

  it('asks a second operator, refuses the maker approving, and records the snapshot once', async () => {
    await setLarge(alice, 2);
    await setLarge(bob, 1);
    const key = randomUUID();
    const asked = await askPeriod(maker, '2026-11', '1000.0001', key);
    expect(asked.statusCode, asked.body).toBe(202);
    const { approvalId } = asked.json() as { approvalId: string };
    const again = await askPeriod(maker, '2026-11', '1000.0001', key);
    expect(again.json()).toEqual({ approvalId });
    expect(again.headers['idempotency-hit']).toBe('true');
    expect((await askPeriod(support, '2026-11', '1000.0001')).statusCode).toBe(403);
    const tooFine = await askPeriod(maker, '2026-12', '1.00001');
    expect(tooFine.json().error.code, tooFine.body).toBe('DPOOL_PERIOD_INVALID');
    // The period's shape is the body schema's: refused as any field is, naming the field.
    const badName = await askPeriod(maker, '2026-13', '1');
    expect(badName.json().error.code).toBe('VALIDATION_FAILED');
    expect(badName.body).toContain('period');

    const approval = await approvalOf(approvalId);
    const own = await approve(t, maker, approval);
    expect(own.json().error.code, own.body).toBe('APPROVAL_OWN_REQUEST');
    expect(await db().selectFrom('dpool_periods').select('id').execute()).toEqual([]);

    const approved = await approve(t, checker, approval);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().approval.status).toBe('approved');
    const period = await db().selectFrom('dpool_periods').selectAll().where('period', '=', '2026-11').executeTakeFirstOrThrow();
    periodId = period.id;
    expect(period.status).toBe('recorded');
    expect(new Decimal(period.pool_amount).toFixed()).toBe('10.000001');
    expect(new Decimal(period.share_percent).toFixed()).toBe('1');
    expect([period.holders, period.large_nodes_total, period.recorded_by, period.approval_id]).toEqual([2, 3, maker.id, approvalId]);
    expect(period.snapshot_hash).toBe(
      snapshotHashOf([
        { uid: alice.profile.uid, largeNodes: 2 },
        { uid: bob.profile.uid, largeNodes: 1 },
      ]),
    );
    const audits = await db().selectFrom('operator_audit').select('operator_id').where('object', '=', `dpool_period:${periodId}`).execute();
    expect(audits).toEqual([{ operator_id: checker.id }]);

    const second = await askPeriod(maker, '2026-11', '5');
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('DPOOL_PERIOD_EXISTS');
  });

  it('pays the snapshot: a large node allocated after recording changes nothing of that period', async () => {
    // After the snapshot alice allocates one of her two large nodes to carol, and bob is granted two more:
    // the reward alice earned before her allocation stays hers.
    await setPaymentPin(t, alice);
    const allocated = await t.app.inject({
      method: 'POST',
      url: '/api/v1/nodes/allocations',
      headers: { ...alice.headers, 'idempotency-key': randomUUID() },
      payload: { email: carol.email, tier: 'large', quantity: 1, paymentPassword: PIN },
    });
    expect(allocated.statusCode, allocated.body).toBe(200);
    await setLarge(bob, 3);
    expect(await payRecordedPeriods(db(), () => clock.now())).toBe(1);
    expect(await payRecordedPeriods(db(), () => clock.now())).toBe(0);

    const lines = await db()
      .selectFrom('node_rewards')
      .select(['user_id', 'amount', 'carry_after'])
      .where('period_id', '=', periodId)
      .orderBy('amount', 'desc')
      .execute();
    // 10.000001 × 2/3 = 6.666667333… and × 1/3 = 3.333333666…: whole units of 1e-8 paid, the rest carried.
    expect(lines.map((l) => [l.user_id, new Decimal(l.amount).toFixed()])).toEqual([
      [await idOf(alice), '6.66666733'],
      [await idOf(bob), '3.33333366'],
    ]);
    expect(new Decimal(lines[0]?.carry_after as string).toFixed()).toBe('0.000000003333333333333333333333');
    const period = await db().selectFrom('dpool_periods').selectAll().where('id', '=', periodId).executeTakeFirstOrThrow();
    expect(new Decimal(period.paid_total as string).toFixed()).toBe('10.00000099');
    expect(new Decimal(period.carried_total as string).plus(period.unallocated as string).toFixed()).toBe('0.00000001');
    expect(period.merkle_root).toMatch(/^0x[0-9a-f]{64}$/);
  });

  it('shows each holder their line, a proof that checks, and a changed amount that does not', async () => {
    const list = await member(alice, '/api/v1/nodes/rewards');
    expect(list.statusCode, list.body).toBe(200);
    const [reward] = list.json().items;
    expect(reward).toMatchObject({ periodId, period: '2026-11', amount: '6.66666733', largeNodes: 2, largeNodesTotal: 3 });
    const res = await member(alice, `/api/v1/nodes/rewards/${periodId}/proof`);
    expect(res.statusCode, res.body).toBe(200);
    const proof = res.json() as NodeRewardProof;
    expect(proof.leaf).toEqual([periodId, alice.profile.uid, '6.66666733']);
    expect(proof.merkleRoot).toBe(reward.merkleRoot);
    expect(verifyDpoolLine(proof.merkleRoot, proof.leaf, proof.proof)).toBe(true);
    expect(verifyDpoolLine(proof.merkleRoot, [periodId, alice.profile.uid, '6.66666734'], proof.proof)).toBe(false);
    expect(verifyDpoolLine(proof.merkleRoot, [periodId, bob.profile.uid, '6.66666733'], proof.proof)).toBe(false);

    const none = await member(carol, `/api/v1/nodes/rewards/${periodId}/proof`);
    expect(none.statusCode).toBe(404);
    expect(none.json().error.code).toBe('NODE_REWARD_NOT_FOUND');
    expect((await member(carol, '/api/v1/nodes/rewards')).json()).toEqual({ items: [], nextCursor: null });
  });

  it('lists the reward in the holder records as code 428', async () => {
    const res = await member(bob, '/api/v1/wallet/records?type=428');
    expect(res.statusCode, res.body).toBe(200);
    const records = res.json().records as Array<{ typeCode: number; amount: string; currency: string }>;
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ typeCode: 428, currency: 'SBC' });
    expect(new Decimal(records[0]?.amount as string).toFixed()).toBe('3.33333366');
  });

  it('shows the dashboard with the estimate from the last period and holdings now', async () => {
    const res = await member(bob, '/api/v1/nodes/dashboard');
    expect(res.statusCode, res.body).toBe(200);
    const dashboard = res.json() as NodeDashboard;
    // 10.000001 × 3 of the 5 large nodes held now (alice 1, bob 3, carol 1).
    expect(dashboard).toMatchObject({
      nodes: { small: 0, large: 3 },
      upgrade: { ratio: 10, have: 0, canUpgrade: false },
      nextRewardEstimate: '6.0000006',
      lastPeriod: { period: '2026-11', poolAmount: '10.000001' },
      carry: '0.000000006666666666666666666666',
      rewardsTotal: '3.33333366',
    });
    const none = (await member(await registerUser(t), '/api/v1/nodes/dashboard')).json() as NodeDashboard;
    expect(none.nextRewardEstimate).toBeNull();
    expect(none.nodes).toEqual({ small: 0, large: 0 });
  });

  it('shows the console the period and its lines, emails masked', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/admin/nodes/dpool-periods', headers: support.headers });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().total).toBe(1);
    expect(list.json().items[0]).toMatchObject({ id: periodId, status: 'paid', paidTotal: '10.00000099', recordedBy: maker.email });
    const detail = await t.app.inject({ method: 'GET', url: `/api/v1/admin/nodes/dpool-periods/${periodId}`, headers: support.headers });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().lines).toEqual([
      {
        uid: alice.profile.uid,
        email: expect.stringContaining('***@'),
        largeNodes: 2,
        amount: '6.66666733',
        carryAfter: expect.any(String),
      },
      { uid: bob.profile.uid, email: expect.stringContaining('***@'), largeNodes: 1, amount: '3.33333366', carryAfter: expect.any(String) },
    ]);
    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/nodes/dpool-periods/${randomUUID()}`,
      headers: support.headers,
    });
    expect(missing.statusCode).toBe(404);
    expect(await ledgerViolations(db())).toEqual([]);
  });
});
