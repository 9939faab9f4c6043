import type { DevChain } from '@wallet/devchain';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock';
import type { Config } from '../../platform/config';
import type { DatabaseHandle } from '../../platform/db/database';
import type { Mailer } from '../../platform/mail';
import { devChainRoutes } from './dev-routes';
import { depositAdminRoutes, topUpRoutes } from './routes';
import type { ChainService } from './service';
import { chainServiceFromConfig } from './setup';

declare module 'fastify' {
  interface FastifyInstance {
    /** The chain module's service: main.ts starts its jobs, tests drive it directly. */
    chain: ChainService;
  }
}

/**
 * The chain module for app.ts: on-chain top-up and withdrawal sending for the networks configured
 * (none in most tests) as `app.chain`, the member's top-up and the operators' deposit routes, and in
 * development the local chain's faucet page.
 */
export async function registerChain(
  app: FastifyInstance,
  options: {
    database: Pick<DatabaseHandle, 'db' | 'directUrl'>;
    clock: Clock;
    config: Config;
    mailer: Mailer;
    logger: FastifyBaseLogger;
    devchain?: DevChain | undefined;
  },
): Promise<ChainService> {
  const { database, clock, config, devchain } = options;
  const db = database.db;
  const faucet = config.NODE_ENV !== 'production' && devchain ? '/dev/chain' : undefined;
  const chain = chainServiceFromConfig(config, database, clock, options.logger, options.mailer, faucet);
  app.decorate('chain', chain);
  await app.register(topUpRoutes, { db, clock, chain, config });
  await app.register(depositAdminRoutes, { chain });
  if (faucet && devchain) await app.register(devChainRoutes, { db, clock, chain, devchain, config });
  return chain;
}
