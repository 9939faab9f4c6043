import fastifyCookie from '@fastify/cookie';
import { OPERATOR_ROLES, type OperatorRole, PERMISSIONS } from '@wallet/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../../test/clock';
import { createTestDatabase, type TestDatabase } from '../../../../test/database';
import { type TestOperator, testOperator } from '../../../../test/operators';
import { freshAddress, member, reward, rewardStatus, type TestMember } from '../../../../test/referral-abuse';
import type { Db } from '../../../platform/db/database';
import { errorModelOptions, registerErrorHandling } from '../../../platform/errors';
import { registerLanguage } from '../../../platform/language';
import { cachingSerializerCompiler } from '../../../platform/shared-replies';
import { validatorCompiler } from '../../../platform/validation';
import { registerOperatorGuard } from '../../operators/guard';
import { flaggedPairs } from './index';
import { registerReviewRoutes } from './review-routes';

/**
 * The review routes behind the real operator guard, on an app of their own (rewards/register.ts,
 * which wires them into the whole app, is written when the programme's parts are put together):
 * who may read and decide, what the list shows, and what the decision refuses.
 */
let database: TestDatabase;
let db: Db;
let app: FastifyInstance;
const clock = new ManualClock(new Date('2026-12-05T09:00:00.000Z'));
const operators = new Map<OperatorRole, TestOperator>();

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.handle.db;
  const server = Fastify({ ...errorModelOptions }).withTypeProvider<ZodTypeProvider>();
  server.setValidatorCompiler(validatorCompiler);
  server.setSerializerCompiler(cachingSerializerCompiler);
  registerLanguage(server);
  registerErrorHandling(server);
  await server.register(fastifyCookie);
  registerOperatorGuard(server, { db, clock });
  await registerReviewRoutes(server, { db, clock });
  await server.ready();
  app = server;
  for (const role of OPERATOR_ROLES) operators.set(role, await testOperator(db, [role]));
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

const as = (role: OperatorRole) => (operators.get(role) as TestOperator).headers;

async function openReview(): Promise<{ id: string; inviter: TestMember; invitee: TestMember }> {
  const address = freshAddress();
  const inviter = await member(db, { address });
  const invitee = await member(db, { address, invitedBy: inviter.id });
  await db.transaction().execute((trx) => flaggedPairs(trx, [{ beneficiaryId: inviter.id, memberId: invitee.id }], clock.now()));
  const { id } = await db.selectFrom('referral_reviews').select('id').where('invitee_id', '=', invitee.id).executeTakeFirstOrThrow();
  return { id, inviter, invitee };
}

const decide = (id: string, body: object, role: OperatorRole = 'compliance') =>
  app.inject({ method: 'POST', url: `/api/v1/admin/agency/reviews/${id}/decision`, headers: as(role), payload: body });

