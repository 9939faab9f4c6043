import type { FastifyInstance } from 'fastify';
import type { Approvals } from '../approvals/service';
import type { AuthDeps } from '../auth/service';
import { defineApplicationKind } from './console/decisions';
import { nodeAdminRoutes } from './console/routes';
import { nodeMemberRoutes } from './routes';

/**
 * Nodes for app.ts (issue 44): the members' routes, the console's, and the four-eyes kind that
 * approves a large-node application. The D-pool reward registers itself (dpool/).
 */
export async function registerNodes(app: FastifyInstance, deps: { authDeps: AuthDeps; approvals: Approvals }): Promise<void> {
  const { authDeps, approvals } = deps;
  defineApplicationKind(approvals, authDeps.clock);
  await app.register(nodeMemberRoutes, { deps: authDeps });
  await app.register(nodeAdminRoutes, { deps: { db: authDeps.db, clock: authDeps.clock, approvals } });
}
