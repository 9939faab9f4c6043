import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../test/database';
import { testOperator } from '../../../../test/operators';
import { device, freshAddress, member, payee, reward, rewardStatus, type TestMember } from '../../../../test/referral-abuse';
import type { Db } from '../../../platform/db/database';
import { verifyAuditChain } from '../../operators/audit-chain';
import type { OperatorContext } from '../../operators/context';
import { decideReview, flaggedPairs } from './index';

/** An operator's decision on a review: clear releases the pair's held rewards, void voids across the linked accounts; audited, once. */
let database: TestDatabase;
let db: Db;
let operator: OperatorContext;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.handle.db;
  const made = await testOperator(db, ['compliance']);
  operator = {
    operatorId: made.id,
    email: made.email,
    roles: made.roles,
    apiKeyId: null,
    sessionId: null,
    ip: '203.0.113.1',
    requestId: 'req-test',
  };
});
afterAll(() => database?.drop());

/** Opens the pair's review the way the engine does, and returns its id. */
async function review(inviter: TestMember, invitee: TestMember): Promise<string> {
  await db.transaction().execute((trx) => flaggedPairs(trx, [{ beneficiaryId: inviter.id, memberId: invitee.id }], new Date()));
  const row = await db
    .selectFrom('referral_reviews')
    .select('id')
    .where('inviter_id', '=', inviter.id)
    .where('invitee_id', '=', invitee.id)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function sameAddressPair(): Promise<[TestMember, TestMember]> {
  const address = freshAddress();
  const inviter = await member(db, { address });
  return [inviter, await member(db, { address, invitedBy: inviter.id })];
}

const auditOf = (reviewId: string) =>
  db.selectFrom('operator_audit').selectAll().where('object', '=', `referral_review:${reviewId}`).orderBy('seq').execute();

describe('clearing a review', () => {
  it("turns the pair's held rewards into pending, leaves others alone, and is audited with the note", async () => {
    const [inviter, invitee] = await sameAddressPair();
    const other = await member(db, { invitedBy: inviter.id });
    const id = await review(inviter, invitee);
    const held = [
      await reward(db, { beneficiary: inviter.id, member: invitee.id, status: 'held', amount: '2', currency: 'USDT' }),
      await reward(db, { beneficiary: inviter.id, member: invitee.id, status: 'held', amount: '1.25', currency: 'USD', cancelled: '0.25' }),
    ];
    const otherHeld = await reward(db, { beneficiary: inviter.id, member: other.id, status: 'held' });

    const reply = await decideReview(db, operator, id, 'clear', 'Siblings in one household, checked by phone');
    expect(reply).toMatchObject({ released: 2, voided: 0, linkedMembers: [] });
    expect(reply.review).toMatchObject({
      id,
      status: 'cleared',
      inviter: { uid: inviter.uid },
      invitee: { uid: invitee.uid },
      held: {},
      decidedBy: operator.email,
      note: 'Siblings in one household, checked by phone',
    });
    expect(reply.review.inviter.email).toMatch(/^ab\*\*\*@example\.com$/);
    for (const rewardId of held) expect(await rewardStatus(db, rewardId)).toEqual({ status: 'pending', reason: null });
    expect(await rewardStatus(db, otherHeld)).toEqual({ status: 'held', reason: 'flagged' });

    const [entry] = await auditOf(id);
    expect(entry).toMatchObject({
      action: 'referral_review.clear',
      operator_id: operator.operatorId,
      member_uid: invitee.uid,
      reason: 'Siblings in one household, checked by phone',
      after: { status: 'cleared', released: 2 },
    });
    expect(await verifyAuditChain(db)).toMatchObject({ intact: true });

    // The pair pays from now on.
    const verdicts = await db
      .transaction()
      .execute((trx) => flaggedPairs(trx, [{ beneficiaryId: inviter.id, memberId: invitee.id }], new Date()));
    expect(verdicts.size).toBe(0);
  });
});

describe('voiding a review', () => {
  it('voids held and pending rewards across the linked accounts, not paid ones nor unlinked members', async () => {
    // inviter -> invitee share a device; a third account on that device is linked; a fourth shares
    // a payee with the inviter only, which is not what links the pair; a fifth is unrelated.
    const inviter = await member(db);
    const invitee = await member(db, { invitedBy: inviter.id });
    const alt = await member(db, { invitedBy: invitee.id });
    const payeeOnly = await member(db, { invitedBy: inviter.id });
    const stranger = await member(db, { invitedBy: inviter.id });
    const key = randomBytes(32);
    for (const who of [inviter, invitee, alt]) await device(db, who.id, key);
    const print = randomBytes(32);
    await payee(db, inviter.id, print);
    await payee(db, payeeOnly.id, print);
    const id = await review(inviter, invitee);

    const pairHeld = await reward(db, { beneficiary: inviter.id, member: invitee.id, status: 'held' });
    const pairPending = await reward(db, { beneficiary: inviter.id, member: invitee.id, status: 'pending' });
    const pairPaid = await reward(db, { beneficiary: inviter.id, member: invitee.id, status: 'available' });
    const altToInvitee = await reward(db, { beneficiary: invitee.id, member: alt.id, status: 'pending' });
    const altToInviter = await reward(db, { beneficiary: inviter.id, member: alt.id, status: 'pending' });
    const payeeOnlyReward = await reward(db, { beneficiary: inviter.id, member: payeeOnly.id, status: 'pending' });
    const strangerReward = await reward(db, { beneficiary: inviter.id, member: stranger.id, status: 'held' });

    const reply = await decideReview(db, operator, id, 'void', 'Three accounts on one phone');
    expect(reply.review.status).toBe('voided');
    expect(reply.voided).toBe(4);
    expect(reply.released).toBe(0);
    expect([...reply.linkedMembers].sort()).toEqual([inviter.uid, invitee.uid, alt.uid].sort());

    for (const voided of [pairHeld, pairPending, altToInvitee, altToInviter])
      expect(await rewardStatus(db, voided)).toEqual({ status: 'void', reason: 'voided' });
    expect(await rewardStatus(db, pairPaid)).toEqual({ status: 'available', reason: null });
    expect(await rewardStatus(db, payeeOnlyReward)).toEqual({ status: 'pending', reason: null });
    expect(await rewardStatus(db, strangerReward)).toEqual({ status: 'held', reason: 'flagged' });

    const [entry] = await auditOf(id);
    expect(entry).toMatchObject({ action: 'referral_review.void', reason: 'Three accounts on one phone' });
    expect(entry?.after).toMatchObject({ status: 'voided', voided: 4 });

    // The pair's later rewards are void.
    const verdicts = await db
      .transaction()
      .execute((trx) => flaggedPairs(trx, [{ beneficiaryId: inviter.id, memberId: invitee.id }], new Date()));
    expect(verdicts.get(`${inviter.id}:${invitee.id}`)).toBe('void');
  });

  it('links every member bound to the shared address', async () => {
    const address = freshAddress();
    const inviter = await member(db, { address });
    const invitee = await member(db, { address, invitedBy: inviter.id });
    const third = await member(db, { address, invitedBy: invitee.id });
    const id = await review(inviter, invitee);
    const linkedReward = await reward(db, { beneficiary: invitee.id, member: third.id, status: 'pending' });
    const reply = await decideReview(db, operator, id, 'void', 'One wallet behind three accounts');
    expect([...reply.linkedMembers].sort()).toEqual([inviter.uid, invitee.uid, third.uid].sort());
    expect(await rewardStatus(db, linkedReward)).toEqual({ status: 'void', reason: 'voided' });
  });
});

describe('a decision and the rewards engine at once', () => {
  it('waits for a batch writing held rewards of the pair, then releases them too', async () => {
    const [inviter, invitee] = await sameAddressPair();
    const id = await review(inviter, invitee);
    let commit: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      commit = resolve;
    });
    let written: () => void = () => {};
    const heldWritten = new Promise<void>((resolve) => {
      written = resolve;
    });
    // The engine's transaction: reads the verdict (held), writes the reward, and has not committed yet.
    let rewardId = '';
    const engine = db.transaction().execute(async (trx) => {
      const verdicts = await flaggedPairs(trx, [{ beneficiaryId: inviter.id, memberId: invitee.id }], new Date());
      expect(verdicts.get(`${inviter.id}:${invitee.id}`)).toBe('held');
      rewardId = await reward(trx as unknown as Db, { beneficiary: inviter.id, member: invitee.id, status: 'held' });
      written();
      await gate;
    });
    await heldWritten;
    const decision = decideReview(db, operator, id, 'clear', 'Checked');
    // Let the held transaction go even when the wait is not seen, so the test fails rather than hangs.
    try {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const { rows } = await database.handle.pool.query(
          "select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()",
        );
        if (rows[0].n > 0) break;
        if (Date.now() > deadline) throw new Error('the decision never waited for the engine');
        await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      commit();
    }
    await engine;
    expect((await decision).released).toBe(1);
    expect(await rewardStatus(db, rewardId)).toEqual({ status: 'pending', reason: null });
  });
});

