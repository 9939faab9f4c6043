import { z } from 'zod';
import { OPERATOR_ROLES } from '../operator-permissions';
import { safeText } from '../safe-text';

/*
 * Four-eyes approvals, console settings and the operators' audit log (ADR 0034), under /api/v1/admin.
 * An action that needs a second operator answers 202 with the approval request instead of doing it;
 * approving runs exactly the stored payload, once, for a checker who is not the maker.
 */

export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected', 'expired', 'failed'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

const operatorRef = z.object({ id: z.string(), email: z.string() });

export const approvalSchema = z
  .object({
    id: z.uuid(),
    kind: z.string(),
    summary: z.string(),
    payload: z.unknown(),
    /** SHA-256 of the canonical payload: the checker sends it back, so what runs is what was reviewed. */
    payloadHash: z.string(),
    maker: operatorRef,
    checker: operatorRef.nullable(),
    status: z.enum(APPROVAL_STATUSES),
    reason: z.string().nullable(),
    result: z.unknown(),
    errorCode: z.string().nullable(),
    createdAt: z.string(),
    expiresAt: z.string(),
    decidedAt: z.string().nullable(),
    mine: z.boolean(),
    canDecide: z.boolean(),
  })
  .meta({ id: 'Approval' });
export type Approval = z.infer<typeof approvalSchema>;

export const approvalReplySchema = z.object({ approval: approvalSchema }).meta({ id: 'ApprovalReply' });

const pageQuery = {
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
};

export const approvalListQuerySchema = z.object({
  status: z.enum(APPROVAL_STATUSES).optional(),
  kind: safeText(64).optional(),
  /** waiting: requests the caller may decide (pending, not their own); mine: requests the caller made. */
  view: z.enum(['waiting', 'mine', 'all']).optional(),
  ...pageQuery,
});
export const approvalListReplySchema = z.object({ items: z.array(approvalSchema), total: z.number().int() }).meta({ id: 'ApprovalList' });

export const ledgerPreviewPostingSchema = z
  .object({
    /** The account's purpose: 'wallet' for a member's, else the system account's ('adjustments', 'fee_revenue'). */
    account: z.string(),
    /** The member's UID, or null for a system account. */
    owner: z.string().nullable(),
    currency: z.string(),
    amount: z.string(),
    balanceBefore: z.string(),
    balanceAfter: z.string(),
  })
  .meta({ id: 'LedgerPreviewPosting' });

export const approvalDetailReplySchema = z
  .object({
    approval: approvalSchema,
    /** What approving would post, computed by the ledger in a transaction rolled back; null for kinds that move no money. */
    preview: z
      .object({
        postings: z.array(ledgerPreviewPostingSchema),
        /** Set when the action would fail as things stand now (for example INSUFFICIENT_BALANCE). */
        errorCode: z.string().nullable(),
      })
      .nullable(),
  })
  .meta({ id: 'ApprovalDetail' });

export const approveBodySchema = z.object({ payloadHash: z.string().regex(/^[0-9a-f]{64}$/) }).meta({ id: 'ApproveBody' });
export const approvalRejectBodySchema = z.object({ reason: safeText(500).min(3) }).meta({ id: 'ApprovalRejectBody' });

export const consoleSettingSchema = z
  .object({ key: z.string(), value: z.string(), default: z.string(), updatedAt: z.string().nullable(), updatedBy: z.string().nullable() })
  .meta({ id: 'ConsoleSetting' });
export const consoleSettingsReplySchema = z.object({ items: z.array(consoleSettingSchema) }).meta({ id: 'ConsoleSettings' });
export const consoleSettingBodySchema = z.object({ value: safeText(40) }).meta({ id: 'ConsoleSettingBody' });

export const auditQuerySchema = z.object({
  /** An operator's id or email. */
  operator: safeText(200).optional(),
  action: safeText(100).optional(),
  object: safeText(200).optional(),
  /** A member's UID. */
  member: safeText(40).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  ...pageQuery,
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEntrySchema = z
  .object({
    seq: z.string(),
    at: z.string(),
    operator: operatorRef.nullable(),
    apiKeyId: z.string().nullable(),
    roles: z.array(z.string()),
    action: z.string(),
    object: z.string().nullable(),
    memberUid: z.string().nullable(),
    before: z.unknown(),
    after: z.unknown(),
    reason: z.string().nullable(),
    requestId: z.string().nullable(),
    ip: z.string().nullable(),
    hash: z.string(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditListReplySchema = z.object({ items: z.array(auditEntrySchema), total: z.number().int() }).meta({ id: 'AuditList' });
export const auditVerifyReplySchema = z
  .object({ intact: z.boolean(), entries: z.number().int(), brokenAt: z.string().optional(), why: z.string().optional() })
  .meta({ id: 'AuditVerify' });

/** PUT operators/:id/roles: always through four eyes (kind 'operator.roles'). */
export const operatorRolesChangeBodySchema = z
  .object({ roles: z.array(z.enum(OPERATOR_ROLES)).min(1).max(OPERATOR_ROLES.length) })
  .meta({ id: 'OperatorRolesChangeBody' });
