import { z } from 'zod';
import { safeText } from '../safe-text';

/*
 * Books that can be proven (issue 45, ADR 0037): reconciliation runs and breaks (console), proof of
 * reserves (public page, member's proof, console). Amounts are exact decimal strings.
 */

export const RECON_SOURCES = ['chain', 'issuer', 'payout'] as const;
export const RECON_RUN_STATUSES = ['running', 'completed', 'failed'] as const;
export const BREAK_STATUSES = ['open', 'resolved', 'fixed', 'accepted'] as const;
export const BREAK_EVENTS = ['opened', 'seen_again', 'resolved', 'reopened', 'fixed', 'accepted'] as const;

/**
 * What kind of difference a break is; each has a likely cause (BREAK_CAUSES) the console names.
 * chain_balance: a wallet's balance at the cut-off block against the ledger's chain accounts;
 * deposit_without_transfer / transfer_not_credited / withdrawal_not_on_chain: one transaction;
 * card_balance / card_unknown / issuer_float: the issuer; payout_*: the payout partner.
 */
export const BREAK_KINDS = [
  'chain_balance',
  'deposit_without_transfer',
  'deposit_amount',
  'transfer_not_credited',
  'withdrawal_not_on_chain',
  'card_balance',
  'card_unknown_to_ledger',
  'card_unknown_to_issuer',
  'issuer_float',
  'payout_not_paid',
  'payout_paid_not_arrived',
  'payout_amount',
  'payout_paid_twice',
  'payout_totals',
] as const;
export type BreakKind = (typeof BREAK_KINDS)[number];

/** Likely causes, as stable codes; the console words them. */
export const BREAK_CAUSES = [
  'unrecorded_inbound_transfer',
  'unrecorded_outbound_transfer',
  'deposits_awaiting_credit',
  'credited_without_chain_transfer',
  'amount_differs',
  'withdrawal_tx_missing_or_failed',
  'loaded_at_issuer_only',
  'unloaded_at_issuer_only',
  'card_missing_at_issuer',
  'card_missing_in_ledger',
  'float_differs_from_cards',
  'partner_did_not_pay',
  'partner_paid_unknown_order',
  'partner_paid_twice',
  'partner_totals_differ',
] as const;
export type BreakCause = (typeof BREAK_CAUSES)[number];

export const sourcePointSchema = z.object({
  source: z.string(),
  block: z.string().optional(),
  asOf: z.string().optional(),
  checked: z.number().int(),
});

