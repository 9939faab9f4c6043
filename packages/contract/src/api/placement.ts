import { z } from 'zod';
import { amountSchema } from '../amount';
import { ROUND_STATUSES } from '../placement';
import { safeText } from '../safe-text';
import { emailSchema } from './auth';
import { paymentPasswordSchema } from './secret-fields';

/*
 * Private placement and nodes as members see them (issue 44, ADR 0036): rounds with their tiers, the
 * calculator's inputs, buying, distribution by email, My placement; small nodes, the upgrade, large-node
 * applications, allocation, the node dashboard, and node rewards with their Merkle proofs. Amounts are
 * exact decimal strings; SBC in rounds and node counts are whole numbers. Emails of other members are
 * masked. Every POST here moves money or nodes and needs an Idempotency-Key.
 */

const translated = z.object({ en: z.string(), zh: z.string(), ko: z.string(), ja: z.string() });
const wholeUnits = z.string().regex(/^[1-9]\d{0,11}$/, 'PLACEMENT_QUANTITY_INVALID');
const pageQuery = z.object({
  cursor: safeText(200).optional().describe('The nextCursor of the previous page'),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

export const priceTierSchema = z.object({ quantity: amountSchema, price: amountSchema }).meta({ id: 'PriceTier' });
export const quoteLineSchema = z.object({ quantity: amountSchema, price: amountSchema, amount: amountSchema }).meta({ id: 'QuoteLine' });

export const placementRoundSchema = z
  .object({
    id: z.string(),
    name: translated,
    rules: translated,
    status: z.enum(ROUND_STATUSES),
    tiers: z.array(priceTierSchema),
    /** The price of the next unit; null when sold out. */
    price: amountSchema.nullable(),
    totalQuantity: amountSchema,
    sold: amountSchema,
    remaining: amountSchema,
    minPerMember: amountSchema,
    maxPerMember: amountSchema,
    startsAt: z.string(),
    endsAt: z.string(),
    kycRequired: z.boolean(),
    /** What the signed-in member bought in this round. */
    myQuantity: amountSchema,
  })
  .meta({ id: 'PlacementRound' });
export type PlacementRound = z.infer<typeof placementRoundSchema>;
export const placementRoundListSchema = z.object({ rounds: z.array(placementRoundSchema) }).meta({ id: 'PlacementRoundList' });

export const placementPurchaseBodySchema = z
  .object({
    quantity: wholeUnits,
    /** The USDT amount the calculator showed: refused with PLACEMENT_PRICE_CHANGED when the purchase would cost otherwise. */
    expectedAmount: amountSchema,
    paymentPassword: paymentPasswordSchema,
  })
  .meta({ id: 'PlacementPurchaseBody' });
export const placementPurchaseSchema = z
  .object({
    id: z.string(),
    roundId: z.string(),
    roundName: translated,
    quantity: amountSchema,
    amount: amountSchema,
    lines: z.array(quoteLineSchema),
    createdAt: z.string(),
  })
  .meta({ id: 'PlacementPurchase' });
export type PlacementPurchase = z.infer<typeof placementPurchaseSchema>;
export const placementPurchaseListSchema = z
  .object({ items: z.array(placementPurchaseSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'PlacementPurchaseList' });

export const myPlacementSchema = z
  .object({
    /** SBC held: the SBC wallet plus what awaits distribution. */
    held: amountSchema,
    /** held × sbcPrice, in USDT. */
    estimatedValue: amountSchema,
    sbcPrice: amountSchema,
    /** USDT paid for placements, all time. */
    purchaseAmount: amountSchema,
    acquired: amountSchema,
    awaiting: amountSchema,
    distributed: amountSchema,
    nodes: z.object({ small: z.number().int(), large: z.number().int() }),
  })
  .meta({ id: 'MyPlacement' });
export type MyPlacement = z.infer<typeof myPlacementSchema>;

export const distributionBodySchema = z
  .object({ email: emailSchema, quantity: wholeUnits, paymentPassword: paymentPasswordSchema })
  .meta({ id: 'DistributionBody' });
export const DISTRIBUTION_DIRECTIONS = ['out', 'in'] as const;
export const distributionSchema = z
  .object({
    id: z.string(),
    direction: z.enum(DISTRIBUTION_DIRECTIONS),
    quantity: amountSchema,
    /** The other side, masked: the recipient for `out`, the buyer for `in`. */
    account: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'Distribution' });
export type Distribution = z.infer<typeof distributionSchema>;
export const distributionQuerySchema = pageQuery.extend({ direction: z.enum(DISTRIBUTION_DIRECTIONS).default('out') });
export const distributionListSchema = z
  .object({ items: z.array(distributionSchema), count: z.number().int(), nextCursor: z.string().nullable() })
  .meta({ id: 'DistributionList' });

export const NODE_TIERS = ['small', 'large'] as const;
export type NodeTierName = (typeof NODE_TIERS)[number];
const nodeCounts = z.object({ small: z.number().int(), large: z.number().int() });

export const nodeOfferSchema = z
  .object({
    smallPrice: amountSchema,
    /** Small nodes one member may buy in all, and how many more this member may. */
    smallCap: z.number().int(),
    smallBuyable: z.number().int(),
    upgradeRatio: z.number().int(),
    largeHold: amountSchema,
    dpoolSharePercent: amountSchema,
    mine: nodeCounts,
  })
  .meta({ id: 'NodeOffer' });
export type NodeOffer = z.infer<typeof nodeOfferSchema>;

export const nodePurchaseBodySchema = z
  .object({
    quantity: z.number().int().min(1).max(9999),
    expectedAmount: amountSchema,
    remark: safeText(100).optional(),
    paymentPassword: paymentPasswordSchema,
  })
  .meta({ id: 'NodePurchaseBody' });
export const nodePurchaseSchema = z
  .object({
    id: z.string(),
    quantity: z.number().int(),
    price: amountSchema,
    amount: amountSchema,
    remark: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'NodePurchase' });
export const nodePurchaseListSchema = z
  .object({ items: z.array(nodePurchaseSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'NodePurchaseList' });

export const nodeUpgradeBodySchema = z.object({ paymentPassword: paymentPasswordSchema }).meta({ id: 'NodeUpgradeBody' });
export const nodeUpgradeSchema = z
  .object({ id: z.string(), smallUsed: z.number().int(), largeGained: z.number().int(), nodes: nodeCounts, createdAt: z.string() })
  .meta({ id: 'NodeUpgrade' });

export const nodeAllocationBodySchema = z
  .object({
    email: emailSchema,
    tier: z.enum(NODE_TIERS),
    quantity: z.number().int().min(1).max(9999),
    paymentPassword: paymentPasswordSchema,
  })
  .meta({ id: 'NodeAllocationBody' });
export const nodeAllocationSchema = z
  .object({
    id: z.string(),
    direction: z.enum(DISTRIBUTION_DIRECTIONS),
    tier: z.enum(NODE_TIERS),
    quantity: z.number().int(),
    /** Masked emails of both sides, as the spec's allocation log shows them. */
    allocator: z.string(),
    recipientEmail: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'NodeAllocation' });
export const nodeAllocationListSchema = z
  .object({ items: z.array(nodeAllocationSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'NodeAllocationList' });

export const LARGE_NODE_APPLICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const largeNodeApplicationBodySchema = z
  .object({
    email: emailSchema,
    city: safeText(80).pipe(z.string().min(1)),
    name: safeText(80).pipe(z.string().min(1)),
    contact: safeText(80).pipe(z.string().min(3)),
    inviteCode: safeText(20).optional(),
    teamSize: z.number().int().min(1).max(1000),
    venueSqm: z.number().int().min(1).max(1_000_000),
    paymentPassword: paymentPasswordSchema,
  })
  .meta({ id: 'LargeNodeApplicationBody' });
export const largeNodeApplicationSchema = z
  .object({
    id: z.string(),
    /** The applicant's UID: the spec's "account ID". */
    accountId: z.string(),
    email: z.string(),
    city: z.string(),
    name: z.string(),
    contact: z.string(),
    inviteCode: z.string().nullable(),
    teamSize: z.number().int(),
    venueSqm: z.number().int(),
    /** USDT on hold while pending; settled on approval, returned on rejection. */
    amount: amountSchema,
    status: z.enum(LARGE_NODE_APPLICATION_STATUSES),
    reason: z.string().nullable(),
    createdAt: z.string(),
    decidedAt: z.string().nullable(),
  })
  .meta({ id: 'LargeNodeApplication' });
export type LargeNodeApplication = z.infer<typeof largeNodeApplicationSchema>;
export const largeNodeApplicationListSchema = z
  .object({ items: z.array(largeNodeApplicationSchema) })
  .meta({ id: 'LargeNodeApplicationList' });

export const nodeDashboardSchema = z
  .object({
    nodes: nodeCounts,
    upgrade: z.object({ ratio: z.number().int(), have: z.number().int(), canUpgrade: z.boolean() }),
    /**
     * The last paid period's pool × my large nodes now ÷ all large nodes now, in SBC; null when no
     * period was paid yet or I hold no large node. An estimate: the next period's total decides.
     */
    nextRewardEstimate: amountSchema.nullable(),
    lastPeriod: z.object({ period: z.string(), poolAmount: amountSchema, paidAt: z.string() }).nullable(),
    /** What I carry below the smallest unit, paid once it reaches one. */
    carry: amountSchema,
    rewardsTotal: amountSchema,
  })
  .meta({ id: 'NodeDashboard' });
export type NodeDashboard = z.infer<typeof nodeDashboardSchema>;

export const nodeRewardSchema = z
  .object({
    periodId: z.string(),
    period: z.string(),
    poolAmount: amountSchema,
    largeNodes: z.number().int(),
    largeNodesTotal: z.number().int(),
    amount: amountSchema,
    carryAfter: amountSchema,
    merkleRoot: z.string(),
    snapshotHash: z.string(),
    paidAt: z.string(),
  })
  .meta({ id: 'NodeReward' });
export type NodeReward = z.infer<typeof nodeRewardSchema>;
export const nodeRewardListSchema = z
  .object({ items: z.array(nodeRewardSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'NodeRewardList' });
export const nodeRewardProofSchema = z
  .object({
    periodId: z.string(),
    period: z.string(),
    /** The line as the tree holds it: [period id, UID, amount]; verifyDpoolLine checks it. */
    leaf: z.tuple([z.string(), z.string(), z.string()]),
    proof: z.array(z.string()),
    merkleRoot: z.string(),
    holders: z.number().int(),
  })
  .meta({ id: 'NodeRewardProof' });
export type NodeRewardProof = z.infer<typeof nodeRewardProofSchema>;

export const placementPageQuerySchema = pageQuery;
