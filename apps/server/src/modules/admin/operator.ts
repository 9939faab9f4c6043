import { recordAudit } from '../../platform/audit';
import type { Executor } from '../../platform/db/database';

/** The signed-in operator and where the request came from, as the audit log records them (the routes read it: operatorOf). */
export interface Operator {
  adminId: string;
  ip: string;
}

/** An operator's action in the audit log; pass the action's transaction so both commit or neither. */
export function auditOperatorAction(
  db: Executor,
  operator: Operator,
  entry: { action: string; subject: string; details?: Record<string, unknown> },
): Promise<void> {
  return recordAudit(db, { actorKind: 'admin', actorId: operator.adminId, ip: operator.ip, ...entry });
}
