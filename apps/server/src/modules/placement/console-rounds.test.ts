import type { ConsoleRound } from '@wallet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedMember, PIN } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { ManualClock } from '../../../test/clock';
import { type TestOperator, testOperator } from '../../../test/operators';
import { key } from '../../../test/placement';

/**
 * Placement rounds in the console (issue 44): create, edit (tiers and limits only while nothing is
 * sold), close with a reason, each audited in its transaction; validation, and who may do what.
 */

const clock = new ManualClock(new Date('2026-12-05T08:00:00.000Z'));
let t: TestApp;
let finance: TestOperator;
let admin: TestOperator;
let support: TestOperator;
let auditor: TestOperator;
const db = () => t.database.handle.db;

beforeAll(async () => {
  t = await createTestApp({ clock });
  [finance, admin, support, auditor] = await Promise.all([
    testOperator(t, ['finance']),
    testOperator(t, ['admin']),
    testOperator(t, ['support']),
    testOperator(t, ['auditor']),
  ]);
});
afterAll(() => t.close());

const names = (text: string) => ({ en: text, zh: `${text} zh`, ko: `${text} ko`, ja: `${text} ja` });
const hours = (n: number) => new Date(clock.now().getTime() + n * 3600_000).toISOString();

function body(overrides: Record<string, unknown> = {}) {
  return {
    name: names('Seed round'),
    rules: names('Whole units only.'),
    tiers: [
      { quantity: '1000', price: '0.1' },
      { quantity: '2000', price: '0.125' },
    ],
    minPerMember: '10',
    maxPerMember: '500',
    startsAt: hours(-1),
    endsAt: hours(72),
    kycRequired: false,
    note: 'first round of the seed sale',
    ...overrides,
  };
}

function call(who: TestOperator, method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) {
  return t.app.inject({ method, url: `/api/v1/admin/placement${url}`, headers: who.headers, ...(payload ? { payload } : {}) });
}

const audits = (action: string, id: string) =>
  db()
    .selectFrom('operator_audit')
    .selectAll()
    .where('action', '=', action)
    .where('object', '=', `placement_round:${id}`)
    .orderBy('seq')
    .execute();
const codeOf = (res: { json(): unknown }) => (res.json() as { error: { code: string } }).error.code;

