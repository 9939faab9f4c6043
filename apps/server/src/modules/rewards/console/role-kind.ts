import { AGENCY_ROLES } from '@wallet/contract';
import { z } from 'zod';
import type { Clock } from '../../../platform/clock';
import type { Executor } from '../../../platform/db/database';
import type { AgencyRoleColumn } from '../../../platform/db/schema-rewards';
import { AppError } from '../../../platform/errors';
import { fourEyesNote } from '../../approvals/kinds';
import type { Approvals } from '../../approvals/service';
import { recordOperatorAudit } from '../../operators/audit-chain';
import type { OperatorContext } from '../../operators/context';
import { lockMemberRole, roleOf, setRole } from './queries';

/**
 * City partner is the programme's highest role (issue 43): giving it, or taking it away, needs a
 * second operator (ADR 0034). The other roles change at once. Either way the change, its
 * agency_role_changes row and its audit entry are one transaction.
 */
const roleSchema = z.enum(AGENCY_ROLES).nullable();
const payloadSchema = z.object({
  userId: z.uuid(),
  uid: z.string(),
  email: z.string(),
  roleBefore: roleSchema,
  roleAfter: roleSchema,
  note: z.string(),
});
export type AgencyRolePayload = z.infer<typeof payloadSchema>;

export const AGENCY_ROLE_KIND = 'agency.role';

export const needsFourEyes = (before: AgencyRoleColumn | null, after: AgencyRoleColumn | null) =>
  before === 'city_partner' || after === 'city_partner';

/**
 * Sets the role as asked. The row is re-read under the member's lock: a request approved after
 * the role already became what it asks for changes nothing and says so.
 */
export async function applyRole(
  trx: Executor,
  operator: OperatorContext,
  payload: Omit<AgencyRolePayload, 'roleBefore'>,
  now: Date,
  fourEyes?: Parameters<typeof fourEyesNote>[0],
) {
  await lockMemberRole(trx, payload.userId);
  const before = (await roleOf(trx, payload.userId))?.role ?? null;
  if (before === payload.roleAfter) throw new AppError('AGENCY_ROLE_UNCHANGED');
  await setRole(trx, {
    userId: payload.userId,
    before,
    after: payload.roleAfter,
    operatorId: operator.operatorId,
    approvalId: fourEyes?.approvalId ?? null,
    now,
  });
  await recordOperatorAudit(trx, operator, {
    action: 'agency.role',
    object: `user:${payload.userId}`,
    memberUid: payload.uid,
    before: { role: before },
    after: { role: payload.roleAfter, ...fourEyesNote(fourEyes) },
    reason: payload.note,
  });
  return { uid: payload.uid, role: payload.roleAfter, assignedAt: payload.roleAfter ? now.toISOString() : null };
}

export function defineAgencyRoleKind(approvals: Approvals, clock: Clock): void {
  approvals.define<AgencyRolePayload>({
    kind: AGENCY_ROLE_KIND,
    permission: 'agency.roles',
    schema: payloadSchema,
    summary: (p) =>
      `Set the agency role of member ${p.uid} (${p.email}) from ${p.roleBefore ?? 'none'} to ${p.roleAfter ?? 'none'}: ${p.note}`,
    memberUid: (p) => p.uid,
    run: (trx, payload, checker, fourEyes) => applyRole(trx, checker, payload, clock.now(), fourEyes),
  });
}
