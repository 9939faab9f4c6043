import { OPERATOR_ROLES } from '@wallet/contract';
import { z } from 'zod';
import type { Db, Executor } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { recordOperatorAudit } from '../operators/audit-chain';
import { setOperatorRoles } from '../operators/operators-service';
import { fourEyesNote } from './kinds';
import type { Approvals } from './service';

/**
 * An operator's roles change only through four eyes (ADR 0034): one admin asks, another approves.
 * The roles are stored in the order of the permission table, so the same set is the same payload.
 */
const payloadSchema = z.object({
  operatorId: z.uuid(),
  email: z.string(),
  roles: z.array(z.enum(OPERATOR_ROLES)).min(1),
});
type RolesPayload = z.infer<typeof payloadSchema>;

const findOperator = (db: Executor, id: string) =>
  db.selectFrom('operators').select(['id', 'email', 'roles']).where('id', '=', id).executeTakeFirst();

export function defineRolesKind(approvals: Approvals): void {
  approvals.define<RolesPayload>({
    kind: 'operator.roles',
    permission: 'operators.write',
    schema: payloadSchema,
    summary: (p) => `Set the roles of ${p.email} to ${p.roles.join(', ')}`,
    async run(trx, payload, checker, fourEyes) {
      // The operators module keeps the rule that the last active admin keeps the admin role.
      const { before } = await setOperatorRoles(trx, payload.operatorId, payload.roles);
      await recordOperatorAudit(trx, checker, {
        action: 'operator.roles',
        object: `operator:${payload.operatorId}`,
        before: { roles: before.roles },
        after: { roles: payload.roles, ...fourEyesNote(fourEyes) },
      });
      return { operatorId: payload.operatorId, roles: payload.roles };
    },
  });
}

/** The request for a change of roles: the operator must exist; the roles as a set, in the table's order. */
export async function requestRolesChange(
  deps: { db: Db; approvals: Approvals },
  maker: Parameters<Approvals['request']>[0],
  operatorId: string,
  roles: readonly string[],
) {
  const target = await findOperator(deps.db, operatorId);
  if (!target) throw new AppError('OPERATOR_NOT_FOUND');
  const ordered = OPERATOR_ROLES.filter((role) => roles.includes(role));
  return deps.approvals.request<RolesPayload>(maker, 'operator.roles', { operatorId, email: target.email, roles: ordered });
}