describe('refusals', () => {
  it('refuses to decide a review twice, changing nothing the second time', async () => {
    const [inviter, invitee] = await sameAddressPair();
    const id = await review(inviter, invitee);
    await decideReview(db, operator, id, 'clear', 'Checked');
    const later = await reward(db, { beneficiary: inviter.id, member: invitee.id, status: 'pending' });
    await expect(decideReview(db, operator, id, 'void', 'Changed my mind')).rejects.toMatchObject({ code: 'REFERRAL_REVIEW_DECIDED' });
    expect(await rewardStatus(db, later)).toEqual({ status: 'pending', reason: null });
    expect(await auditOf(id)).toHaveLength(1);
    const row = await db.selectFrom('referral_reviews').select(['status', 'note']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'cleared', note: 'Checked' });
  });

  it('decides a review once when two operators decide it at the same time', async () => {
    const [inviter, invitee] = await sameAddressPair();
    const id = await review(inviter, invitee);
    const results = await Promise.allSettled([
      decideReview(db, operator, id, 'clear', 'First'),
      decideReview(db, operator, id, 'void', 'Second'),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((result) => result.status === 'rejected');
    expect(refused?.reason).toMatchObject({ code: 'REFERRAL_REVIEW_DECIDED' });
    expect(await auditOf(id)).toHaveLength(1);
  });

  it('answers an unknown review as not found', async () => {
    await expect(decideReview(db, operator, '999999999', 'clear', 'Checked')).rejects.toMatchObject({
      code: 'REFERRAL_REVIEW_NOT_FOUND',
    });
  });
});
