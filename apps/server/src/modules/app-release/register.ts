import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { appReleaseAdminRoutes } from './admin-routes';
import { appReleaseRoutes } from './routes';

/** The app-release module for app.ts: the public update check and the operator's publishing. */
export async function registerAppRelease(app: FastifyInstance, options: { db: Db; clock: Clock }): Promise<void> {
  const deps = { db: options.db, clock: options.clock };
  await app.register(appReleaseRoutes, { deps });
  await app.register(appReleaseAdminRoutes, { deps });
}
