import { z } from 'zod';
import { amountSchema } from '../amount';
import { ROUND_STATUSES } from '../placement';
import { safeText } from '../safe-text';
import { LARGE_NODE_APPLICATION_STATUSES, priceTierSchema } from './placement';

/*
 * The console's side of private placement and nodes (issue 44, ADR 0036): rounds (placement.rounds),
 * large-node applications (nodes.applications; approval through four eyes, rejection with a reason),
 * D-pool periods (nodes.dpool; recorded through four eyes, paid by a job) and node holders. Every
 * change is audited. Fields whose refusal has an error code of its own are checked by the service.
 */

const note = safeText(500).pipe(z.string().min(3));
const translatedInput = z.object({
  en: safeText(200),
  zh: safeText(200),
  ko: safeText(200),
  ja: safeText(200),
});
const translatedRules = z.object({
  en: safeText(2000),
  zh: safeText(2000),
  ko: safeText(2000),
  ja: safeText(2000),
});
const listQuery = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const consoleRoundSchema = z
  .object({
    id: z.string(),
    name: translatedInput,
    rules: translatedRules,
    status: z.enum(ROUND_STATUSES),
    tiers: z.array(priceTierSchema),
    totalQuantity: amountSchema,
    sold: amountSchema,
    minPerMember: amountSchema,
    maxPerMember: amountSchema,
    startsAt: z.string(),
    endsAt: z.string(),
    kycRequired: z.boolean(),
    buyers: z.number().int(),
    raised: amountSchema.describe('USDT paid for this round'),
    closedAt: z.string().nullable(),
    closedReason: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'ConsoleRound' });
export type ConsoleRound = z.infer<typeof consoleRoundSchema>;
export const consoleRoundListSchema = z
  .object({ items: z.array(consoleRoundSchema), total: z.number().int() })
  .meta({ id: 'ConsoleRoundList' });
export const consoleRoundQuerySchema = listQuery.extend({ status: z.enum(ROUND_STATUSES).optional() });

/** A new round, or an edit: tiers and limits change only while nothing is sold (PLACEMENT_ROUND_STARTED). */
export const consoleRoundBodySchema = z
  .object({
    name: translatedInput,
    rules: translatedRules,
    tiers: z.array(priceTierSchema).min(1).max(10),
    minPerMember: amountSchema,
    maxPerMember: amountSchema,
    startsAt: z.iso.datetime(),
    endsAt: z.iso.datetime(),
    kycRequired: z.boolean(),
    note,
  })
  .meta({ id: 'ConsoleRoundBody' });
export type ConsoleRoundBody = z.infer<typeof consoleRoundBodySchema>;
export const consoleRoundCloseBodySchema = z.object({ reason: note }).meta({ id: 'ConsoleRoundCloseBody' });
export const consoleRoundReplySchema = z.object({ round: consoleRoundSchema }).meta({ id: 'ConsoleRoundReply' });

export const consoleApplicationSchema = z
  .object({
    id: z.string(),
    uid: z.string(),
    memberEmail: z.string(),
    email: z.string(),
    city: z.string(),
    name: z.string(),
    contact: z.string(),
    inviteCode: z.string().nullable(),
    teamSize: z.number().int(),
    venueSqm: z.number().int(),
    amount: amountSchema,
    status: z.enum(LARGE_NODE_APPLICATION_STATUSES),
    reason: z.string().nullable(),
    decidedBy: z.string().nullable(),
    approvalId: z.string().nullable(),
    /** The approval request waiting on a second operator, if one was asked. */
    pendingApprovalId: z.string().nullable(),
    createdAt: z.string(),
    decidedAt: z.string().nullable(),
  })
  .meta({ id: 'ConsoleLargeNodeApplication' });
export const consoleApplicationListSchema = z
  .object({ items: z.array(consoleApplicationSchema), total: z.number().int() })
  .meta({ id: 'ConsoleLargeNodeApplicationList' });
