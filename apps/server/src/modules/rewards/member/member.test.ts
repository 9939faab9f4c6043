import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Member, registerUser } from '../../../../test/accounts';
import { createTestApp, type TestApp } from '../../../../test/app';
import { testOperator } from '../../../../test/operators';
import type { Db } from '../../../platform/db/database';

/**
 * The member's invitation and agency routes against real PostgreSQL. Invitees are written straight
 * to users with invited_by (the closure trigger links them); rewards are inserted directly, as the
 * engine would write them, so the reads are checked on known rows.
 */
let t: TestApp;
let db: Db;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp({ env: { APP_URL: 'https://wallet.example.com' } });
  db = t.database.handle.db;
});
afterAll(async () => t?.close());

const get = (member: Member, url: string) => t.app.inject({ method: 'GET', url, headers: member.headers });
const hand = (member: Member, uid: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/agency/tickets/hand', headers: member.headers, payload: { uid } });

const idOf = async (uid: string) => (await db.selectFrom('users').select('id').where('uid', '=', uid).executeTakeFirstOrThrow()).id;

let seq = 0;
/** A member invited by `inviterId`, joined at `createdAt`. */
async function invitee(inviterId: string, createdAt = new Date()) {
  seq += 1;
  const uid = String(randomInt(10_000_000, 100_000_000));
  return db
    .insertInto('users')
    .values({
      uid,
      email: `invitee${seq}.${uid}@example.com`,
      password_hash: 'x',
      bound_network: 'TRON',
      bound_address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
      invite_code: `I${uid}`,
      invited_by: inviterId,
      created_at: createdAt,
    })
    .returning(['id', 'uid', 'email'])
    .executeTakeFirstOrThrow();
}

async function activeCard(userId: string, createdAt = new Date()) {
  const product = await db
    .selectFrom('card_products')
    .select('id')
    .where('type', '=', 'virtual')
    .where('currency', '=', 'USD')
    .executeTakeFirstOrThrow();
  return db
    .insertInto('cards')
    .values({
      user_id: userId,
      product_id: product.id,
      type: 'virtual',
      currency: 'USD',
      holder_first_name: 'Test',
      holder_last_name: 'User',
      status: 'active',
      issuer_card_id: `ic_${userId}`,
      last4: '0000',
      opening_fee: '0',
      opening_key: `open-${userId}`,
      shipping: null,
      created_at: createdAt,
      updated_at: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

let eventSeq = 0;
async function reward(
  beneficiaryId: string,
  memberId: string,
  row: {
    status: string;
    amount: string;
    currency?: string;
    reason?: string | null;
    createdAt?: Date;
    cancelled?: string;
    clawed?: string;
    offset?: string;
    typeCode?: number;
    ruleId?: string | null;
  },
) {
  eventSeq += 1;
  const createdAt = row.createdAt ?? new Date();
  const event = await db
    .insertInto('reward_events')
    .values({
      kind: 'card_spend',
      member_id: memberId,
      source_key: `member-test:${eventSeq}:${Date.now()}`,
      source_ref: 'card:x',
      amount: '100',
      currency: row.currency ?? 'USD',
      occurred_at: createdAt,
      processed_at: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const status = row.status as 'pending';
  return db
    .insertInto('rewards')
    .values({
      event_id: event.id,
      beneficiary_id: beneficiaryId,
      member_id: memberId,
      level: 1,
      type_code: row.typeCode ?? 16,
      role: 'member',
      rule_id: row.ruleId === undefined ? null : row.ruleId,
      upline: [memberId, beneficiaryId],
      currency: row.currency ?? 'USD',
      amount: row.amount,
      cancelled: row.cancelled ?? '0',
      clawed: row.clawed ?? '0',
      offset_by_debt: row.offset ?? '0',
      status,
      reason: row.reason ?? null,
      released_at: row.status === 'available' ? createdAt : null,
      created_at: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

async function grantTickets(ownerId: string, count: number) {
  const operator = await testOperator(t);
  const grant = await db
    .insertInto('agency_ticket_grants')
    .values({ owner_id: ownerId, count, operator_id: operator.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('agency_tickets')
    .values(Array.from({ length: count }, () => ({ grant_id: grant.id, owner_id: ownerId })))
    .execute();
}

describe('GET /api/v1/invitation', () => {
  it('gives the code, a link to the registration screen with it, the UID and the direct invitees count', async () => {
    const inviter = await registerUser(t);
    const inviterId = await idOf(inviter.profile.uid);
    const child = await invitee(inviterId);
    await invitee(child.id); // second level: not a direct invitee
    const res = await get(inviter, '/api/v1/invitation');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      inviteCode: inviter.profile.inviteCode,
      inviteLink: `https://wallet.example.com/#/pages/register/index?code=${inviter.profile.inviteCode}`,
      referralId: inviter.profile.uid,
      invitedCount: 1,
    });
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/invitation' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/agency/summary' })).statusCode).toBe(401);
  });
});

describe('GET /api/v1/invitation/invitees', () => {
  it('lists direct invitees newest first with masked emails, their steps and pages through equal join times', async () => {
    const inviter = await registerUser(t);
    const inviterId = await idOf(inviter.profile.uid);
    const sameTime = new Date(Date.now() - 3 * DAY);
    const old = await invitee(inviterId, new Date(Date.now() - 5 * DAY));
    const twinA = await invitee(inviterId, sameTime);
    const twinB = await invitee(inviterId, sameTime);
    const newest = await invitee(inviterId, new Date(Date.now() - DAY));
    await invitee(newest.id); // level 2, never listed
    await db.insertInto('cardholders').values({ user_id: newest.id, kyc_status: 'passed', kyc_data: null }).execute();
    const card = await activeCard(newest.id);
    await db
      .insertInto('card_transactions')
      .values({
        card_id: card.id,
        type: 'authorization',
        issuer_ref: `ref-${card.id}`,
        authorization_id: `auth-${card.id}`,
        currency: 'USD',
        amount: '10',
        merchant: JSON.stringify({ name: 'Coffee' }),
        approved: true,
        decline_reason: null,
        settled: true,
        settled_amount: '10',
        created_at: new Date(),
        updated_at: new Date(),
      })
      .execute();
    await activeCard(old.id);

    const seen: { uid: string; email: string; steps: Record<string, boolean> }[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await get(inviter, `/api/v1/invitation/invitees?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      seen.push(...res.json().invitees);
      cursor = res.json().nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    const twins = [twinA, twinB].sort((a, b) => b.uid.localeCompare(a.uid)).map((m) => m.uid);
    expect(seen.map((m) => m.uid)).toEqual([newest.uid, ...twins, old.uid]);
    expect(seen[0]?.email).toMatch(/^in\*\*\*@example\.com$/);
    expect(seen[0]?.steps).toEqual({ registered: true, kycPassed: true, cardOpened: true, firstSpend: true });
    expect(seen[3]?.steps).toEqual({ registered: true, kycPassed: false, cardOpened: true, firstSpend: false });
    expect(seen[1]?.steps).toEqual({ registered: true, kycPassed: false, cardOpened: false, firstSpend: false });
  });

  it('refuses a malformed cursor', async () => {
    const inviter = await registerUser(t);
    expect((await get(inviter, '/api/v1/invitation/invitees?cursor=abc')).statusCode).toBe(400);
  });
});

describe('GET /api/v1/agency/summary', () => {
  it('counts the team by depth, cards opened today, tickets and earnings per currency', async () => {
    const agent = await registerUser(t);
    const agentId = await idOf(agent.profile.uid);
    await db.insertInto('agency_roles').values({ user_id: agentId, role: 'agent', assigned_by: null }).execute();
    const a = await invitee(agentId);
    const b = await invitee(agentId);
    const a1 = await invitee(a.id);
    await invitee(a1.id); // depth 3
    await activeCard(a.id);
    await activeCard(a1.id);
    await activeCard(b.id, new Date(Date.now() - 2 * DAY)); // not today
    await grantTickets(agentId, 3);
    await reward(agentId, a.id, { status: 'pending', amount: '1.5', currency: 'USDT' });
    await reward(agentId, a.id, { status: 'pending', amount: '0.30', currency: 'USD', cancelled: '0.10' });
    await reward(agentId, a.id, {
      status: 'available',
      amount: '2',
      currency: 'USDT',
      createdAt: new Date(Date.now() - 10 * DAY),
      offset: '0.5',
    });
    await reward(agentId, b.id, { status: 'available', amount: '3', currency: 'USDT', clawed: '1' });
    await reward(agentId, b.id, { status: 'not_paid', amount: '0', currency: 'USDT', reason: 'no_rule' });
    await reward(agentId, b.id, { status: 'cancelled', amount: '9', currency: 'USDT', cancelled: '9', reason: 'refunded' });
    await db.insertInto('reward_debts').values({ user_id: agentId, currency: 'USDT', amount: '0.25' }).execute();

    const res = await get(agent, '/api/v1/agency/summary');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      role: 'agent',
      memberCount: 4,
      directCount: 2,
      secondLevelCount: 1,
      cardsOpenedToday: 2,
      tickets: { count: 3, remaining: 3 },
      earnings: {
        total: { USDT: '4' },
        today: { USDT: '3.5', USD: '0.2' },
        pending: { USDT: '1.5', USD: '0.2' },
        available: { USDT: '3.5' },
        owed: { USDT: '0.25' },
      },
      holdingDays: 7,
    });
  });

  it('answers a member without a team with zeros and no role', async () => {
    const loner = await registerUser(t);
    const res = await get(loner, '/api/v1/agency/summary');
    expect(res.json()).toMatchObject({
      role: null,
      memberCount: 0,
      tickets: { count: 0, remaining: 0 },
      earnings: { total: {}, today: {}, pending: {}, available: {}, owed: {} },
    });
  });
});

describe('GET /api/v1/agency/earnings', () => {
  it('gives 30 UTC days ending today, net of cancelled and clawed, leaving out cancelled, void and not-paid rows', async () => {
    const member = await registerUser(t);
    const memberId = await idOf(member.profile.uid);
    const friend = await invitee(memberId);
    const today = new Date().toISOString().slice(0, 10);
    const fiveDaysAgo = new Date(Date.now() - 5 * DAY);
    await reward(memberId, friend.id, { status: 'pending', amount: '1', currency: 'USDT' });
    await reward(memberId, friend.id, { status: 'held', amount: '0.5', currency: 'USDT', reason: 'flagged' });
    await reward(memberId, friend.id, { status: 'available', amount: '2', currency: 'USDT', createdAt: fiveDaysAgo, clawed: '0.5' });
    await reward(memberId, friend.id, { status: 'available', amount: '0.05', currency: 'USD', createdAt: fiveDaysAgo });
    await reward(memberId, friend.id, { status: 'void', amount: '7', currency: 'USDT', reason: 'voided' });
    await reward(memberId, friend.id, { status: 'available', amount: '8', currency: 'USDT', createdAt: new Date(Date.now() - 31 * DAY) });

    const res = await get(member, '/api/v1/agency/earnings');
    expect(res.statusCode, res.body).toBe(200);
    const days = res.json().days as { day: string; amounts: Record<string, string> }[];
    expect(days).toHaveLength(30);
    expect(days.at(-1)).toEqual({ day: today, amounts: { USDT: '1.5' } });
    expect(days.find((d) => d.day === fiveDaysAgo.toISOString().slice(0, 10))?.amounts).toEqual({ USDT: '1.5', USD: '0.05' });
    expect(days.filter((d) => Object.keys(d.amounts).length > 0)).toHaveLength(2);
  });
});

describe('GET /api/v1/agency/rewards', () => {
  it('lists rewards newest first with the reason, the rule as it reads, the source and when it becomes available', async () => {
    const member = await registerUser(t);
    const memberId = await idOf(member.profile.uid);
    const friend = await invitee(memberId);
    const rule = await db
      .selectFrom('reward_rules')
      .select('id')
      .where('event_kind', '=', 'card_spend')
      .where('role', '=', 'member')
      .where('level', '=', 1)
      .executeTakeFirstOrThrow();
    const created = new Date(Date.now() - 2 * DAY);
    const pending = await reward(memberId, friend.id, { status: 'pending', amount: '0.2', createdAt: created, ruleId: rule.id });
    await reward(memberId, friend.id, { status: 'not_paid', amount: '0', reason: 'no_rule', createdAt: new Date(Date.now() - 3 * DAY) });
    await reward(memberId, friend.id, {
      status: 'available',
      amount: '0.2',
      offset: '0.05',
      createdAt: new Date(Date.now() - 4 * DAY),
      ruleId: rule.id,
    });

    const first = await get(member, '/api/v1/agency/rewards?limit=2');
    expect(first.statusCode, first.body).toBe(200);
    const [row, notPaid] = first.json().rewards;
    expect(row).toMatchObject({
      id: pending.id,
      typeCode: 16,
      level: 1,
      status: 'pending',
      reason: null,
      currency: 'USD',
      amount: '0.2',
      paid: '0',
      from: { uid: friend.uid, email: expect.stringMatching(/^in\*\*\*@/) },
      role: 'member',
      rule: { id: rule.id, text: '0.2%' },
      source: { kind: 'card_spend', amount: '100', currency: 'USD' },
      createdAt: created.toISOString(),
      availableAt: new Date(created.getTime() + 7 * DAY).toISOString(),
    });
    expect(notPaid).toMatchObject({ status: 'not_paid', reason: 'no_rule', rule: null, availableAt: null, paid: '0' });
    const second = await get(member, `/api/v1/agency/rewards?limit=2&cursor=${first.json().nextCursor}`);
    expect(second.json().rewards).toHaveLength(1);
    expect(second.json().rewards[0]).toMatchObject({ status: 'available', paid: '0.15', offsetByDebt: '0.05', reason: 'offset_by_debt' });
    expect(second.json().nextCursor).toBeNull();

    const filtered = await get(member, '/api/v1/agency/rewards?status=not_paid');
    expect(filtered.json().rewards.map((r: { status: string }) => r.status)).toEqual(['not_paid']);
    expect((await get(member, '/api/v1/agency/rewards?type=16&currency=USDT')).json().rewards).toEqual([]);
  });

  it('refuses an unknown filter with REWARD_FILTER_INVALID and never shows another member rewards', async () => {
    const member = await registerUser(t);
    for (const query of ['status=paid', 'type=99', 'type=x']) {
      const res = await get(member, `/api/v1/agency/rewards?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details.fields[0].code).toBe('REWARD_FILTER_INVALID');
    }
    expect((await get(member, '/api/v1/agency/rewards')).json().rewards).toEqual([]);
  });
});

describe('POST /api/v1/agency/tickets/hand', () => {
  it('hands a ticket to a direct invitee once, and refuses members without a role, strangers and second levels', async () => {
    const plain = await registerUser(t);
    expect((await hand(plain, '12345678')).json().error.code).toBe('AGENCY_ROLE_REQUIRED');

    const agent = await registerUser(t);
    const agentId = await idOf(agent.profile.uid);
    await db.insertInto('agency_roles').values({ user_id: agentId, role: 'agent', assigned_by: null }).execute();
    const friend = await invitee(agentId);
    const friendOfFriend = await invitee(friend.id);
    expect((await hand(agent, friend.uid)).json().error.code).toBe('AGENCY_TICKET_NONE_LEFT');
    await grantTickets(agentId, 2);
    expect((await hand(agent, friendOfFriend.uid)).json().error.code).toBe('AGENCY_TICKET_NOT_INVITEE');
    expect((await hand(agent, plain.profile.uid)).json().error.code).toBe('AGENCY_TICKET_NOT_INVITEE');
    // What reaches SQL is checked text: a NUL byte is refused as input, never a database error.
    expect((await hand(agent, 'a\u0000b')).statusCode).toBe(400);

    const res = await hand(agent, friend.uid);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ tickets: { count: 2, remaining: 1 } });
    const again = await hand(agent, friend.uid);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('AGENCY_TICKET_ALREADY_HELD');
    const list = await get(agent, '/api/v1/invitation/invitees');
    expect(list.json().invitees[0]).toMatchObject({ uid: friend.uid, holdsTicket: true });
  });

  it('never hands one ticket twice nor more tickets than there are, under concurrent hand-outs', async () => {
    const agent = await registerUser(t);
    const agentId = await idOf(agent.profile.uid);
    await db.insertInto('agency_roles').values({ user_id: agentId, role: 'city_partner', assigned_by: null }).execute();
    await grantTickets(agentId, 5);
    const friends = await Promise.all(Array.from({ length: 8 }, () => invitee(agentId)));
    // Every friend asked for twice at once: 16 hand-outs race for 5 tickets.
    const replies = await Promise.all([...friends, ...friends].map((friend) => hand(agent, friend.uid)));
    const ok = replies.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(5);
    for (const r of replies.filter((r) => r.statusCode !== 200)) {
      expect(['AGENCY_TICKET_NONE_LEFT', 'AGENCY_TICKET_ALREADY_HELD']).toContain(r.json().error.code);
    }
    const tickets = await db.selectFrom('agency_tickets').select(['id', 'holder_id']).where('owner_id', '=', agentId).execute();
    const holders = tickets.map((ticket) => ticket.holder_id).filter(Boolean);
    expect(holders).toHaveLength(5);
    expect(new Set(holders).size).toBe(5);
    const count = await sql<{
      n: string;
    }>`select count(*) as n from agency_tickets where owner_id = ${agentId} and holder_id is null`.execute(db);
    expect(count.rows[0]?.n).toBe('0');
  });
});
