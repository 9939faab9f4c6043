import {
  type AdminReferralReview,
  type AdminReferralReviewDecisionReply,
  type AdminReferralReviewListQuery,
  type AdminReferralReviewListReply,
  Decimal,
  maskEmail,
  type ReferralReviewDecision,
} from '@wallet/contract';
import type { Db, Executor } from '../../../platform/db/database';
import { keysetPage } from '../../../platform/db/paging';
import { AppError } from '../../../platform/errors';
import { recordOperatorAudit } from '../../operators/audit-chain';
import type { OperatorContext } from '../../operators/context';
import * as q from './queries';

/** The console's review list and an operator's decision on a review (issue 43). */

function toReview(row: q.ReviewPageRow): AdminReferralReview {
  return {
    id: row.id,
    status: row.status,
    inviter: { uid: row.inviter_uid, email: maskEmail(row.inviter_email) },
    invitee: { uid: row.invitee_uid, email: maskEmail(row.invitee_email) },
    signals: row.signals as AdminReferralReview['signals'],
    held: Object.fromEntries(Object.entries(row.held ?? {}).map(([currency, total]) => [currency, new Decimal(total).toFixed()])),
    createdAt: row.created_at.toISOString(),
    decidedAt: row.decided_at?.toISOString() ?? null,
    decidedBy: row.decided_by,
    note: row.note,
  };
}

const encodeCursor = (row: q.ReviewPageRow) => Buffer.from(`${row.created_at.toISOString()}|${row.id}`).toString('base64url');

function decodeCursor(cursor: string): q.ReviewCursor {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const created = new Date(at ?? '');
  if (!id || !/^[1-9]\d{0,17}$/.test(id) || Number.isNaN(created.getTime())) throw new AppError('BAD_REQUEST');
  return { created_at: created, id };
}

export async function listReviews(db: Executor, query: AdminReferralReviewListQuery): Promise<AdminReferralReviewListReply> {
  const rows = await q.pageOfReviews(db, { status: query.status }, query.limit + 1, query.cursor ? decodeCursor(query.cursor) : undefined);
  const { page, nextCursor } = keysetPage(rows, query.limit, encodeCursor);
  return { reviews: page.map(toReview), nextCursor };
}

async function reviewById(db: Executor, id: string): Promise<AdminReferralReview> {
  const [row] = await q.pageOfReviews(db, { id }, 1);
  if (!row) throw new AppError('REFERRAL_REVIEW_NOT_FOUND');
  return toReview(row);
}

/**
 * An operator's decision on an open review, with its audit entry, in one transaction. Clear: the
 * pair's held rewards become pending (their window counts from when they were written) and the pair
 * pays from now on. Void: the review is voided (the pair's later rewards are void too) and every held
 * or pending reward between the linked accounts is voided; rewards already paid stay paid (clawing
 * them back is an adjustment of its own).
 */
export async function decideReview(
  db: Db,
  operator: OperatorContext,
  reviewId: string,
  decision: ReferralReviewDecision,
  note: string,
  now: Date = new Date(),
): Promise<AdminReferralReviewDecisionReply> {
  if (!/^[1-9]\d{0,17}$/.test(reviewId)) throw new AppError('REFERRAL_REVIEW_NOT_FOUND');
  const outcome = await db.transaction().execute(async (trx) => {
    // The row lock orders this decision against the rewards engine, which share-locks the review
    // while it writes the pair's rewards: either they are written held before this runs, or they
    // are written after it, seeing the decision.
    const review = await q.lockReview(trx, reviewId);
    if (!review) throw new AppError('REFERRAL_REVIEW_NOT_FOUND');
    if (review.status !== 'open') throw new AppError('REFERRAL_REVIEW_DECIDED');
    await q.decide(trx, review.id, decision === 'clear' ? 'cleared' : 'voided', operator.operatorId, note, now);
    let released = 0;
    let voided = 0;
    let linked: { id: string; uid: string }[] = [];
    if (decision === 'clear') released = await q.releaseHeld(trx, review.inviter_id, review.invitee_id);
    else {
      linked = await q.linkedAccounts(trx, review.inviter_id, review.invitee_id);
      voided = await q.voidBetween(
        trx,
        linked.map((member) => member.id),
      );
    }
    await recordOperatorAudit(trx, operator, {
      action: decision === 'clear' ? 'referral_review.clear' : 'referral_review.void',
      object: `referral_review:${review.id}`,
      memberUid: review.invitee_uid,
      before: { status: 'open', inviterUid: review.inviter_uid, inviteeUid: review.invitee_uid, signals: review.signals },
      after:
        decision === 'clear'
          ? { status: 'cleared', released }
          : { status: 'voided', voided, linkedMembers: linked.map((member) => member.uid) },
      reason: note,
    });
    return { released, voided, linkedMembers: linked.map((member) => member.uid) };
  });
  return { review: await reviewById(db, reviewId), ...outcome };
}
