import { randomUUID } from 'node:crypto';
import type { Approval } from '@wallet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedMember, type Member, PIN, registerUser } from '../../../../test/accounts';
import { createTestApp, type TestApp } from '../../../../test/app';
import { approve } from '../../../../test/approvals';
import { nodeCalls } from '../../../../test/nodes';
import { type TestOperator, testOperator } from '../../../../test/operators';
import { ledgerViolations } from '../../ledger';

/**
 * Large-node applications from the member's request to the operators' decision (issue 44): the
 * hold at application, rejection by one operator returning it exactly, approval through four eyes
 * settling it and granting a large node, each audited, and who may do what.
 */
let t: TestApp;
let n: ReturnType<typeof nodeCalls>;
let finance: TestOperator;
let compliance: TestOperator;
let support: TestOperator;

beforeAll(async () => {
  t = await createTestApp();
  n = nodeCalls(t);
  [finance, compliance, support] = await Promise.all([
    testOperator(t, ['finance']),
    testOperator(t, ['compliance']),
    testOperator(t, ['support']),
  ]);
});
afterAll(() => t.close());

const codeOf = (res: { json(): { error?: { code?: string } } }) => res.json().error?.code;

const form = (member: Member, changes: Record<string, unknown> = {}) => ({
  email: member.email,
  city: 'Singapore',
  name: 'Lee Ming',
  contact: '+65 8123 4567',
  teamSize: 6,
  venueSqm: 450,
  paymentPassword: PIN,
  ...changes,
});

function admin(who: TestOperator, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>, key?: string) {
  return t.app.inject({
    method,
    url: `/api/v1/admin/nodes${url}`,
    headers: { ...who.headers, ...(key ? { 'idempotency-key': key } : {}) },
    ...(payload === undefined ? {} : { payload }),
  });
}

const audits = (object: string) => n.db().selectFrom('operator_audit').selectAll().where('object', '=', object).orderBy('seq').execute();