export const consoleApplicationQuerySchema = listQuery.extend({ status: z.enum(LARGE_NODE_APPLICATION_STATUSES).optional() });
export const consoleApplicationReplySchema = z
  .object({ application: consoleApplicationSchema })
  .meta({ id: 'ConsoleLargeNodeApplicationReply' });
export const consoleApplicationApproveBodySchema = z.object({ note }).meta({ id: 'ConsoleApplicationApproveBody' });
export const consoleApplicationRejectBodySchema = z.object({ reason: note }).meta({ id: 'ConsoleApplicationRejectBody' });

export const DPOOL_PERIOD_STATUSES = ['recorded', 'paid'] as const;
export const consoleDpoolPeriodSchema = z
  .object({
    id: z.string(),
    period: z.string(),
    dpoolTotal: amountSchema,
    sharePercent: amountSchema,
    poolAmount: amountSchema,
    status: z.enum(DPOOL_PERIOD_STATUSES),
    note: z.string(),
    recordedBy: z.string().nullable(),
    approvalId: z.string().nullable(),
    snapshotAt: z.string(),
    snapshotHash: z.string(),
    holders: z.number().int(),
    largeNodesTotal: z.number().int(),
    paidTotal: amountSchema.nullable(),
    carriedTotal: amountSchema.nullable().describe('What holders carry below the smallest unit after this period'),
    unallocated: amountSchema.nullable().describe('Left in the reward pool by this period beyond the carries'),
    merkleRoot: z.string().nullable(),
    paidAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'ConsoleDpoolPeriod' });
export const consoleDpoolPeriodListSchema = z
  .object({ items: z.array(consoleDpoolPeriodSchema), total: z.number().int() })
  .meta({ id: 'ConsoleDpoolPeriodList' });
export const DPOOL_PERIOD_PATTERN = /^\d{4}-(0[1-9]|1[0-2]|W(0[1-9]|[1-4]\d|5[0-3]))$/;
export const consoleDpoolPeriodBodySchema = z
  .object({
    period: z.string().regex(DPOOL_PERIOD_PATTERN, 'DPOOL_PERIOD_INVALID'),
    dpoolTotal: amountSchema,
    note,
  })
  .meta({ id: 'ConsoleDpoolPeriodBody' });
export const consoleDpoolLineSchema = z
  .object({ uid: z.string(), email: z.string(), largeNodes: z.number().int(), amount: amountSchema, carryAfter: amountSchema })
  .meta({ id: 'ConsoleDpoolLine' });
export const consoleDpoolPeriodDetailSchema = z
  .object({ period: consoleDpoolPeriodSchema, lines: z.array(consoleDpoolLineSchema) })
  .meta({ id: 'ConsoleDpoolPeriodDetail' });

export const consoleNodeHolderSchema = z
  .object({ uid: z.string(), email: z.string(), small: z.number().int(), large: z.number().int(), smallBought: z.number().int() })
  .meta({ id: 'ConsoleNodeHolder' });
export const consoleNodeHolderListSchema = z
  .object({
    items: z.array(consoleNodeHolderSchema),
    total: z.number().int(),
    totals: z.object({ small: z.number().int(), large: z.number().int() }),
  })
  .meta({ id: 'ConsoleNodeHolderList' });
export const consoleNodeHolderQuerySchema = listQuery;

/** What an operator's request for a second pair of eyes returns: the approval it waits on. */
export const consoleFourEyesReplySchema = z.object({ approvalId: z.string() }).meta({ id: 'ConsolePlacementFourEyes' });

export type ConsoleLargeNodeApplication = z.infer<typeof consoleApplicationSchema>;
export type ConsoleDpoolPeriod = z.infer<typeof consoleDpoolPeriodSchema>;
export type ConsoleDpoolLine = z.infer<typeof consoleDpoolLineSchema>;
export type ConsoleNodeHolder = z.infer<typeof consoleNodeHolderSchema>;
export type ConsoleNodeHolderList = z.infer<typeof consoleNodeHolderListSchema>;
