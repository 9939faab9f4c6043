import { randomUUID } from 'node:crypto';
import type { AgencyMember, AgencyRates, Approval } from '@wallet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Member, registerUser } from '../../../../test/accounts';
import { createTestApp, type TestApp } from '../../../../test/app';
import { approve } from '../../../../test/approvals';
import { ManualClock } from '../../../../test/clock';
import { type TestOperator, testOperator } from '../../../../test/operators';

/**
 * The agency programme in the console (issue 43): roles (city partner through four eyes), rate
 * versions, tasks and ticket grants, each audited in the transaction of its effect.
 */
let t: TestApp;
const clock = new ManualClock(new Date('2026-12-05T08:00:00.000Z'));
let admin: TestOperator;
let compliance: TestOperator;
let finance: TestOperator;
let support: TestOperator;

beforeAll(async () => {
  t = await createTestApp({ clock });
  [admin, compliance, finance, support] = await Promise.all([
    testOperator(t, ['admin']),
    testOperator(t, ['compliance']),
    testOperator(t, ['finance']),
    testOperator(t, ['support']),
  ]);
});
afterAll(() => t.close());

const db = () => t.database.handle.db;

function call(
  who: TestOperator,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method,
    url: `/api/v1/admin/agency${url}`,
    headers: { ...who.headers, ...headers },
    ...(payload === undefined ? {} : { payload }),
  });
}

const setRole = (who: TestOperator, member: Member, role: string | null, note = 'agency contract signed') =>
  call(who, 'PUT', `/members/${member.profile.uid}/role`, { role, note });

const audits = (action: string, object: string) =>
  db().selectFrom('operator_audit').selectAll().where('action', '=', action).where('object', '=', object).orderBy('seq').execute();

async function userId(member: Member) {
  return (await db().selectFrom('users').select('id').where('uid', '=', member.profile.uid).executeTakeFirstOrThrow()).id;
}

describe('a member in the programme', () => {
  it('shows upline, team per depth and direct invitees paged', async () => {
    const top = await registerUser(t);
    const middle = await registerUser(t, { inviteCode: top.profile.inviteCode });
    const leaves = [];
    for (let i = 0; i < 3; i += 1) leaves.push(await registerUser(t, { inviteCode: middle.profile.inviteCode }));
    await registerUser(t, { inviteCode: leaves[0]?.profile.inviteCode as string });

    const first = await call(support, 'GET', `/members/${middle.profile.uid}?limit=2`);
    expect(first.statusCode, first.body).toBe(200);
    const view = first.json() as AgencyMember;
    expect(view.upline).toEqual([{ depth: 1, uid: top.profile.uid, email: expect.stringContaining('***@'), role: null }]);
    expect(view.team).toEqual([
      { depth: 1, count: 3 },
      { depth: 2, count: 1 },
    ]);
    expect(view.invitees).toHaveLength(2);
    expect(view.nextCursor).not.toBeNull();
    const second = (await call(support, 'GET', `/members/${middle.profile.uid}?limit=2&cursor=${view.nextCursor}`)).json() as AgencyMember;
    expect(second.invitees).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
    const seen = [...view.invitees, ...second.invitees].map((i) => i.uid).sort();
    expect(seen).toEqual(leaves.map((l) => l.profile.uid).sort());

    const deep = (await call(support, 'GET', `/members/${leaves[0]?.profile.uid}`)).json() as AgencyMember;
    expect(deep.upline.map((u) => [u.depth, u.uid])).toEqual([
      [1, middle.profile.uid],
      [2, top.profile.uid],
    ]);
  });

  it('answers 404 for an unknown member and refuses a bad cursor', async () => {
    expect((await call(support, 'GET', '/members/99999998')).json().error.code).toBe('MEMBER_NOT_FOUND');
    const member = await registerUser(t);
    expect((await call(support, 'GET', `/members/${member.profile.uid}?cursor=nonsense`)).statusCode).toBe(400);
  });
});

