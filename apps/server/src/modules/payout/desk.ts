import { type AdminPayoutSettings, Decimal } from '@wallet/contract';
import { recordAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { PayoutDeps } from './deps';
import { type Finish, finishOrder } from './order-money';
import * as q from './order-queries';
import { withHistory } from './orders';

/* The operator's side of flash exchange: its settings, the open orders, and the desk's decisions. */

export interface Operator {
  adminId: string;
  ip: string;
}

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
    await recordAudit(trx, { actorKind: 'admin', actorId: operator.adminId, action: 'payout.settings', details: body, ip: operator.ip });
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
  const finish: Finish = { ...decision, actor: `admin:${operator.adminId}` };
  return finishOrder(deps, id, finish, (trx, ended) =>
    recordAudit(trx, {
      actorKind: 'admin',
      actorId: operator.adminId,
      action: `payout.${ended.stage}`,
      subject: id,
      details: decision.outcome === 'rejected' ? { reason: decision.reason } : { reference: decision.reference },
      ip: operator.ip,
    }),
  );
}
