import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../../platform/clock';
import type { Db } from '../../../platform/db/database';
import type { Approvals } from '../../approvals/service';
import { defineAgencyRoleKind } from './role-kind';
import { agencyAdminRoutes } from './routes';

/**
 * The console's agency routes and the four-eyes kind for city partners (issue 43), for
 * rewards/register.ts: `approvals` is the app's one registry (app.ts makes it with createApprovals).
 */
export async function registerAgencyConsoleRoutes(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; approvals: Approvals },
): Promise<void> {
  defineAgencyRoleKind(deps.approvals, deps.clock);
  await app.register(agencyAdminRoutes, { deps });
}
