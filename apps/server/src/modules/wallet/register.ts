import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Config } from '../../platform/config';
import type { AuthDeps } from '../auth/service';
import { requestChainRun } from '../chain/jobs';
import type { ChainService } from '../chain/service';
import { walletRoutes } from './routes';
import type { WithdrawalDeps } from './withdrawals';

/**
 * The wallet module for app.ts: balances, records, transfers, exchanges and withdrawals. Withdrawals
 * on the networks the chain module sends itself wake its sender through the queue, when there is one.
 * Returns the deps the operators' withdrawal decisions use.
 */
export async function registerWallet(
  app: FastifyInstance,
  options: { authDeps: AuthDeps; config: Config; chain: ChainService; logger: FastifyBaseLogger; jobs?: PgBoss | undefined },
): Promise<WithdrawalDeps> {
  const { config, jobs, logger } = options;
  const deps: WithdrawalDeps = {
    ...options.authDeps,
    fees: config.WITHDRAW_FEES,
    sending: {
      networks: options.chain.sendingNetworks,
      autoApproveBelow: config.WITHDRAW_AUTO_APPROVE_BELOW,
      ...(jobs ? { wake: (network: string) => requestChainRun(jobs, network, logger) } : {}),
    },
  };
  await app.register(walletRoutes, { deps, config });
  return deps;
}