describe('agency roles', () => {
  it('sets agent and promotion manager at once, with history and audit in the same transaction', async () => {
    const member = await registerUser(t);
    const id = await userId(member);
    const set = await setRole(compliance, member, 'agent');
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ uid: member.profile.uid, role: 'agent' });
    expect((await setRole(compliance, member, 'agent')).json().error.code).toBe('AGENCY_ROLE_UNCHANGED');
    expect((await setRole(admin, member, 'promotion_manager')).statusCode).toBe(200);
    expect((await setRole(admin, member, null)).statusCode).toBe(200);

    const view = (await call(support, 'GET', `/members/${member.profile.uid}`)).json() as AgencyMember;
    expect(view.role).toBeNull();
    expect(view.roleHistory.map((c) => [c.roleBefore, c.roleAfter])).toEqual([
      ['promotion_manager', null],
      ['agent', 'promotion_manager'],
      [null, 'agent'],
    ]);
    expect(view.roleHistory[2]?.operator).toBe(compliance.email);
    const entries = await audits('agency.role', `user:${id}`);
    expect(entries.map((e) => [e.before, e.after])).toEqual([
      [{ role: null }, { role: 'agent' }],
      [{ role: 'agent' }, { role: 'promotion_manager' }],
      [{ role: 'promotion_manager' }, { role: null }],
    ]);
    expect(entries[0]).toMatchObject({ member_uid: member.profile.uid, reason: 'agency contract signed', operator_id: compliance.id });
  });

  it('refuses an unknown role, a short note, and operators without agency.roles', async () => {
    const member = await registerUser(t);
    expect((await setRole(admin, member, 'king')).json().error.code).toBe('AGENCY_ROLE_INVALID');
    expect((await setRole(admin, member, 'agent', 'x')).statusCode).toBe(400);
    expect((await setRole(finance, member, 'agent')).statusCode).toBe(403);
    expect((await setRole(support, member, 'agent')).statusCode).toBe(403);
    expect(
      await db()
        .selectFrom('agency_roles')
        .select('role')
        .where('user_id', '=', await userId(member))
        .executeTakeFirst(),
    ).toBeUndefined();
  });

  it('makes a city partner only through four eyes: the maker cannot approve, a second operator can', async () => {
    const member = await registerUser(t);
    const id = await userId(member);
    await setRole(admin, member, 'agent');
    const asked = await setRole(admin, member, 'city_partner', 'regional partner contract');
    expect(asked.statusCode, asked.body).toBe(202);
    const approval = asked.json().approval as Approval;
    expect(approval).toMatchObject({ kind: 'agency.role', status: 'pending', mine: true, canDecide: false });
    expect(approval.summary).toContain('city_partner');
    expect((await db().selectFrom('agency_roles').select('role').where('user_id', '=', id).executeTakeFirstOrThrow()).role).toBe('agent');

    const own = await approve(t, admin, approval);
    expect(own.statusCode).toBe(403);
    // Finance may not decide agency roles: the kind needs agency.roles.
    expect((await approve(t, finance, approval)).statusCode).toBe(403);

    const approved = await approve(t, compliance, approval);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().approval.status).toBe('approved');
    expect((await db().selectFrom('agency_roles').select('role').where('user_id', '=', id).executeTakeFirstOrThrow()).role).toBe(
      'city_partner',
    );
    const change = await db()
      .selectFrom('agency_role_changes')
      .selectAll()
      .where('user_id', '=', id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(change).toMatchObject({
      role_before: 'agent',
      role_after: 'city_partner',
      operator_id: compliance.id,
      approval_id: approval.id,
    });
    const entries = await audits('agency.role', `user:${id}`);
    expect(entries.at(-1)).toMatchObject({
      operator_id: compliance.id,
      after: { role: 'city_partner', approvalId: approval.id, maker: admin.email },
    });

    // Taking the role away goes through four eyes as well.
    const removal = await setRole(compliance, member, null, 'partner contract ended');
    expect(removal.statusCode, removal.body).toBe(202);
    expect((await db().selectFrom('agency_roles').select('role').where('user_id', '=', id).executeTakeFirstOrThrow()).role).toBe(
      'city_partner',
    );
    expect((await approve(t, admin, removal.json().approval)).statusCode).toBe(200);
    expect(await db().selectFrom('agency_roles').select('role').where('user_id', '=', id).executeTakeFirst()).toBeUndefined();
  });
});