export const reconRunSchema = z.object({
  id: z.string(),
  cutoffAt: z.string(),
  trigger: z.enum(['schedule', 'operator', 'test']),
  operatorEmail: z.string().nullable(),
  status: z.enum(RECON_RUN_STATUSES),
  errorSource: z.string().nullable(),
  error: z.string().nullable(),
  sources: z.array(sourcePointSchema),
  /** opened, seenAgain, resolved, reopened, open (after the run), checked */
  summary: z.record(z.string(), z.number()).nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ReconRun = z.infer<typeof reconRunSchema>;

export const reconBreakSchema = z.object({
  id: z.string(),
  identity: z.string(),
  source: z.enum(RECON_SOURCES),
  kind: z.enum(BREAK_KINDS),
  network: z.string().nullable(),
  currency: z.string(),
  subject: z.string().nullable(),
  expected: z.string().nullable(),
  observed: z.string().nullable(),
  /** observed - expected */
  difference: z.string(),
  cause: z.enum(BREAK_CAUSES),
  details: z.record(z.string(), z.unknown()),
  status: z.enum(BREAK_STATUSES),
  /** A booking can fix it (chain balance, card balance); the others are accepted with a note. */
  bookable: z.boolean(),
  journalId: z.string().nullable(),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type ReconBreak = z.infer<typeof reconBreakSchema>;

export const breakEventSchema = z.object({
  id: z.string(),
  event: z.enum(BREAK_EVENTS),
  runId: z.string().nullable(),
  expected: z.string().nullable(),
  observed: z.string().nullable(),
  difference: z.string().nullable(),
  operatorEmail: z.string().nullable(),
  approvalId: z.string().nullable(),
  journalId: z.string().nullable(),
  note: z.string().nullable(),
  at: z.string(),
});

export const reconBreakDetailSchema = reconBreakSchema.extend({ history: z.array(breakEventSchema) });

export const reconRunListQuery = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const reconBreakListQuery = reconRunListQuery.extend({
  status: z.enum(BREAK_STATUSES).optional(),
  source: z.enum(RECON_SOURCES).optional(),
});

export const acceptBreakBody = z.object({ note: safeText(1000).pipe(z.string().min(5)) });
export const bookBreakBody = z.object({ note: safeText(1000).pipe(z.string().min(5)) });

/* Proof of reserves */

export const snapshotTreeSchema = z.object({
  root: z.string(),
  units: z.string(),
  total: z.string(),
  leaves: z.number().int(),
  depth: z.number().int(),
});

export const snapshotReserveSchema = z.object({
  source: z.enum(RECON_SOURCES),
  currency: z.string(),
  amount: z.string(),
  network: z.string().optional(),
  address: z.string().optional(),
  block: z.string().optional(),
  asOf: z.string().optional(),
  message: z.string().optional(),
  signature: z.string().optional(),
});

/** One currency's line on the public page: what is owed, what is held, and their ratio. */
export const reservesLineSchema = z.object({
  currency: z.string(),
  liabilities: z.string(),
  reserves: z.string(),
  /** reserves / liabilities, as a decimal string with 4 places; null when nothing is owed. */
  ratio: z.string().nullable(),
  root: z.string(),
  leaves: z.number().int(),
});

export const publicSnapshotSchema = z.object({
  id: z.string(),
  cutoffAt: z.string(),
  publishedAt: z.string(),
  lines: z.array(reservesLineSchema),
  reserves: z.array(snapshotReserveSchema),
  /** Open reconciliation breaks per source at the snapshot. */
  openBreaks: z.record(z.string(), z.number()),
});
export type PublicSnapshot = z.infer<typeof publicSnapshotSchema>;

export const snapshotHistoryItemSchema = publicSnapshotSchema.pick({ id: true, cutoffAt: true, publishedAt: true, lines: true });

export const proofStepSchema = z.object({ side: z.enum(['left', 'right']), hash: z.string(), sum: z.string() });
export const reservesProofSchema = z.object({
  version: z.number().int(),
  snapshotId: z.string(),
  cutoffAt: z.string(),
  currency: z.string(),
  leaf: z.object({ uid: z.string(), balance: z.string(), units: z.string(), salt: z.string(), index: z.number().int() }),
  path: z.array(proofStepSchema),
  root: z.object({ hash: z.string(), sum: z.string() }),
});

/** A member's proofs for the latest snapshot: one per currency they hold. */
export const myProofsSchema = z.object({
  snapshot: z.object({ id: z.string(), cutoffAt: z.string() }).nullable(),
  proofs: z.array(reservesProofSchema),
  /** What this member's app reported for this snapshot, per currency (null: not checked yet). */
  checked: z.record(z.string(), z.object({ ok: z.boolean(), at: z.string() })),
});
export type MyProofs = z.infer<typeof myProofsSchema>;

export const proofCheckReportBody = z.object({
  snapshotId: z.string().uuid(),
  results: z
    .array(
      z.object({
        currency: z.string().max(10),
        ok: z.boolean(),
        failure: z.string().max(40).nullable(),
      }),
    )
    .min(1)
    .max(20),
});

export const proofFailureSchema = z.object({
  id: z.string(),
  snapshotId: z.string(),
  cutoffAt: z.string(),
  uid: z.string(),
  currency: z.string(),
  failure: z.string().nullable(),
  at: z.string(),
});

export const consoleSnapshotSchema = z.object({
  id: z.string(),
  cutoffAt: z.string(),
  status: z.enum(['building', 'published', 'failed']),
  error: z.string().nullable(),
  trees: z.record(z.string(), snapshotTreeSchema),
  reserves: z.array(snapshotReserveSchema),
  openBreaks: z.record(z.string(), z.number()),
  failedChecks: z.number().int(),
  createdAt: z.string(),
  publishedAt: z.string().nullable(),
});
