import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { statementRoutes } from './routes';

/** The statements module for app.ts: a member's statement of a period as CSV or PDF. */
export async function registerStatements(app: FastifyInstance, options: { db: Db; clock: Clock }): Promise<void> {
  await app.register(statementRoutes, { deps: { db: options.db, clock: options.clock } });
}
