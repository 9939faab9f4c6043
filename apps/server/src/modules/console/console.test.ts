import { randomBytes, randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { Decimal } from '@wallet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BSC_ADDRESS, PASSWORD, registerUser, TRON_ADDRESS, uniqueEmail } from '../../../test/accounts';
import type { TestApp } from '../../../test/app';
import { activeCard } from '../../../test/card-fixtures';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { testOperator } from '../../../test/operators';
import { buildApp } from '../../app';
import { systemClock } from '../../platform/clock';
import { loadConfig } from '../../platform/config';
import type { Db } from '../../platform/db/database';
import { createLogger } from '../../platform/logger';
import { dayIn } from '../../platform/time-zone';
import type { CardDeps } from '../cards/deps';
import type { IssuerClient } from '../cards/issuer/client';
import { setFrozen } from '../cards/service';
import { accountId, post, SYSTEM_PURPOSES, USER_WALLET } from '../ledger';

/** The issuer's freeze and unfreeze, as the operator's freeze calls them; `fail` makes the next call fail. */
const issuerCalls: string[] = [];
let issuerFails = false;
const issuer = {
  async freeze(id: string) {
    if (issuerFails) throw new Error('issuer down');
    issuerCalls.push(`freeze:${id}`);
  },
  async unfreeze(id: string) {
    if (issuerFails) throw new Error('issuer down');
    issuerCalls.push(`unfreeze:${id}`);
  },
} as unknown as IssuerClient;

let database: TestDatabase;
let app: Awaited<ReturnType<typeof buildApp>>;
let db: Db;
/** The world as the shared test helpers take it; this file closes the app itself. */
const t = {} as TestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: database.url,
    RATE_LIMIT_CODES_PER_HOUR: '10000',
    RATE_LIMIT_LOGINS_PER_MINUTE: '10000',
    CODES_PER_EMAIL_PER_HOUR: '1000',
  });
  const quiet = new Writable({ write: (_chunk, _encoding, done) => done() });
  app = await buildApp({ config, database: database.handle, logger: createLogger(config.LOG_LEVEL, quiet), issuer });
  db = database.handle.db;
  Object.assign(t, { app, database, logs: [], close: async () => {} });
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

/** Credits a member's wallet with a ledger journal, as the demo seed does (no operator, no approval). */
async function fund(userId: string, amount: string, currency: 'USDT' | 'USD' = 'USDT') {
  await post(db, {
    typeCode: 13,
    userId,
    reference: 'test',
    idempotencyKey: `test-fund:${randomUUID()}`,
    memo: { reason: 'test funding' },
    legs: [
      { accountId: await accountId(db, { userId, currency, purpose: USER_WALLET }), amount },
      { accountId: await accountId(db, { userId: null, currency, purpose: SYSTEM_PURPOSES.adjustments }), amount: `-${amount}` },
    ],
  });
}

const userIdOf = async (uid: string) => (await db.selectFrom('users').select('id').where('uid', '=', uid).executeTakeFirstOrThrow()).id;

async function creditedDeposit(userId: string | null, amount: string, status: 'credited' | 'unattributed') {
  const now = new Date();
  await db
    .insertInto('chain_deposits')
    .values({
      network: 'TRON',
      currency: 'USDT',
      tx_hash: randomBytes(32).toString('hex'),
      log_index: 0,
      from_address: TRON_ADDRESS,
      to_address: TRON_ADDRESS,
      amount,
      raw_amount: amount,
      block_number: '1',
      block_hash: randomBytes(32).toString('hex'),
      status,
      user_id: userId,
      attributed_by: null,
      note: null,
      credit_day: status === 'credited' ? dayIn(now, '+08:00') : null,
      journal_id: null,
      detected_at: now,
      updated_at: now,
      credited_at: status === 'credited' ? now : null,
    })
    .execute();
}

