import { z } from 'zod';
import { amountSchema } from '../amount';
import { currencySchema } from '../code-schemas';
import { safeText } from '../safe-text';

/*
 * The invitation and agency programme (issue 43, ADR 0035), as members see it: their invite code and
 * link, the members they invited with each one's steps, the agency centre's summary, the reward log
 * with the reason behind every row, the 30-day earnings series, and card tickets handed to invitees.
 * Amounts are per currency, exact decimal strings.
 */

export const AGENCY_ROLES = ['promotion_manager', 'city_partner', 'agent'] as const;
export type AgencyRole = (typeof AGENCY_ROLES)[number];
/** A rule's role: an agency role, or `member` for members without one. */
export const RULE_ROLES = ['member', ...AGENCY_ROLES] as const;
export type RuleRole = (typeof RULE_ROLES)[number];
export const RULE_EVENT_KINDS = ['card_opened', 'physical_card_opened', 'card_recharge', 'card_spend'] as const;
export type RuleEventKind = (typeof RULE_EVENT_KINDS)[number];
export const REWARD_STATUSES = ['pending', 'held', 'available', 'cancelled', 'void', 'not_paid'] as const;
export type RewardStatus = (typeof REWARD_STATUSES)[number];
export const isRewardStatus = (value: unknown): value is RewardStatus =>
  typeof value === 'string' && (REWARD_STATUSES as readonly string[]).includes(value);
/**
 * Why a reward is what it is: held (flagged), cancelled or clawed back (refunded), voided (an operator
 * voided it after a review), or not paid (no role rule, a zero rate, outside a task's window).
 */
export const REWARD_REASONS = [
  'flagged',
  'refunded',
  'refunded_after_window',
  'voided',
  'no_rule',
  'zero_rate',
  'outside_window',
  'offset_by_debt',
] as const;
export type RewardReason = (typeof REWARD_REASONS)[number];
/** The reward codes of the ledger (PRODUCT_SPEC.md section 4). */
export const REWARD_TYPE_CODES = [15, 16, 18, 19, 33, 121] as const;

/** Money per currency: { USDT: "12.5", USD: "0.31" }. */
const perCurrency = z.record(z.string(), amountSchema);

export const invitationReplySchema = z
  .object({
    inviteCode: z.string(),
    /** The app's registration screen with the code filled in (hash route), absolute. */
    inviteLink: z.string(),
    /** The member's UID: the referral ID shown beside the code. */
    referralId: z.string(),
    invitedCount: z.number().int(),
  })
  .meta({ id: 'Invitation' });
export type InvitationReply = z.infer<typeof invitationReplySchema>;

export const inviteeSchema = z
  .object({
    uid: z.string(),
    /** Masked: a***@example.com. */
    email: z.string(),
    joinedAt: z.string(),
    steps: z.object({
      registered: z.literal(true),
      kycPassed: z.boolean(),
      cardOpened: z.boolean(),
      firstSpend: z.boolean(),
    }),
    /** Holds a card ticket handed by this member and not used yet. */
    holdsTicket: z.boolean(),
  })
  .meta({ id: 'Invitee' });
export type Invitee = z.infer<typeof inviteeSchema>;
export const inviteesQuerySchema = z.object({
  /** From nextCursor: the last invitee's sign-up time (microseconds) and UID, so equal times page cleanly. */
  cursor: z
    .string()
    .regex(/^\d{1,18}\.\d{1,20}$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export const inviteeListReplySchema = z.object({ invitees: z.array(inviteeSchema), nextCursor: z.string().nullable() });
export type InviteeListReply = z.infer<typeof inviteeListReplySchema>;

export const agencySummarySchema = z
  .object({
    role: z.enum(AGENCY_ROLES).nullable(),
    /** Everyone below the member, at any depth. */
    memberCount: z.number().int(),
    directCount: z.number().int(),
    secondLevelCount: z.number().int(),
    /** Cards opened today (UTC) by members of the team. */
    cardsOpenedToday: z.number().int(),
    tickets: z.object({ count: z.number().int(), remaining: z.number().int() }),
    earnings: z.object({
      total: perCurrency.describe('Available, all time'),
      today: perCurrency.describe('Earned today (UTC), pending or available'),
      pending: perCurrency,
      available: perCurrency,
      owed: perCurrency.describe('Clawed back but not yet recovered; taken from the next rewards'),
    }),
    holdingDays: z.number().int(),
  })
  .meta({ id: 'AgencySummary' });
export type AgencySummary = z.infer<typeof agencySummarySchema>;

export const earningsSeriesSchema = z
  .object({
    days: z.array(z.object({ day: z.string().describe('YYYY-MM-DD, UTC'), amounts: perCurrency })),
  })
  .meta({ id: 'EarningsSeries' });
export type EarningsSeries = z.infer<typeof earningsSeriesSchema>;

export const rewardRowSchema = z
  .object({
    id: z.string(),
    typeCode: z.number().int(),
    level: z.number().int(),
    status: z.enum(REWARD_STATUSES),
    reason: z.enum(REWARD_REASONS).nullable(),
    currency: currencySchema,
    /** What the rule gave. */
    amount: amountSchema,
    /** What reached the wallet (amount less cancelled, clawed back and offset); 0 until available. */
    paid: amountSchema,
    cancelled: amountSchema,
    clawedBack: amountSchema,
    offsetByDebt: amountSchema,
    /** The invitee whose activity earned it (masked email and UID). */
    from: z.object({ uid: z.string(), email: z.string() }),
    role: z.enum(RULE_ROLES),
    /** The rule version it was paid on, as the rule reads: "0.2%" or "1 USDT"; null when no rule applied. */
    rule: z.object({ id: z.string(), text: z.string() }).nullable(),
    /** The source: the spending, recharge or card opening behind it. */
    source: z.object({ kind: z.string(), amount: amountSchema.nullable(), currency: z.string().nullable() }),
    createdAt: z.string(),
    /** When it becomes (or became) available; null while held or when nothing is paid. */
    availableAt: z.string().nullable(),
  })
  .meta({ id: 'RewardRow' });
export type RewardRow = z.infer<typeof rewardRowSchema>;
export const rewardsQuerySchema = z.object({
  cursor: z
    .string()
    .regex(/^\d{1,18}$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
  status: z.enum(REWARD_STATUSES, { error: 'REWARD_FILTER_INVALID' }).optional(),
  type: z.coerce
    .number({ error: 'REWARD_FILTER_INVALID' })
    .refine((v) => (REWARD_TYPE_CODES as readonly number[]).includes(v), 'REWARD_FILTER_INVALID')
    .optional(),
  currency: currencySchema.optional(),
});
export const rewardListReplySchema = z.object({ rewards: z.array(rewardRowSchema), nextCursor: z.string().nullable() });
export type RewardListReply = z.infer<typeof rewardListReplySchema>;

/** The invitee's UID; checked text, as it reaches SQL (no NUL or control characters). */
export const handTicketBodySchema = z.object({ uid: safeText(20).pipe(z.string().min(1)) });
export const handTicketReplySchema = z.object({ tickets: z.object({ count: z.number().int(), remaining: z.number().int() }) });
export type HandTicketReply = z.infer<typeof handTicketReplySchema>;
