import type { FastifyInstance } from 'fastify';
import type { WithdrawalDeps } from '../wallet/withdrawals';
import { adminRoutes } from './routes';

/** The admin module for app.ts: the operators' rates, pairs, balance adjustments and withdrawal decisions. */
export async function registerAdmin(app: FastifyInstance, options: { walletDeps: WithdrawalDeps }): Promise<void> {
  await app.register(adminRoutes, { deps: options.walletDeps });
}
