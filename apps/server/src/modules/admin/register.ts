import type { FastifyInstance } from 'fastify';
import type { Approvals } from '../approvals/service';
import type { WithdrawalDeps } from '../wallet/withdrawals';
import { adminRoutes } from './routes';
import { defineAdjustmentKind } from './service';
import { defineWithdrawalKind } from './withdrawal-kind';

/**
 * The admin module for app.ts: the operators' rates, pairs, balance adjustments and withdrawal
 * decisions, and the approval kinds of the last two ('balance.adjust', 'withdrawal.approve').
 */
export async function registerAdmin(app: FastifyInstance, options: { walletDeps: WithdrawalDeps; approvals: Approvals }): Promise<void> {
  defineAdjustmentKind(options.approvals);
  defineWithdrawalKind(options.walletDeps, options.approvals);
  await app.register(adminRoutes, { deps: options.walletDeps, approvals: options.approvals });
}