describe('placement rounds in the console', () => {
  it('creates a round whose total is the sum of its tiers, audited, and lists it', async () => {
    const res = await call(finance, 'POST', '/rounds', body());
    expect(res.statusCode, res.body).toBe(200);
    const round = res.json().round as ConsoleRound;
    expect(round).toMatchObject({ status: 'open', totalQuantity: '3000', sold: '0', buyers: 0, raised: '0', minPerMember: '10' });
    const [audit] = await audits('placement.round.create', round.id);
    expect(audit).toMatchObject({ operator_id: finance.id, reason: 'first round of the seed sale' });
    expect(audit?.after).toMatchObject({ totalQuantity: '3000', tiers: body().tiers });

    const listed = (await call(auditor, 'GET', '/rounds?status=open')).json();
    expect(listed.items.map((r: ConsoleRound) => r.id)).toContain(round.id);
    expect((await call(auditor, 'GET', '/rounds?status=closed')).json().items.map((r: ConsoleRound) => r.id)).not.toContain(round.id);
    expect((await call(support, 'GET', `/rounds/${round.id}`)).json().round.id).toBe(round.id);
  });

  it('refuses invalid rounds with PLACEMENT_ROUND_INVALID naming the field', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ tiers: [{ quantity: '10.5', price: '0.1' }] }, 'tiers.0.quantity'],
      [{ tiers: [{ quantity: '0', price: '0.1' }] }, 'tiers.0.quantity'],
      [{ tiers: [{ quantity: '100', price: '0' }] }, 'tiers.0.price'],
      [{ tiers: [{ quantity: '100', price: '0.1234567' }] }, 'tiers.0.price'],
      [{ minPerMember: '20', maxPerMember: '10' }, 'maxPerMember'],
      [{ maxPerMember: '3001' }, 'maxPerMember'],
      [{ name: { ...names('x'), ko: '  ' } }, 'name.ko'],
      [{ endsAt: hours(-2) }, 'endsAt'],
    ];
    for (const [overrides, field] of cases) {
      const res = await call(admin, 'POST', '/rounds', body(overrides));
      expect([res.statusCode, codeOf(res), res.json().error.details?.field], field).toEqual([400, 'PLACEMENT_ROUND_INVALID', field]);
    }
  });

  it('edits freely before a sale, then only names, rules, end and KYC', async () => {
    const id = (await call(finance, 'POST', '/rounds', body())).json().round.id as string;
    const early = await call(admin, 'PUT', `/rounds/${id}`, body({ tiers: [{ quantity: '500', price: '0.2' }], maxPerMember: '100' }));
    expect(early.statusCode, early.body).toBe(200);
    expect(early.json().round).toMatchObject({ totalQuantity: '500', maxPerMember: '100' });
    const [edit] = await audits('placement.round.edit', id);
    expect(edit?.before).toMatchObject({ totalQuantity: '3000' });
    expect(edit?.after).toMatchObject({ totalQuantity: '500' });

    const member = await fundedMember(t, '100');
    const bought = await t.app.inject({
      method: 'POST',
      url: `/api/v1/placement/rounds/${id}/purchases`,
      headers: { ...member.headers, 'idempotency-key': key() },
      payload: { quantity: '20', expectedAmount: '4', paymentPassword: PIN },
    });
    expect(bought.statusCode, bought.body).toBe(200);

    const sold = body({ tiers: [{ quantity: '500', price: '0.2' }], maxPerMember: '100' });
    for (const change of [
      { tiers: [{ quantity: '600', price: '0.2' }] },
      { minPerMember: '5' },
      { maxPerMember: '200' },
      { startsAt: hours(-3) },
    ]) {
      const res = await call(admin, 'PUT', `/rounds/${id}`, { ...sold, ...change });
      expect(codeOf(res), JSON.stringify(change)).toBe('PLACEMENT_ROUND_STARTED');
    }
    const later = await call(admin, 'PUT', `/rounds/${id}`, { ...sold, name: names('Renamed'), endsAt: hours(100), kycRequired: true });
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json().round).toMatchObject({ name: names('Renamed'), kycRequired: true, sold: '20', buyers: 1, raised: '4' });
    expect(await audits('placement.round.edit', id)).toHaveLength(2);
  });

  it('closes a round with its reason, audited; members can no longer buy, and it cannot close twice', async () => {
    const id = (await call(finance, 'POST', '/rounds', body())).json().round.id as string;
    const closed = await call(finance, 'POST', `/rounds/${id}/close`, { reason: 'allocation met off-platform' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().round).toMatchObject({ status: 'closed', closedReason: 'allocation met off-platform' });
    const [audit] = await audits('placement.round.close', id);
    expect(audit).toMatchObject({ reason: 'allocation met off-platform', operator_id: finance.id });
    expect(codeOf(await call(finance, 'POST', `/rounds/${id}/close`, { reason: 'again please' }))).toBe('PLACEMENT_ROUND_CLOSED');
    expect(codeOf(await call(finance, 'PUT', `/rounds/${id}`, body()))).toBe('PLACEMENT_ROUND_CLOSED');

    const member = await fundedMember(t, '100');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/placement/rounds/${id}/purchases`,
      headers: { ...member.headers, 'idempotency-key': key() },
      payload: { quantity: '10', expectedAmount: '1', paymentPassword: PIN },
    });
    expect(codeOf(res)).toBe('PLACEMENT_ROUND_CLOSED');
  });

  it('lets only finance and admin change rounds, and changes nothing when refused', async () => {
    const id = (await call(admin, 'POST', '/rounds', body())).json().round.id as string;
    const before = await db().selectFrom('placement_rounds').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    for (const who of [support, auditor, await testOperator(t, ['compliance'])]) {
      expect((await call(who, 'POST', '/rounds', body())).statusCode).toBe(403);
      expect((await call(who, 'PUT', `/rounds/${id}`, body({ name: names('Hijacked') }))).statusCode).toBe(403);
      expect((await call(who, 'POST', `/rounds/${id}/close`, { reason: 'not mine to close' })).statusCode).toBe(403);
    }
    expect(await db().selectFrom('placement_rounds').selectAll().where('id', '=', id).executeTakeFirstOrThrow()).toEqual(before);
    expect(await audits('placement.round.edit', id)).toEqual([]);
    expect(codeOf(await call(admin, 'GET', '/rounds/00000000-0000-4000-8000-000000000000'))).toBe('PLACEMENT_ROUND_NOT_FOUND');
  });
});
