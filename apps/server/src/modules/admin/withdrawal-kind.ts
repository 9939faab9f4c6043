import { type Approval, Decimal, type Withdrawal } from '@wallet/contract';
import { z } from 'zod';
import { AppError } from '../../platform/errors';
import { fourEyesNote } from '../approvals/kinds';
import type { Approvals } from '../approvals/service';
import type { OperatorContext } from '../operators/context';
import { readSetting } from '../operators/settings';
import { decideWithdrawal, decideWithdrawalIn, type WithdrawalDeps, wakeSender, withdrawalForReview } from '../wallet/withdrawals';

/**
 * A withdrawal above approvals.withdrawal_above (in its currency) is approved by two operators
 * (ADR 0034): the first asks, the second's approval sends it, in the approval's transaction.
 */
const payloadSchema = z.object({
  withdrawalId: z.uuid(),
  currency: z.string(),
  amount: z.string(),
  address: z.string(),
  network: z.string(),
  txHash: z.string().nullable(),
});
type Payload = z.infer<typeof payloadSchema>;

export function defineWithdrawalKind(deps: WithdrawalDeps, approvals: Approvals): void {
  approvals.define<Payload>({
    kind: 'withdrawal.approve',
    permission: 'withdrawals.decide',
    schema: payloadSchema,
    summary: (p) => `Approve withdrawal of ${p.amount} ${p.currency} on ${p.network} to ${p.address}`,
    run: async (trx, p, checker, fourEyes) => {
      await decideWithdrawalIn(
        deps,
        trx,
        checker,
        p.withdrawalId,
        { approve: true, txHash: p.txHash ?? undefined },
        fourEyesNote(fourEyes),
      );
      return { withdrawalId: p.withdrawalId };
    },
    preview: (trx, p, viewer, fourEyes) =>
      decideWithdrawalIn(deps, trx, viewer, p.withdrawalId, { approve: true, txHash: p.txHash ?? undefined }, fourEyesNote(fourEyes)),
    afterCommit: async (p) => wakeSender(deps, (await withdrawalForReview(deps, p.withdrawalId)).network),
  });
}

/** Approves at once up to the threshold; above it, answers with the request a second operator approves. */
export async function approveWithdrawal(
  deps: WithdrawalDeps,
  approvals: Approvals,
  operator: OperatorContext,
  id: string,
  txHash: string | undefined,
): Promise<{ withdrawal: Withdrawal } | { approval: Approval }> {
  const withdrawal = await withdrawalForReview(deps, id);
  if (withdrawal.status !== 'pending_review') throw new AppError('WITHDRAWAL_NOT_PENDING');
  const above = await readSetting(deps.db, 'approvals.withdrawal_above');
  if (!new Decimal(withdrawal.amount).gt(above))
    return { withdrawal: await decideWithdrawal(deps, operator, id, { approve: true, txHash }) };
  const payload: Payload = {
    withdrawalId: id,
    currency: withdrawal.currency,
    amount: new Decimal(withdrawal.amount).toFixed(),
    address: withdrawal.address,
    network: withdrawal.network,
    txHash: txHash ?? null,
  };
  return { approval: await approvals.request(operator, 'withdrawal.approve', payload) };
}
