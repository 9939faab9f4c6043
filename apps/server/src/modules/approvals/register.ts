import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/database';
import { defineRolesKind } from './roles-kind';
import { rolesRoutes } from './roles-routes';
import { approvalRoutes } from './routes';
import type { Approvals } from './service';
import { settingsRoutes } from './settings-routes';

/**
 * The approvals module for app.ts: the queue, the change of an operator's roles (a kind of its own)
 * and the console settings whose thresholds decide which actions need a second operator. Other
 * modules define their kinds on the same registry (app.ts makes one per app with createApprovals).
 */
export async function registerApprovals(app: FastifyInstance, options: { db: Db; approvals: Approvals }): Promise<void> {
  defineRolesKind(options.approvals);
  await app.register(approvalRoutes, { approvals: options.approvals });
  await app.register(rolesRoutes, options);
  await app.register(settingsRoutes, { db: options.db });
}