describe('the review list', () => {
  it('shows open reviews newest first with masked members, signals and held totals per currency, paged', async () => {
    const first = await openReview();
    clock.advance(60);
    const second = await openReview();
    await reward(db, { beneficiary: second.inviter.id, member: second.invitee.id, status: 'held', amount: '2', currency: 'USDT' });
    await reward(db, { beneficiary: second.inviter.id, member: second.invitee.id, status: 'held', amount: '0.5', currency: 'USDT' });
    await reward(db, {
      beneficiary: second.inviter.id,
      member: second.invitee.id,
      status: 'held',
      amount: '1.25',
      currency: 'USD',
      cancelled: '0.25',
    });
    await reward(db, { beneficiary: second.inviter.id, member: second.invitee.id, status: 'available', amount: '7', currency: 'USDT' });

    const res = await app.inject({ method: 'GET', url: '/api/v1/admin/agency/reviews?limit=1', headers: as('support') });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page.reviews).toHaveLength(1);
    expect(page.reviews[0]).toMatchObject({
      id: second.id,
      status: 'open',
      inviter: { uid: second.inviter.uid, email: expect.stringMatching(/^ab\*\*\*@example\.com$/) },
      invitee: { uid: second.invitee.uid },
      signals: [{ kind: 'same_address', detail: expect.stringContaining('…') }],
      held: { USDT: '2.5', USD: '1' },
      createdAt: clock.now().toISOString(),
      decidedAt: null,
      decidedBy: null,
      note: null,
    });
    expect(res.body).not.toContain(second.inviter.email);
    expect(page.nextCursor).toEqual(expect.any(String));

    const next = await app.inject({
      method: 'GET',
      url: `/api/v1/admin/agency/reviews?limit=1&cursor=${page.nextCursor}`,
      headers: as('auditor'),
    });
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json().reviews[0].id).toBe(first.id);
  });

  it('lists decided reviews by status, with who decided and why', async () => {
    const { id } = await openReview();
    expect((await decide(id, { decision: 'void', note: 'Same wallet' })).statusCode).toBe(200);
    const res = await app.inject({ method: 'GET', url: '/api/v1/admin/agency/reviews?status=voided', headers: as('finance') });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().reviews).toEqual([
      expect.objectContaining({ id, status: 'voided', note: 'Same wallet', decidedBy: operators.get('compliance')?.email }),
    ]);
    const open = await app.inject({ method: 'GET', url: '/api/v1/admin/agency/reviews', headers: as('finance') });
    expect(open.json().reviews.map((review: { id: string }) => review.id)).not.toContain(id);
  });

  it('refuses a status or cursor it does not know', async () => {
    for (const query of ['status=closed', 'cursor=%00', 'cursor=bm90LWEtY3Vyc29y', 'limit=0']) {
      const res = await app.inject({ method: 'GET', url: `/api/v1/admin/agency/reviews?${query}`, headers: as('support') });
      expect(res.statusCode, query).toBe(400);
    }
  });

  it('asks for an operator', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/admin/agency/reviews' });
    expect(res.statusCode).toBe(401);
  });
});

describe('deciding a review', () => {
  it('is compliance work only: every other role gets 403 and nothing changes', async () => {
    const { id, inviter, invitee } = await openReview();
    const held = await reward(db, { beneficiary: inviter.id, member: invitee.id, status: 'held' });
    const allowed = PERMISSIONS['agency.reviews'] as readonly OperatorRole[];
    for (const role of OPERATOR_ROLES.filter((r) => !allowed.includes(r))) {
      const res = await decide(id, { decision: 'clear', note: 'Looks fine' }, role);
      expect(res.statusCode, role).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
    expect(await rewardStatus(db, held)).toEqual({ status: 'held', reason: 'flagged' });
    expect(await db.selectFrom('operator_audit').select('seq').where('object', '=', `referral_review:${id}`).execute()).toHaveLength(0);

    const res = await decide(id, { decision: 'clear', note: 'Looks fine' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ released: 1, voided: 0, review: { id, status: 'cleared', note: 'Looks fine' } });
    expect(await rewardStatus(db, held)).toEqual({ status: 'pending', reason: null });
    const audit = await db.selectFrom('operator_audit').selectAll().where('object', '=', `referral_review:${id}`).execute();
    expect(audit).toEqual([expect.objectContaining({ action: 'referral_review.clear', reason: 'Looks fine' })]);
  });

  it('refuses a missing or unsafe note and an unknown decision, with the field named', async () => {
    const { id } = await openReview();
    const bodies = [
      { decision: 'clear' },
      { decision: 'clear', note: '   ' },
      { decision: 'clear', note: 'x'.repeat(501) },
      { decision: 'clear', note: 'fine\u0000' },
      { decision: 'clear', note: 'fine\u202e' },
      { decision: 'approve', note: 'fine' },
    ];
    for (const body of bodies) {
      const res = await decide(id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    const row = await db.selectFrom('referral_reviews').select('status').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.status).toBe('open');
  });

  it('answers a second decision with 409 and an unknown review with 404', async () => {
    const { id } = await openReview();
    expect((await decide(id, { decision: 'void', note: 'Same wallet' })).statusCode).toBe(200);
    const twice = await decide(id, { decision: 'clear', note: 'Oops' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('REFERRAL_REVIEW_DECIDED');
    const unknown = await decide('987654321', { decision: 'clear', note: 'Checked' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('REFERRAL_REVIEW_NOT_FOUND');
    expect((await decide('not-a-number', { decision: 'clear', note: 'Checked' })).statusCode).toBe(400);
  });
});
