import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordAudit } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { requireSession, signedIn } from '../auth/sessions';

/** For a plugin whose routes are all operator routes: a session whose email is in ADMIN_EMAILS. */
export function requireAdmin(app: FastifyInstance, db: Db, clock: Clock, adminEmails: readonly string[]): void {
  app.addHook('onRequest', requireSession(db, clock));
  app.addHook('onRequest', async (request) => {
    const user = await db.selectFrom('users').select(['email']).where('id', '=', signedIn(request).userId).executeTakeFirstOrThrow();
    if (!adminEmails.includes(user.email)) throw new AppError('FORBIDDEN');
  });
}

/** The signed-in operator's action, in the audit log. */
export function auditAdminAction(
  db: Db,
  request: FastifyRequest,
  entry: { action: string; subject: string; details?: Record<string, unknown> },
): Promise<void> {
  return recordAudit(db, { actorKind: 'admin', actorId: signedIn(request).userId, ip: request.ip, ...entry });
}
