import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Clock } from '../../platform/clock';
import type { Db, Executor } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { findUserEmail } from '../auth/service';
import { requireSession, signedIn } from '../auth/sessions';
import { auditOperatorAction, type Operator } from './operator';

/** For a plugin whose routes are all operator routes: a session whose email is in ADMIN_EMAILS. */
export function requireAdmin(app: FastifyInstance, db: Db, clock: Clock, adminEmails: readonly string[]): void {
  app.addHook('onRequest', requireSession(db, clock));
  app.addHook('onRequest', async (request) => {
    const user = await findUserEmail(db, signedIn(request).userId);
    if (!adminEmails.includes(user.email)) throw new AppError('FORBIDDEN');
  });
}

/** The signed-in operator of an operator route, for the services. */
export const operatorOf = (request: FastifyRequest): Operator => ({ adminId: signedIn(request).userId, ip: request.ip });

/** The signed-in operator's action, in the audit log; pass the action's transaction so both commit or neither. */
export function auditAdminAction(
  db: Executor,
  request: FastifyRequest,
  entry: { action: string; subject: string; details?: Record<string, unknown> },
): Promise<void> {
  return auditOperatorAction(db, operatorOf(request), entry);
}
