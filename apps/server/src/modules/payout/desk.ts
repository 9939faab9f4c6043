import { type AdminPayoutSettings, type Approval, Decimal } from '@wallet/contract';
import type { Transaction } from 'kysely';
import { z } from 'zod';
import type { Executor } from '../../platform/db/database';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { type FourEyes, fourEyesNote } from '../approvals/kinds';
import type { Approvals } from '../approvals/service';
import { findUserContact } from '../auth/service';
import { recordOperatorAudit } from '../operators/audit-chain';
import type { OperatorContext } from '../operators/context';
import { readSetting } from '../operators/settings';
import type { PayoutDeps } from './deps';
import { finishOrder, finishOrderIn } from './order-money';
import * as q from './order-queries';
import { withHistory } from './orders';

/* The operator's side of flash exchange: its settings, the open orders, and the desk's decisions. */

export type Operator = OperatorContext;

/**
 * Numeric columns read back as PUT takes them: "10.00" for USDT, "0.005" for a ratio. `lock` holds
 * the row for a change, so the audit's "before" is what the change replaced.
 */
export async function payoutSettingsForDesk(db: Executor, lock = false) {
  const row = await q.settings(db, lock);
  return {
    enabled: row.enabled,
    minimum: new Decimal(row.minimum).toFixed(2),
    maximum: new Decimal(row.maximum).toFixed(2),
    dailyLimit: new Decimal(row.daily_limit).toFixed(2),
    spread: new Decimal(row.spread).toFixed(),
    feeRate: new Decimal(row.fee_rate).toFixed(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The operator's flash exchange settings, audited with the change. */
export async function setPayoutSettings(deps: PayoutDeps, operator: Operator, body: AdminPayoutSettings): Promise<void> {
  if (new Decimal(body.minimum).lte(0) || new Decimal(body.maximum).lt(body.minimum) || new Decimal(body.dailyLimit).lt(body.maximum))
    throw new AppError('VALIDATION_FAILED', {
      fields: [{ path: 'body.maximum', code: 'custom', message: 'minimum <= maximum <= dailyLimit' }],
    });
  await deps.db.transaction().execute(async (trx) => {
    const { updatedAt: _, ...before } = await payoutSettingsForDesk(trx, true);
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
    await recordOperatorAudit(trx, operator, { action: 'payout.settings', object: 'payout:settings', before, after: body });
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
  const order = await deskOrder(deps, id);
  return finishOrder(deps, id, { ...decision, actor: `operator:${operator.operatorId}` }, auditDecision(operator, order, decision));
}

/** An order the desk may still decide, or why not. */
async function deskOrder(deps: PayoutDeps, id: string) {
  const order = await q.findOrder(deps.db, id);
  if (!order) throw new AppError('PAYOUT_ORDER_NOT_FOUND');
  if (order.stage === 'arrived' || order.stage === 'rejected') throw new AppError('PAYOUT_ORDER_FINISHED');
  if (deps.partner && order.stage !== 'waiting_operator') throw new AppError('PAYOUT_ORDER_WITH_PARTNER');
  return order;
}

const auditDecision =
  (operator: Operator, order: q.OrderRow, decision: Decision, fourEyes?: FourEyes) => async (trx: Executor, ended: q.OrderRow) =>
    recordOperatorAudit(trx, operator, {
      action: `payout.${ended.stage}`,
      object: `payout_order:${order.id}`,
      memberUid: (await findUserContact(trx, order.user_id)).uid,
      before: { stage: order.stage },
      after: {
        stage: ended.stage,
        ...(decision.outcome === 'arrived' ? { reference: decision.reference } : {}),
        ...fourEyesNote(fourEyes),
      },
      reason: decision.outcome === 'rejected' ? decision.reason : null,
    });

const decisionPayload = z.discriminatedUnion('outcome', [
  z.object({ orderId: z.uuid(), amount: z.string(), outcome: z.literal('arrived'), reference: z.string().nullable() }),
  z.object({ orderId: z.uuid(), amount: z.string(), outcome: z.literal('rejected'), reason: z.string() }),
]);
type DecisionPayload = z.infer<typeof decisionPayload>;

/**
 * Settling or rejecting by hand an order above approvals.payout_above (USDT) takes two operators
 * (ADR 0034): 'payout.arrived' and 'payout.rejected', run in the approval's transaction.
 */
export function definePayoutKinds(deps: PayoutDeps, approvals: Approvals): void {
  const run = async (trx: Transaction<Database>, p: DecisionPayload, operator: Operator, fourEyes: FourEyes) => {
    const order = await deskOrder(deps, p.orderId);
    const decision: Decision =
      p.outcome === 'arrived' ? { outcome: 'arrived', reference: p.reference } : { outcome: 'rejected', reason: p.reason };
    const finish = { ...decision, actor: `operator:${operator.operatorId}` };
    const ended = await finishOrderIn(deps, trx, p.orderId, finish, null, auditDecision(operator, order, decision, fourEyes));
    return { orderId: ended.id, stage: ended.stage };
  };
  for (const outcome of ['arrived', 'rejected'] as const)
    approvals.define<DecisionPayload>({
      kind: `payout.${outcome}`,
      permission: 'payout.decide',
      schema: decisionPayload,
      summary: (p) =>
        p.outcome === 'arrived'
          ? `Mark flash exchange order ${p.orderId} (${p.amount} USDT) paid${p.reference ? `, reference ${p.reference}` : ''}`
          : `Reject flash exchange order ${p.orderId} (${p.amount} USDT): ${p.reason}`,
      run,
      preview: run,
    });
}

/** Decides at once up to the threshold; above it, answers with the request a second operator approves. */
export async function deskDecision(
  deps: PayoutDeps,
  approvals: Approvals,
  operator: Operator,
  id: string,
  decision: Decision,
): Promise<{ order: { id: string; stage: string } } | { approval: Approval }> {
  const order = await deskOrder(deps, id);
  const above = await readSetting(deps.db, 'approvals.payout_above');
  if (!new Decimal(order.amount).gt(above)) {
    const ended = await decideOrder(deps, operator, id, decision);
    return { order: { id: ended.id, stage: ended.stage } };
  }
  const amount = new Decimal(order.amount).toFixed();
  const payload: DecisionPayload =
    decision.outcome === 'arrived'
      ? { orderId: id, amount, outcome: 'arrived', reference: decision.reference }
      : { orderId: id, amount, outcome: 'rejected', reason: decision.reason };
  return { approval: await approvals.request(operator, `payout.${decision.outcome}`, payload) };
}
