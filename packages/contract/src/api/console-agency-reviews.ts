import { z } from 'zod';
import { amountSchema } from '../amount';
import { safeText } from '../safe-text';

/*
 * The abuse review list of the invitation programme (issue 43), as the console reads and decides it:
 * a pair (inviter, invitee) the abuse rules found linked, the signals behind it, the rewards held
 * while it waits, and an operator's decision (clear: the held rewards go on to the holding window;
 * void: the rewards across the linked accounts are voided).
 */

export const REFERRAL_REVIEW_STATUSES = ['open', 'cleared', 'voided'] as const;
export type ReferralReviewStatus = (typeof REFERRAL_REVIEW_STATUSES)[number];
/**
 * What linked the pair: the same bound withdrawal address, a payee with the same account, a device
 * both signed in on, a card bound with the same number, or the invitee's sign-up among many from one
 * address within an hour.
 */
export const REFERRAL_SIGNAL_KINDS = ['same_address', 'same_payee', 'same_device', 'same_card', 'signup_burst'] as const;
export type ReferralSignalKind = (typeof REFERRAL_SIGNAL_KINDS)[number];
export const REFERRAL_REVIEW_DECISIONS = ['clear', 'void'] as const;
export type ReferralReviewDecision = (typeof REFERRAL_REVIEW_DECISIONS)[number];

export const referralSignalSchema = z
  .object({
    kind: z.enum(REFERRAL_SIGNAL_KINDS),
    /** What was shared, masked ("TRON TLa2f6…YjU7", "payee •••• 1234"): never the number itself. */
    detail: z.string().optional(),
  })
  .meta({ id: 'ReferralSignal' });
export type ReferralSignal = z.infer<typeof referralSignalSchema>;

const memberRefSchema = z.object({ uid: z.string(), email: z.string().describe('Masked: a***@example.com') });

export const adminReferralReviewSchema = z
  .object({
    id: z.string(),
    status: z.enum(REFERRAL_REVIEW_STATUSES),
    /** The beneficiary: who would earn from the invitee's activity (a direct or second-level inviter). */
    inviter: memberRefSchema,
    invitee: memberRefSchema,
    signals: z.array(referralSignalSchema),
    /** Rewards of the pair held while the review is open, per currency (what is left after refunds). */
    held: z.record(z.string(), amountSchema),
    createdAt: z.string(),
    decidedAt: z.string().nullable(),
    decidedBy: z.string().nullable().describe("The deciding operator's email"),
    note: z.string().nullable(),
  })
  .meta({ id: 'AdminReferralReview' });
export type AdminReferralReview = z.infer<typeof adminReferralReviewSchema>;

export const adminReferralReviewListQuerySchema = z.object({
  status: z.enum(REFERRAL_REVIEW_STATUSES).default('open'),
  cursor: z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]*$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type AdminReferralReviewListQuery = z.infer<typeof adminReferralReviewListQuerySchema>;

export const adminReferralReviewListReplySchema = z
  .object({ reviews: z.array(adminReferralReviewSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'AdminReferralReviewList' });
export type AdminReferralReviewListReply = z.infer<typeof adminReferralReviewListReplySchema>;

export const adminReferralReviewParamsSchema = z.object({ id: z.string().regex(/^[1-9]\d{0,17}$/) });

export const adminReferralReviewDecisionBodySchema = z
  .object({
    decision: z.enum(REFERRAL_REVIEW_DECISIONS),
    /** Why: kept with the review and in the audit log. */
    note: safeText(500).pipe(z.string().min(1)),
  })
  .meta({ id: 'AdminReferralReviewDecisionBody' });
export type AdminReferralReviewDecisionBody = z.infer<typeof adminReferralReviewDecisionBodySchema>;

export const adminReferralReviewDecisionReplySchema = z
  .object({
    review: adminReferralReviewSchema,
    /** Clear: held rewards of the pair now pending (their holding window counts from when they were written). */
    released: z.number().int(),
    /** Void: held or pending rewards between the linked accounts now void (rewards already paid are not touched). */
    voided: z.number().int(),
    /** Void: the UIDs of the linked accounts (the pair and every member sharing what linked them). */
    linkedMembers: z.array(z.string()),
  })
  .meta({ id: 'AdminReferralReviewDecisionReply' });
export type AdminReferralReviewDecisionReply = z.infer<typeof adminReferralReviewDecisionReplySchema>;
