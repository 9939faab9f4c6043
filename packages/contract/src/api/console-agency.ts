import { z } from 'zod';
import { safeText } from '../safe-text';
import { RULE_EVENT_KINDS, RULE_ROLES } from './rewards';

/*
 * The console's side of the agency programme (issue 43): a member's role, upline and team; the rate
 * rules with their history; tasks; card-ticket grants. Amounts are exact decimal strings. Fields whose
 * refusal has an error code of its own (a role, a rate, a task) are checked by the service, so the
 * operator reads that code rather than a field list.
 */

const note = safeText(500).pipe(z.string().min(3));
const pageCursor = safeText(200).optional().describe('The nextCursor of the previous page');

export const agencyOperatorSchema = z.object({ id: z.string(), email: z.string() }).nullable();

export const agencyRoleChangeSchema = z
  .object({
    id: z.string(),
    roleBefore: z.string().nullable(),
    roleAfter: z.string().nullable(),
    operator: z.string().nullable().describe("The operator's email (the checker, when through four eyes)"),
    approvalId: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'AgencyRoleChange' });

export const agencyUplineSchema = z
  .object({ depth: z.number().int(), uid: z.string(), email: z.string().describe('Masked'), role: z.string().nullable() })
  .meta({ id: 'AgencyUpline' });

export const agencyInviteeSchema = z
  .object({ uid: z.string(), email: z.string().describe('Masked'), role: z.string().nullable(), joinedAt: z.string() })
  .meta({ id: 'AgencyConsoleInvitee' });

export const agencyMemberQuerySchema = z.object({
  cursor: pageCursor,
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const agencyMemberSchema = z
  .object({
    uid: z.string(),
    email: z.string(),
    joinedAt: z.string(),
    role: z.string().nullable(),
    assignedAt: z.string().nullable(),
    roleHistory: z.array(agencyRoleChangeSchema),
    /** Depth 1 is the member's inviter, 2 the inviter's inviter, and so on. */
    upline: z.array(agencyUplineSchema),
    team: z.array(z.object({ depth: z.number().int(), count: z.number().int() })),
    tickets: z.object({ granted: z.number().int(), remaining: z.number().int(), handed: z.number().int(), used: z.number().int() }),
    invitees: z.array(agencyInviteeSchema),
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'AgencyMember' });
export type AgencyMember = z.infer<typeof agencyMemberSchema>;

export const agencyRoleBodySchema = z
  .object({
    role: z.string().max(40).nullable().describe('promotion_manager, city_partner, agent, or null for no role'),
    note,
  })
  .meta({ id: 'AgencyRoleBody' });

export const agencyRoleReplySchema = z
  .object({ uid: z.string(), role: z.string().nullable(), assignedAt: z.string().nullable() })
  .meta({ id: 'AgencyRoleReply' });

export const rewardRuleSchema = z
  .object({
    id: z.string(),
    eventKind: z.enum(RULE_EVENT_KINDS),
    role: z.enum(RULE_ROLES),
    level: z.number().int(),
    amountKind: z.enum(['fixed', 'percent']),
    value: z.string(),
    currency: z.string().nullable(),
    startsAt: z.string(),
    createdBy: z.string().nullable().describe("The operator's email; null for the opening rates"),
    note: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'RewardRule' });
export type RewardRule = z.infer<typeof rewardRuleSchema>;

export const agencyRatesSchema = z
  .object({
    /** One row per event kind x role x level: the rule in force now, and the next one when a later version is set. */
    current: z.array(
      z.object({
        eventKind: z.enum(RULE_EVENT_KINDS),
        role: z.enum(RULE_ROLES),
        level: z.number().int(),
        rule: rewardRuleSchema.nullable(),
        next: rewardRuleSchema.nullable(),
      }),
    ),
    history: z.array(rewardRuleSchema),
  })
  .meta({ id: 'AgencyRates' });
export type AgencyRates = z.infer<typeof agencyRatesSchema>;

export const rewardRuleBodySchema = z
  .object({
    eventKind: z.string().max(40),
    role: z.string().max(40),
    level: z.number().int(),
    amountKind: z.string().max(20),
    value: z.string().max(40).describe('Decimal string, at most 6 decimals: USDT for fixed, 0 to 100 for percent'),
    currency: z.string().max(10).nullable().optional(),
    startsAt: z.iso.datetime({ offset: true }).optional().describe('Now or later; absent: now'),
    note,
  })
  .meta({ id: 'RewardRuleBody' });

export const rewardTaskSchema = z
  .object({
    id: z.string(),
    title: z.record(z.string(), z.string()),
    minCards: z.number().int(),
    minSpend: z.string(),
    spendCurrency: z.string(),
    withinDays: z.number().int(),
    reward: z.string(),
    currency: z.string(),
    startsAt: z.string(),
    endsAt: z.string().nullable(),
    status: z.enum(['scheduled', 'active', 'ended']),
    createdBy: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'RewardTask' });
export type RewardTask = z.infer<typeof rewardTaskSchema>;

const taskTitle = safeText(120);
export const rewardTaskBodySchema = z
  .object({
    title: z.object({ en: taskTitle, zh: taskTitle, ko: taskTitle, ja: taskTitle }),
    minCards: z.number().int(),
    minSpend: z.string().max(40),
    spendCurrency: z.string().max(10),
    withinDays: z.number().int(),
    reward: z.string().max(40),
    currency: z.string().max(10),
    startsAt: z.iso.datetime({ offset: true }).optional(),
    endsAt: z.iso.datetime({ offset: true }).nullable().optional(),
  })
  .meta({ id: 'RewardTaskBody' });

export const agencyTicketGrantBodySchema = z.object({ count: z.number().int(), note }).meta({ id: 'AgencyTicketGrantBody' });

export const agencyTicketGrantSchema = z
  .object({
    id: z.string(),
    owner: z.object({ uid: z.string(), email: z.string() }),
    count: z.number().int(),
    remaining: z.number().int(),
    operator: z.string(),
    note: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'AgencyTicketGrant' });
export type AgencyTicketGrant = z.infer<typeof agencyTicketGrantSchema>;

export const agencyTicketGrantsQuerySchema = z.object({
  uid: z
    .string()
    .regex(/^[1-9]\d{7}$/)
    .optional(),
  cursor: z
    .string()
    .regex(/^\d{1,18}$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const agencyTicketGrantListSchema = z
  .object({ items: z.array(agencyTicketGrantSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'AgencyTicketGrantList' });