describe('rates', () => {
  const rule = (over: Record<string, unknown> = {}) => ({
    eventKind: 'card_spend',
    role: 'agent',
    level: 1,
    amountKind: 'percent',
    value: '0.35',
    startsAt: new Date(clock.now().getTime() + 3_600_000).toISOString(),
    note: 'summer campaign',
    ...over,
  });

  it('lists the rule in force per kind x role x level with every version; a new version starts later', async () => {
    const before = (await call(support, 'GET', '/rates')).json() as AgencyRates;
    expect(before.current).toHaveLength(4 * 4 * 2);
    const spend = before.current.find((c) => c.eventKind === 'card_spend' && c.role === 'agent' && c.level === 1);
    expect(spend?.rule).toMatchObject({ value: '0.3', amountKind: 'percent', createdBy: null, note: 'opening rates' });

    const made = await call(finance, 'POST', '/rates', rule());
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({ value: '0.35', createdBy: finance.email, currency: null });
    const after = (await call(support, 'GET', '/rates')).json() as AgencyRates;
    const row = after.current.find((c) => c.eventKind === 'card_spend' && c.role === 'agent' && c.level === 1);
    expect(row?.rule?.value).toBe('0.3');
    expect(row?.next?.id).toBe(made.json().id);
    expect(after.history.length).toBe(before.history.length + 1);

    const fixed = await call(
      finance,
      'POST',
      '/rates',
      rule({ eventKind: 'card_opened', amountKind: 'fixed', value: '3.5', currency: 'USDT', startsAt: undefined }),
    );
    expect(fixed.statusCode, fixed.body).toBe(200);
    const now = (await call(support, 'GET', '/rates')).json() as AgencyRates;
    expect(now.current.find((c) => c.eventKind === 'card_opened' && c.role === 'agent' && c.level === 1)?.rule?.id).toBe(fixed.json().id);

    const entries = await audits('agency.rate', `reward_rule:${made.json().id}`);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ operator_id: finance.id, reason: 'summer campaign' });
  });

  it('refuses a start in the past, a bad percentage, a fixed rate without USDT, too many decimals, other roles', async () => {
    const count = async () =>
      (
        await db()
          .selectFrom('reward_rules')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const before = await count();
    const past = await call(finance, 'POST', '/rates', rule({ startsAt: new Date(clock.now().getTime() - 1000).toISOString() }));
    expect(past.json().error.code).toBe('REWARD_RULE_START_PAST');
    for (const bad of [
      rule({ value: '100.5' }),
      rule({ value: '-1' }),
      rule({ value: '0.1234567' }),
      rule({ value: '1e3' }),
      rule({ currency: 'USDT' }),
      rule({ amountKind: 'fixed', value: '2' }),
      rule({ amountKind: 'fixed', value: '2', currency: 'USD' }),
      rule({ level: 3 }),
      rule({ role: 'boss' }),
      rule({ eventKind: 'task' }),
    ]) {
      const res = await call(finance, 'POST', '/rates', bad);
      expect(res.json().error.code, JSON.stringify(bad)).toBe('REWARD_RULE_INVALID');
    }
    expect((await call(admin, 'POST', '/rates', rule())).statusCode).toBe(403);
    expect(await count()).toBe(before);
  });
});

describe('tasks', () => {
  const task = (over: Record<string, unknown> = {}) => ({
    title: {
      en: 'First card and 100 USD spent',
      zh: '首张卡并消费100美元',
      ko: '첫 카드와 100달러 사용',
      ja: '初めてのカードと100ドル利用',
    },
    minCards: 1,
    minSpend: '100',
    spendCurrency: 'USD',
    withinDays: 30,
    reward: '5',
    currency: 'USDT',
    ...over,
  });

  it('creates, lists and ends a task, audited', async () => {
    const made = await call(finance, 'POST', '/tasks', task());
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({ status: 'active', reward: '5', minSpend: '100', endsAt: null, createdBy: finance.email });
    const id = made.json().id as string;
    const list = (await call(support, 'GET', '/tasks')).json();
    expect(list.items.map((i: { id: string }) => i.id)).toContain(id);

    const ended = await call(finance, 'PUT', `/tasks/${id}/end`);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toMatchObject({ status: 'ended', endsAt: clock.now().toISOString() });
    expect((await call(finance, 'PUT', `/tasks/${id}/end`)).statusCode).toBe(200);
    expect(await audits('agency.task.create', `reward_task:${id}`)).toHaveLength(1);
    expect(await audits('agency.task.end', `reward_task:${id}`)).toHaveLength(1);
    expect((await call(finance, 'PUT', '/tasks/999999/end')).json().error.code).toBe('REWARD_TASK_NOT_FOUND');
  });

  it('refuses a task without a goal, days out of range, a zero reward, another currency', async () => {
    for (const bad of [
      task({ minCards: 0, minSpend: '0' }),
      task({ withinDays: 0 }),
      task({ withinDays: 366 }),
      task({ reward: '0' }),
      task({ currency: 'USD' }),
      task({ spendCurrency: 'XYZ' }),
      task({ title: { en: 'a', zh: '', ko: 'b', ja: 'c' } }),
      task({ startsAt: new Date(clock.now().getTime() - 60_000).toISOString() }),
      task({ endsAt: clock.now().toISOString() }),
    ]) {
      const res = await call(finance, 'POST', '/tasks', bad);
      expect(res.json().error?.code, JSON.stringify(bad)).toBe('REWARD_TASK_INVALID');
    }
    expect((await call(compliance, 'POST', '/tasks', task())).statusCode).toBe(403);
  });
});

