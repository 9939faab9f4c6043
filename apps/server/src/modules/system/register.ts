import type { FastifyInstance } from 'fastify';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/database';
import { systemRoutes } from './routes';

/** The system module for app.ts: health, readiness and the app's meta. */
export async function registerSystem(app: FastifyInstance, options: { db: Db; config: Config }): Promise<void> {
  await app.register(systemRoutes, options);
}