async function approvalOf(who: TestOperator, id: string): Promise<Approval> {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/admin/approvals/${id}`, headers: who.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().approval as Approval;
}

describe('applying', () => {
  it('refuses a team or venue outside the requirements, an unknown invite code and too little money, holding nothing', async () => {
    const member = await fundedMember(t, '100');
    const team = await n.post(member, '/applications', form(member, { teamSize: 4 }), randomUUID(), 'ja');
    expect(team.statusCode).toBe(400);
    expect(team.json().error).toMatchObject({ code: 'NODE_TEAM_SIZE', message: '大型ノードには5〜10人の運営チームが必要です。' });
    expect(codeOf(await n.post(member, '/applications', form(member, { teamSize: 11 })))).toBe('NODE_TEAM_SIZE');
    expect(codeOf(await n.post(member, '/applications', form(member, { venueSqm: 199 })))).toBe('NODE_VENUE_SIZE');
    expect(codeOf(await n.post(member, '/applications', form(member, { venueSqm: 2001 })))).toBe('NODE_VENUE_SIZE');
    expect(codeOf(await n.post(member, '/applications', form(member, { inviteCode: 'NOSUCH1' })))).toBe('NODE_INVITE_CODE_UNKNOWN');
    expect(codeOf(await n.post(member, '/applications', form(member, { paymentPassword: '000000' })))).toBe('PAYMENT_PASSWORD_WRONG');
    expect(codeOf(await n.post(member, '/applications', form(member)))).toBe('INSUFFICIENT_BALANCE');
    expect(await n.usdt(member)).toBe('100');
    expect((await n.get(member, '/applications')).json().items).toEqual([]);
  });

  it('puts the large-node amount on hold with the application, visible in the wallet, one pending at a time', async () => {
    const inviter = await registerUser(t);
    const member = await fundedMember(t, '500000.37');
    const key = randomUUID();
    const res = await n.post(member, '/applications', form(member, { inviteCode: inviter.profile.inviteCode }), key);
    expect(res.statusCode, res.body).toBe(200);
    const application = res.json();
    expect(application).toMatchObject({
      accountId: member.profile.uid,
      email: member.email,
      city: 'Singapore',
      inviteCode: inviter.profile.inviteCode,
      teamSize: 6,
      venueSqm: 450,
      amount: '240000',
      status: 'pending',
      reason: null,
      decidedAt: null,
    });
    expect(await n.usdt(member)).toBe('260000.37');
    expect(await n.usdt(member, 'held')).toBe('240000');

    const retry = await n.post(member, '/applications', form(member, { inviteCode: inviter.profile.inviteCode }), key);
    expect(retry.json()).toEqual(application);
    expect(codeOf(await n.post(member, '/applications', form(member)))).toBe('NODE_APPLICATION_PENDING');
    expect(await n.usdt(member)).toBe('260000.37');
    expect((await n.get(member, '/applications')).json().items).toEqual([application]);
  });

  it('lets two applications sent at once hold once', async () => {
    const member = await fundedMember(t, '600000');
    const results = await Promise.all([1, 2, 3].map(() => n.post(member, '/applications', form(member))));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode !== 200).map(codeOf)).toEqual(['NODE_APPLICATION_PENDING', 'NODE_APPLICATION_PENDING']);
    expect(await n.usdt(member)).toBe('360000');
  });
});

describe('rejecting', () => {
  it('returns the hold exactly, tells the member why, and is audited; a decided application is refused', async () => {
    const member = await fundedMember(t, '240123.45');
    const { id } = (await n.post(member, '/applications', form(member))).json();
    expect(await n.usdt(member)).toBe('123.45');

    const res = await admin(compliance, 'POST', `/applications/${id}/reject`, { reason: 'The venue is not in a regional centre city' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().application).toMatchObject({
      id,
      status: 'rejected',
      reason: 'The venue is not in a regional centre city',
      decidedBy: compliance.email,
    });
    expect(await n.usdt(member)).toBe('240123.45');
    expect(await n.usdt(member, 'held')).toBe('0');
    expect((await n.get(member, '/applications')).json().items[0]).toMatchObject({
      status: 'rejected',
      reason: 'The venue is not in a regional centre city',
      decidedAt: expect.any(String),
    });
    const [entry] = await audits(`large_node_application:${id}`);
    expect(entry).toMatchObject({
      action: 'nodes.application.reject',
      member_uid: member.profile.uid,
      reason: 'The venue is not in a regional centre city',
    });

    expect(codeOf(await admin(finance, 'POST', `/applications/${id}/reject`, { reason: 'again' }))).toBe('NODE_APPLICATION_DECIDED');
    expect(codeOf(await admin(finance, 'POST', `/applications/${id}/approve`, { note: 'changed our mind' }))).toBe(
      'NODE_APPLICATION_DECIDED',
    );
    expect(codeOf(await admin(finance, 'POST', `/applications/${randomUUID()}/reject`, { reason: 'no such' }))).toBe(
      'NODE_APPLICATION_NOT_FOUND',
    );
    expect(await n.usdt(member)).toBe('240123.45');

    // Rejected, the member may apply again.
    expect((await n.post(member, '/applications', form(member, { venueSqm: 800 }))).statusCode).toBe(200);
  });
});

describe('approving through four eyes', () => {
  it('settles the hold to the node desk and grants one large node once a second operator approves', async () => {
    const member = await fundedMember(t, '250000');
    const { id } = (await n.post(member, '/applications', form(member))).json();
    const desk = await n.nodeDesk();

    const asked = await admin(finance, 'POST', `/applications/${id}/approve`, { note: 'Venue visited, team interviewed' }, randomUUID());
    expect(asked.statusCode, asked.body).toBe(202);
    const { approvalId } = asked.json();
    const listed = (await admin(support, 'GET', '/applications?status=pending')).json();
    expect(listed.items.find((a: { id: string }) => a.id === id)).toMatchObject({ pendingApprovalId: approvalId, uid: member.profile.uid });
    // Nothing moved yet.
    expect(await n.usdt(member, 'held')).toBe('240000');
    expect((await n.get(member, '/offer')).json().mine).toEqual({ small: 0, large: 0 });

    const approval = await approvalOf(compliance, approvalId);
    const own = await approve(t, finance, approval);
    expect(own.statusCode).toBe(403);
    expect(codeOf(own)).toBe('APPROVAL_OWN_REQUEST');
    expect(codeOf(await approve(t, support, approval))).toBe('FORBIDDEN');

    const done = await approve(t, compliance, approval);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().approval).toMatchObject({ status: 'approved' });

    expect(await n.usdt(member)).toBe('10000');
    expect(await n.usdt(member, 'held')).toBe('0');
    expect(await n.nodeDesk()).toBe(String(Number(desk) + 240000));
    expect((await n.get(member, '/offer')).json().mine).toEqual({ small: 0, large: 1 });
    expect((await n.get(member, '/applications')).json().items[0]).toMatchObject({ status: 'approved', decidedAt: expect.any(String) });

    const userId = await n.userId(member);
    const history = await n.db().selectFrom('node_changes').selectAll().where('user_id', '=', userId).execute();
    expect(history).toEqual([
      expect.objectContaining({
        kind: 'application_granted',
        type_code: 425,
        large_delta: 1,
        large_after: 1,
        journal_id: expect.any(String),
      }),
    ]);
    const row = await n.db().selectFrom('large_node_applications').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'approved', approval_id: approvalId, decided_by: compliance.id });
    const entries = await audits(`large_node_application:${id}`);
    expect(entries.map((e) => e.action)).toEqual(['nodes.application.approve']);
    expect(entries[0]?.after).toMatchObject({ approvalId, maker: finance.email });

    const listedAfter = (await admin(support, 'GET', `/applications?status=approved`)).json();
    expect(listedAfter.items.find((a: { id: string }) => a.id === id)).toMatchObject({ approvalId, pendingApprovalId: null });
    expect(codeOf(await admin(compliance, 'POST', `/applications/${id}/reject`, { reason: 'too late now' }))).toBe(
      'NODE_APPLICATION_DECIDED',
    );
  });

  it('fails the approval, moving nothing, when the application was rejected meanwhile', async () => {
    const member = await fundedMember(t, '240000');
    const { id } = (await n.post(member, '/applications', form(member))).json();
    const { approvalId } = (await admin(finance, 'POST', `/applications/${id}/approve`, { note: 'looks good to me' })).json();
    expect((await admin(compliance, 'POST', `/applications/${id}/reject`, { reason: 'Documents were forged' })).statusCode).toBe(200);
    const done = await approve(t, compliance, await approvalOf(compliance, approvalId));
    expect(done.json().approval).toMatchObject({ status: 'failed', errorCode: 'NODE_APPLICATION_DECIDED' });
    expect(await n.usdt(member)).toBe('240000');
    expect((await n.get(member, '/offer')).json().mine).toEqual({ small: 0, large: 0 });
  });

  it('asks once for one Idempotency-Key', async () => {
    const member = await fundedMember(t, '240000');
    const { id } = (await n.post(member, '/applications', form(member))).json();
    const key = randomUUID();
    const first = await admin(finance, 'POST', `/applications/${id}/approve`, { note: 'double click' }, key);
    const second = await admin(finance, 'POST', `/applications/${id}/approve`, { note: 'double click' }, key);
    expect(second.statusCode).toBe(202);
    expect(second.headers['idempotency-hit']).toBe('true');
    expect(second.json().approvalId).toBe(first.json().approvalId);
  });
});

describe('permissions and the holders list', () => {
  it('lets every role read, and only finance and compliance decide', async () => {
    const member = await fundedMember(t, '240000');
    const { id } = (await n.post(member, '/applications', form(member))).json();
    expect((await admin(support, 'GET', '/applications')).statusCode).toBe(200);
    expect(codeOf(await admin(support, 'POST', `/applications/${id}/reject`, { reason: 'not allowed' }))).toBe('FORBIDDEN');
    expect(codeOf(await admin(support, 'POST', `/applications/${id}/approve`, { note: 'not allowed' }))).toBe('FORBIDDEN');
    const memberCall = await t.app.inject({ method: 'GET', url: '/api/v1/admin/nodes/holders', headers: member.headers });
    expect(memberCall.statusCode).toBe(401);
    expect(await n.usdt(member, 'held')).toBe('240000');
  });

  it('lists holders, most large nodes first, with the totals', async () => {
    const a = await fundedMember(t, '3000');
    expect((await n.buy(a, 3)).statusCode).toBe(200);
    const res = await admin(support, 'GET', '/holders?limit=100');
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json();
    expect(list.items.find((h: { uid: string }) => h.uid === a.profile.uid)).toEqual({
      uid: a.profile.uid,
      email: a.email,
      small: 3,
      large: 0,
      smallBought: 3,
    });
    expect(list.items[0].large).toBeGreaterThanOrEqual(1);
    const sums = list.items.reduce(
      (s: { small: number; large: number }, h: { small: number; large: number }) => ({
        small: s.small + h.small,
        large: s.large + h.large,
      }),
      { small: 0, large: 0 },
    );
    expect(list.totals).toEqual(sums);
    expect(list.total).toBe(list.items.length);
  });
});

describe('the books', () => {
  it('hold every ledger invariant', async () => {
    expect(await ledgerViolations(n.db())).toEqual([]);
  });
});