async function withdrawal(userId: string, amount: string, status: string) {
  const now = new Date();
  const row = await db
    .insertInto('withdrawals')
    .values({
      user_id: userId,
      network: 'TRON',
      address: TRON_ADDRESS,
      currency: 'USDT',
      amount,
      fee: '1',
      status,
      idempotency_key: randomUUID(),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const get = (url: string, headers: Record<string, string>) => app.inject({ method: 'GET', url, headers });
const postJson = (url: string, headers: Record<string, string>, payload: object) => app.inject({ method: 'POST', url, headers, payload });

const auditOf = (action: string) => db.selectFrom('operator_audit').selectAll().where('action', '=', action).orderBy('seq').execute();

let uidCounter = 90_000_000 + Math.floor(Math.random() * 9_000_000);

describe('console reads', () => {
  it("shows today's deposits, withdrawals, card spend and new members, and the open queues; the series has one row a day", async () => {
    const ops = await testOperator(t, ['finance']);
    const member = await registerUser(t);
    const id = await userIdOf(member.profile.uid);
    await creditedDeposit(id, '25', 'credited');
    await creditedDeposit(null, '3', 'unattributed');
    await withdrawal(id, '10', 'completed');
    await withdrawal(id, '4', 'pending_review');
    await withdrawal(id, '99', 'rejected');
    uidCounter += 1;
    const card = await activeCard(db, { uid: uidCounter, tag: 'dash', balance: '0' });
    const now = new Date();
    await db
      .insertInto('card_transactions')
      .values({
        card_id: card.id,
        type: 'authorization',
        issuer_ref: randomUUID(),
        authorization_id: randomUUID(),
        currency: 'USD',
        amount: '7.5',
        merchant: JSON.stringify({ name: 'Shop' }),
        approved: true,
        decline_reason: null,
        created_at: now,
        updated_at: now,
      })
      .execute();

    const res = await get('/api/v1/admin/dashboard', ops.headers);
    expect(res.statusCode, res.body).toBe(200);
    const dashboard = res.json();
    expect(dashboard.day).toBe(dayIn(new Date(), '+08:00'));
    expect(dashboard.today).toEqual({
      deposits: { USDT: '25' },
      withdrawals: { USDT: '10' },
      cardSpend: { USD: '7.5' },
      flashExchange: {},
      newMembers: 2,
    });
    expect(dashboard.queues).toEqual({
      withdrawals: 1,
      unattributedDeposits: 1,
      payoutOrders: 0,
      tickets: 0,
      approvals: 0,
      reconBreaks: 0,
      proofFailures: 0,
    });

    const series = await get('/api/v1/admin/dashboard/series?days=3', ops.headers);
    expect(series.statusCode, series.body).toBe(200);
    const { days } = series.json();
    expect(days.map((d: { day: string }) => d.day)).toHaveLength(3);
    const today = days.at(-1);
    expect(today.day).toBe(dashboard.day);
    const usdPrice = (currency: string) =>
      db.selectFrom('exchange_rates').select('usd_price').where('currency', '=', currency).executeTakeFirstOrThrow();
    const usdInUsdt = new Decimal((await usdPrice('USD')).usd_price).div((await usdPrice('USDT')).usd_price);
    const usdtOfUsdt = new Decimal(1);
    expect(today).toMatchObject({
      deposits: usdtOfUsdt.mul(25).toFixed(),
      withdrawals: '10',
      cardSpend: usdInUsdt.mul('7.5').toDecimalPlaces(6, Decimal.ROUND_DOWN).toFixed(),
      flashExchange: '0',
      newMembers: 2,
    });
    expect(days[0]).toMatchObject({ deposits: '0', withdrawals: '0', newMembers: 0 });
    expect((await get('/api/v1/admin/dashboard/series?days=91', ops.headers)).statusCode).toBe(400);
    expect((await get('/api/v1/admin/dashboard/series', ops.headers)).json().days).toHaveLength(30);
  });

  it("finds members by email prefix, UID, bound address and a card's last four digits, and only by those", async () => {
    const ops = await testOperator(t, ['support']);
    const prefix = `find${randomBytes(3).toString('hex')}`;
    const member = await registerUser(t, { email: uniqueEmail(prefix) });
    const other = await registerUser(t, { email: uniqueEmail(`${prefix}x_y`) });
    const search = async (q: string) => {
      const res = await get(`/api/v1/admin/members?q=${encodeURIComponent(q)}&pageSize=100`, ops.headers);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { items: Array<{ uid: string; email: string; locked: boolean; kycStatus: string }>; total: number };
    };
    const byPrefix = await search(prefix.toUpperCase());
    expect(byPrefix.items.map((m) => m.uid).sort()).toEqual([member.profile.uid, other.profile.uid].sort());
    expect(byPrefix.total).toBe(2);
    // "_" and "%" are searched as themselves, not as ILIKE's wildcards.
    expect((await search(`${prefix}x_`)).items.map((m) => m.uid)).toEqual([other.profile.uid]);
    expect((await search(`${prefix}%`)).total).toBe(0);
    expect((await search(member.profile.uid)).items).toEqual([
      expect.objectContaining({ uid: member.profile.uid, email: member.email, locked: false, kycStatus: 'none' }),
    ]);

    const bsc = BSC_ADDRESS;
    await db.updateTable('users').set({ bound_network: 'BSC', bound_address: bsc }).where('uid', '=', member.profile.uid).execute();
    expect((await search(bsc.toLowerCase())).items.map((m) => m.uid)).toEqual([member.profile.uid]);
    expect((await search(TRON_ADDRESS)).items.map((m) => m.uid)).toContain(other.profile.uid);
    expect((await search(TRON_ADDRESS.toLowerCase())).items.map((m) => m.uid)).not.toContain(other.profile.uid);

    uidCounter += 1;
    const card = await activeCard(db, { uid: uidCounter, tag: 'find', balance: '0' });
    await db.updateTable('cards').set({ last4: '4821' }).where('id', '=', card.id).execute();
    expect((await search('4821')).items.map((m) => m.uid)).toEqual([String(uidCounter)]);

    const page = await get(`/api/v1/admin/members?q=${prefix}&page=2&pageSize=1`, ops.headers);
    expect(page.json()).toMatchObject({ total: 2, items: [expect.any(Object)] });
  });

  it("shows a member's profile, balances, cards, sessions, KYC state, tickets, notes and records", async () => {
    const support = await testOperator(t, ['support']);
    const member = await registerUser(t);
    const id = await userIdOf(member.profile.uid);
    await fund(id, '120.5');

    const note = await postJson(`/api/v1/admin/members/${member.profile.uid}/notes`, support.headers, { body: 'Called about a deposit' });
    expect(note.statusCode, note.body).toBe(200);
    const [audited] = await auditOf('member.note');
    expect(audited).toMatchObject({ operator_id: support.id, member_uid: member.profile.uid, after: { body: 'Called about a deposit' } });

    const res = await get(`/api/v1/admin/members/${member.profile.uid}`, support.headers);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json();
    expect(detail.profile).toMatchObject({
      uid: member.profile.uid,
      email: member.email,
      boundNetwork: 'TRON',
      boundAddress: TRON_ADDRESS,
    });
    expect(detail.locked).toEqual({ locked: false, lockedAt: null, reason: null });
    expect(detail.balances).toEqual([{ currency: 'USDT', available: '120.5', held: '0' }]);
    expect(detail.cards).toEqual([]);
    expect(detail.sessions).toHaveLength(1);
    expect(JSON.stringify(detail.sessions)).not.toContain(member.token);
    expect(detail.kyc).toMatchObject({ status: 'none', photos: [] });
    expect(detail.tickets).toEqual([]);
    expect(detail.notes).toEqual([
      expect.objectContaining({ body: 'Called about a deposit', operator: { id: support.id, email: support.email } }),
    ]);

    const records = await get(`/api/v1/admin/members/${member.profile.uid}/records`, support.headers);
    expect(records.statusCode, records.body).toBe(200);
    expect(records.json().records).toEqual([expect.objectContaining({ currency: 'USDT', amount: '120.5' })]);

    expect((await get('/api/v1/admin/members/19999999', support.headers)).json().error.code).toBe('MEMBER_NOT_FOUND');
  });

  it('locks a member: sessions end, sign-in is refused, audited with before and after; support may not', async () => {
    const support = await testOperator(t, ['support']);
    const compliance = await testOperator(t, ['compliance']);
    const member = await registerUser(t);
    const url = `/api/v1/admin/members/${member.profile.uid}/lock`;

    const refused = await postJson(url, support.headers, { reason: 'suspicious' });
    expect(refused.statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/v1/me', headers: member.headers })).statusCode).toBe(200);

    const locked = await postJson(url, compliance.headers, { reason: 'card fraud report' });
    expect(locked.statusCode, locked.body).toBe(200);
    expect(locked.json()).toMatchObject({ locked: true, endedSessions: 1 });
    expect((await app.inject({ method: 'GET', url: '/api/v1/me', headers: member.headers })).statusCode).toBe(401);
    const signIn = await postJson('/api/v1/auth/login/password', {}, { email: member.email, password: PASSWORD });
    expect(signIn.json().error?.code).toBe('ACCOUNT_LOCKED');
    const [audited] = await auditOf('member.lock');
    expect(audited).toMatchObject({
      operator_id: compliance.id,
      member_uid: member.profile.uid,
      reason: 'card fraud report',
      before: { locked: false },
      after: expect.objectContaining({ locked: true, endedSessions: 1 }),
    });
    const mail = await db
      .selectFrom('mail_outbox')
      .select(['subject', 'text_body'])
      .where('to_address', '=', member.email)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('SBC Wallet: your account is locked');
    expect(mail.text_body).toContain('our support team has locked your account');
    expect((await postJson(url, compliance.headers, { reason: 'again' })).json().error.code).toBe('MEMBER_ALREADY_LOCKED');
    expect((await get(`/api/v1/admin/members/${member.profile.uid}`, support.headers)).json().locked).toMatchObject({ locked: true });

    // The existing unlock lifts it; nothing was deleted.
    const unlocked = await postJson(`/api/v1/admin/users/${member.profile.uid}/unlock`, compliance.headers, { note: 'verified by video' });
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    expect((await postJson('/api/v1/auth/login/password', {}, { email: member.email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('freezes and unfreezes a card at the issuer for compliance, audited; an issuer failure changes nothing', async () => {
    const compliance = await testOperator(t, ['compliance']);
    const support = await testOperator(t, ['support']);
    uidCounter += 1;
    const card = await activeCard(db, { uid: uidCounter, tag: 'freeze', balance: '5' });
    await db.updateTable('cards').set({ last4: '7312' }).where('id', '=', card.id).execute();

    const list = await get('/api/v1/admin/cards?q=7312', support.headers);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({ total: 1, items: [{ id: card.id, memberUid: String(uidCounter), balance: '5', frozen: false }] });
    expect((await get(`/api/v1/admin/cards?q=${uidCounter}`, support.headers)).json().total).toBe(1);

    expect((await postJson(`/api/v1/admin/cards/${card.id}/freeze`, support.headers, { reason: 'fraud' })).statusCode).toBe(403);
    issuerFails = true;
    const failed = await postJson(`/api/v1/admin/cards/${card.id}/freeze`, compliance.headers, { reason: 'fraud' });
    issuerFails = false;
    expect(failed.json().error.code).toBe('ISSUER_UNAVAILABLE');
    expect(await auditOf('card.freeze')).toEqual([]);

    const frozen = await postJson(`/api/v1/admin/cards/${card.id}/freeze`, compliance.headers, { reason: 'fraud report' });
    expect(frozen.statusCode, frozen.body).toBe(200);
    expect(frozen.json()).toEqual({ frozen: true, changed: true });
    expect(issuerCalls).toEqual([`freeze:${card.issuerId}`]);
    const row = await db.selectFrom('cards').select(['frozen']).where('id', '=', card.id).executeTakeFirstOrThrow();
    expect(row.frozen).toBe(true);
    expect(await auditOf('card.freeze')).toEqual([
      expect.objectContaining({ operator_id: compliance.id, object: `card:${card.id}`, reason: 'fraud report', after: { frozen: true } }),
    ]);
    expect((await db.selectFrom('cards').select('freeze_reason').where('id', '=', card.id).executeTakeFirstOrThrow()).freeze_reason).toBe(
      'operator',
    );
    // The member cannot lift a freeze compliance made.
    const memberSide = { db, issuer, clock: systemClock } as unknown as CardDeps;
    await expect(setFrozen(memberSide, card.user_id, card.id, false)).rejects.toMatchObject({ code: 'CARD_FROZEN_BY_OPERATOR' });
    // Freezing a frozen card asks the issuer nothing and records nothing.
    expect((await postJson(`/api/v1/admin/cards/${card.id}/freeze`, compliance.headers, { reason: 'again' })).json()).toEqual({
      frozen: true,
      changed: false,
    });
    const unfrozen = await postJson(`/api/v1/admin/cards/${card.id}/unfreeze`, compliance.headers, {});
    expect(unfrozen.json()).toEqual({ frozen: false, changed: true });
    expect(issuerCalls).toEqual([`freeze:${card.issuerId}`, `unfreeze:${card.issuerId}`]);
    expect(await auditOf('card.unfreeze')).toHaveLength(1);
  });

  it('lists every withdrawal and deposit, and the rates with their pairs', async () => {
    const finance = await testOperator(t, ['finance']);
    const support = await testOperator(t, ['support']);
    const member = await registerUser(t);
    const id = await userIdOf(member.profile.uid);
    const sent = await withdrawal(id, '12', 'completed');
    const waiting = await withdrawal(id, '13', 'pending_review');

    const mine = await get(`/api/v1/admin/withdrawals/all?q=${member.profile.uid}`, finance.headers);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().total).toBe(2);
    const completed = await get(`/api/v1/admin/withdrawals/all?q=${member.profile.uid}&status=completed`, finance.headers);
    expect(completed.json()).toMatchObject({
      total: 1,
      items: [{ id: sent, memberUid: member.profile.uid, amount: '12', fee: '1', status: 'completed', address: TRON_ADDRESS }],
    });
    expect((await get('/api/v1/admin/withdrawals/all', support.headers)).statusCode).toBe(403);
    // The review queue keeps its shape, and names each withdrawal's member.
    const queue = (await get('/api/v1/admin/withdrawals', finance.headers)).json().withdrawals;
    expect(queue.find((w: { id: string }) => w.id === waiting)).toMatchObject({ memberUid: member.profile.uid, amount: '13' });

    const deposits = await get('/api/v1/admin/deposits?status=unattributed', finance.headers);
    expect(deposits.statusCode, deposits.body).toBe(200);
    expect(
      deposits.json().items.every((d: { status: string; memberUid: string | null }) => d.status === 'unattributed' && d.memberUid === null),
    ).toBe(true);

    const rates = await get('/api/v1/admin/rates', finance.headers);
    expect(rates.statusCode, rates.body).toBe(200);
    expect(rates.json().rates).toEqual(
      expect.arrayContaining([expect.objectContaining({ currency: 'USDT', updatedAt: expect.any(String) })]),
    );
    const [pair, other] = rates.json().pairs as Array<{ from: string; to: string; spread: string; updatedAt: string }>;
    if (!pair || !other) throw new Error('the migrations make exchange pairs');
    // A pair's terms carry the time they changed; changing one leaves the others' times alone.
    const before = Date.now();
    const set = await app.inject({
      method: 'PUT',
      url: `/api/v1/admin/pairs/${pair.from}/${pair.to}`,
      headers: finance.headers,
      payload: { spread: '0.0042', feeRate: '0.001', enabled: true },
    });
    expect(set.statusCode, set.body).toBe(200);
    const changed = (await get('/api/v1/admin/rates', finance.headers)).json().pairs as Array<typeof pair>;
    const changedPair = changed.find((p) => p.from === pair.from && p.to === pair.to);
    expect(changedPair?.spread).toBe('0.0042');
    expect(Date.parse(changedPair?.updatedAt ?? '')).toBeGreaterThanOrEqual(before);
    expect(changed.find((p) => p.from === other.from && p.to === other.to)?.updatedAt).toBe(other.updatedAt);
    expect((await get('/api/v1/admin/rates', support.headers)).statusCode).toBe(403);
  });

  it('counts the approvals waiting through the approvals module: pending ones, not the decided', async () => {
    const finance = await testOperator(t, ['finance']);
    const waiting = async () => (await get('/api/v1/admin/dashboard', finance.headers)).json().queues.approvals as number;
    const before = await waiting();
    const member = await registerUser(t);
    const ask = () =>
      app.inject({
        method: 'POST',
        url: `/api/v1/admin/users/${member.profile.uid}/adjustments`,
        headers: { ...finance.headers, 'idempotency-key': randomUUID() },
        payload: { currency: 'USDT', amount: '5', reason: 'goodwill credit' },
      });
    const first = await ask();
    expect(first.statusCode, first.body).toBe(202);
    expect((await ask()).statusCode).toBe(202);
    expect(await waiting()).toBe(before + 2);
    // A decided request no longer waits.
    const checker = await testOperator(t, ['finance']);
    const rejected = await postJson(`/api/v1/admin/approvals/${first.json().approval.id}/reject`, checker.headers, { reason: 'not owed' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await waiting()).toBe(before + 1);
  });

  it('documents every console route with its reply in the OpenAPI document', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
    for (const path of ['/api/v1/admin/dashboard', '/api/v1/admin/members/{uid}', '/api/v1/admin/withdrawals/all', '/api/v1/admin/cards'])
      expect(doc.paths[path]?.get?.responses?.['200'], path).toBeDefined();
  });
});
