import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/database';
import { ticketAdminRoutes } from './admin-routes';
import { ticketRoutes } from './routes';
import type { TicketDeps } from './service';

/** The tickets module for app.ts: the member's routes and the operators'. */
export async function registerTickets(app: FastifyInstance, options: { db: Db; clock: Clock; config: Config }): Promise<void> {
  const deps: TicketDeps = { db: options.db, clock: options.clock, timeZone: options.config.TOPUP_TIME_ZONE };
  await app.register(ticketRoutes, { deps });
  await app.register(ticketAdminRoutes, { deps });
}