describe('card tickets', () => {
  const grant = (who: TestOperator, member: Member, count: number, key: string = randomUUID(), note = 'launch batch') =>
    call(who, 'POST', `/members/${member.profile.uid}/tickets`, { count, note }, { 'idempotency-key': key });
  const tickets = async (member: Member) =>
    (
      await db()
        .selectFrom('agency_tickets')
        .select('id')
        .where('owner_id', '=', await userId(member))
        .execute()
    ).length;

  it('grants to agency members only, in one grant row and `count` tickets, audited', async () => {
    const member = await registerUser(t);
    expect((await grant(finance, member, 5)).json().error.code).toBe('AGENCY_TICKET_GRANT_INVALID');
    await setRole(admin, member, 'agent');
    for (const count of [0, 10_001]) expect((await grant(finance, member, count)).json().error.code).toBe('AGENCY_TICKET_GRANT_INVALID');
    expect((await grant(compliance, member, 5)).statusCode).toBe(403);

    const made = await grant(finance, member, 250);
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({
      owner: { uid: member.profile.uid },
      count: 250,
      remaining: 250,
      operator: finance.email,
      note: 'launch batch',
    });
    expect(await tickets(member)).toBe(250);
    expect(await audits('agency.tickets.grant', `agency_ticket_grant:${made.json().id}`)).toHaveLength(1);

    const list = (await call(support, 'GET', `/tickets?uid=${member.profile.uid}`)).json();
    expect(list.items).toEqual([made.json()]);
    const view = (await call(support, 'GET', `/members/${member.profile.uid}`)).json() as AgencyMember;
    expect(view.tickets).toEqual({ granted: 250, remaining: 250, handed: 0, used: 0 });
  });

  it('needs an Idempotency-Key; a retry, or ten at once, with the same key grant once', async () => {
    const member = await registerUser(t);
    await setRole(admin, member, 'promotion_manager');
    const missing = await call(finance, 'POST', `/members/${member.profile.uid}/tickets`, { count: 3, note: 'launch batch' });
    expect(missing.json().error.code).toBe('IDEMPOTENCY_KEY_REQUIRED');

    const key = randomUUID();
    const all = await Promise.all(Array.from({ length: 10 }, () => grant(finance, member, 3, key)));
    expect(all.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(all.map((r) => r.json().id)).size).toBe(1);
    expect(all.filter((r) => r.headers['idempotency-hit'] === 'true')).toHaveLength(9);
    expect(await tickets(member)).toBe(3);
    expect((await grant(finance, member, 4, key)).json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await tickets(member)).toBe(3);
  });

  it('lists grants newest first, paged', async () => {
    const member = await registerUser(t);
    await setRole(admin, member, 'agent');
    for (const count of [1, 2, 3]) await grant(admin, member, count);
    const first = (await call(support, 'GET', `/tickets?uid=${member.profile.uid}&limit=2`)).json();
    expect(first.items.map((g: { count: number }) => g.count)).toEqual([3, 2]);
    const next = (await call(support, 'GET', `/tickets?uid=${member.profile.uid}&limit=2&cursor=${first.nextCursor}`)).json();
    expect(next.items.map((g: { count: number }) => g.count)).toEqual([1]);
    expect(next.nextCursor).toBeNull();
  });
});
