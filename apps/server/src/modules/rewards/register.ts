import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/database';
import { rewardMemberRoutes } from './member/routes';

/** The rewards module for app.ts: the member's invitation and agency routes. */
export async function registerRewards(app: FastifyInstance, options: { db: Db; clock: Clock; config: Config }): Promise<void> {
  await app.register(rewardMemberRoutes, { deps: { db: options.db, clock: options.clock, appUrl: options.config.APP_URL } });
}
