import { type AdminPayoutSettings, Decimal } from '@wallet/contract';
import { AppError } from '../../platform/errors';
import { findUserContact } from '../auth/service';
import { recordOperatorAudit } from '../operators/audit-chain';
import type { OperatorContext } from '../operators/context';
import type { PayoutDeps } from './deps';
import { type Finish, finishOrder } from './order-money';
import * as q from './order-queries';
import { withHistory } from './orders';

/* The operator's side of flash exchange: its settings, the open orders, and the desk's decisions. */

export type Operator = OperatorContext;

/** The operator's flash exchange settings, audited with the change. */
export async function setPayoutSettings(deps: PayoutDeps, operator: Operator, body: AdminPayoutSettings): Promise<void> {
  if (new Decimal(body.minimum).lte(0) || new Decimal(body.maximum).lt(body.minimum) || new Decimal(body.dailyLimit).lt(body.maximum))
    throw new AppError('VALIDATION_FAILED', {
      fields: [{ path: 'body.maximum', code: 'custom', message: 'minimum <= maximum <= dailyLimit' }],
    });
  await deps.db.transaction().execute(async (trx) => {
    await q.updateSettings(
      trx,
      {
        enabled: body.enabled,
        minimum: body.minimum,
        maximum: body.maximum,
        daily_limit: body.dailyLimit,
        spread: body.spread,
        fee_rate: body.feeRate,
      },
      deps.clock.now(),
    );
    await recordOperatorAudit(trx, operator, { action: 'payout.settings', object: 'payout:settings', after: body });
  });
}

/** Orders not yet arrived or rejected, oldest first, for the desk. */
export async function openOrdersForDesk(deps: PayoutDeps) {
  const rows = await q.openOrders(deps.db, 500);
  const orders = await withHistory(deps, rows, 'en');
  return orders.map((order, i) => ({ ...order, memberUid: rows[i]?.uid ?? '', stage: rows[i]?.stage ?? '' }));
}

/**
 * A desk that pays by hand marks an order arrived or rejected; audited in the transaction of the money.
 * While a partner holds the order, its answer decides it: the operator cannot pay it a second way.
 */
export type Decision = { outcome: 'arrived'; reference: string | null } | { outcome: 'rejected'; reason: string };

export async function decideOrder(deps: PayoutDeps, operator: Operator, id: string, decision: Decision) {
  const order = await q.findOrder(deps.db, id);
  if (!order) throw new AppError('PAYOUT_ORDER_NOT_FOUND');
  if (order.stage === 'arrived' || order.stage === 'rejected') throw new AppError('PAYOUT_ORDER_FINISHED');
  if (deps.partner && order.stage !== 'waiting_operator') throw new AppError('PAYOUT_ORDER_WITH_PARTNER');
  const finish: Finish = { ...decision, actor: `operator:${operator.operatorId}` };
  return finishOrder(deps, id, finish, async (trx, ended) =>
    recordOperatorAudit(trx, operator, {
      action: `payout.${ended.stage}`,
      object: `payout_order:${id}`,
      memberUid: (await findUserContact(trx, order.user_id)).uid,
      before: { stage: order.stage },
      after: { stage: ended.stage, ...(decision.outcome === 'arrived' ? { reference: decision.reference } : {}) },
      reason: decision.outcome === 'rejected' ? decision.reason : null,
    }),
  );
}
