import type { FastifyInstance } from 'fastify';
import type { Config } from '../../platform/config';
import type { CardDeps } from '../cards/deps';
import { consoleRoutes } from './routes';

/** The console module for app.ts: the operators' dashboard, members, lists and member and card actions. */
export async function registerConsole(app: FastifyInstance, options: { cardDeps: CardDeps; config: Config }): Promise<void> {
  await app.register(consoleRoutes, { deps: { cards: options.cardDeps, timeZone: options.config.TOPUP_TIME_ZONE } });
}
