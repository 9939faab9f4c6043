import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { helpAdminRoutes } from './admin-routes';
import { helpPopupRoutes, helpRoutes } from './routes';

/** The help module for app.ts: public help centre reads, members' pop-ups, and the operator's writes. */
export async function registerHelp(app: FastifyInstance, options: { db: Db; clock: Clock }): Promise<void> {
  const deps = { db: options.db, clock: options.clock };
  await app.register(helpRoutes, { deps });
  await app.register(helpPopupRoutes, { deps });
  await app.register(helpAdminRoutes, { deps });
}
