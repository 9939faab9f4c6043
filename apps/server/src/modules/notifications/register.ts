import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import type { LiveHub } from './live-hub';
import { notificationRoutes } from './routes';

/** The notifications module for app.ts: the member's list and their live event stream from the hub. */
export async function registerNotifications(app: FastifyInstance, options: { db: Db; clock: Clock; hub: LiveHub }): Promise<void> {
  await app.register(notificationRoutes, options);
}
