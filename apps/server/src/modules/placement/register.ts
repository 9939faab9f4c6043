import type { FastifyInstance } from 'fastify';
import type { AuthDeps } from '../auth/service';
import { placementAdminRoutes } from './console-routes';
import { placementRoutes } from './routes';

/** Private placement for app.ts (issue 44): the members' routes and the console's rounds. */
export async function registerPlacement(app: FastifyInstance, options: { authDeps: AuthDeps }): Promise<void> {
  const { authDeps } = options;
  await app.register(placementRoutes, { deps: authDeps });
  await app.register(placementAdminRoutes, { deps: { db: authDeps.db, clock: authDeps.clock } });
}
