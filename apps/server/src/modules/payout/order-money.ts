import { CURRENCIES, Decimal, type PayeeInput, type PayeeKind } from '@wallet/contract';
import type { Executor } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import type { SecretBox } from '../../platform/secret-box';
import { getProfile } from '../auth/service';
import { accountId, release, SYSTEM_PURPOSES, settle } from '../ledger';
import { mailMember } from '../notifications/mail';
import { notify } from '../notifications/notify';
import type { PayoutDeps } from './deps';
import { payoutMail } from './mail-texts';
import * as q from './order-queries';
import type { PayoutRequest } from './partner';

/** Record codes: 118 Alipay flash exchange (spec), 244 bank flash exchange (our extension, ADR 0002). */
export const PAYOUT_CODES = { alipay: 118, bank: 244 } as const satisfies Record<PayeeKind, number>;

/** The order's ledger hold; also the partner's idempotency key is the order id itself. */
export const holdKey = (order: Pick<q.OrderRow, 'id'>) => `payout:${order.id}`;

const aadOf = (orderId: string) => `payout-order:${orderId}`;

/** The payee as it was when the order was placed, sealed with the order: later edits do not redirect it. */
export function sealForOrder(box: SecretBox, orderId: string, details: PayeeInput) {
  return box.seal(JSON.stringify(details), aadOf(orderId));
}

export function partnerRequest(box: SecretBox, order: q.OrderRow): PayoutRequest {
  const details = JSON.parse(box.open(order.key_id, order.payee_secret, aadOf(order.id))) as PayeeInput;
  const payee =
    details.kind === 'alipay'
      ? { name: order.payee_name, idNumber: details.idNumber, account: details.alipayAccount }
      : {
          name: details.name,
          idNumber: details.idNumber,
          account: details.accountNumber,
          bankName: details.bankName,
          phone: details.phone,
        };
  return { id: order.id, amount: new Decimal(order.amount_out).toFixed(2), method: order.kind, payee };
}

export type Finish =
  | { outcome: 'arrived'; reference: string | null; actor: string; note?: string | null }
  | { outcome: 'rejected'; reason: string; actor: string; note?: string | null };

/**
 * Ends an order in one transaction with its money: arrived settles the hold (the USDT less the fee to
 * the payout desk, the fee to revenue), rejected releases it whole to the wallet (code 112). Once:
 * the same end again returns the order as it stands; the other end is refused.
 */
export async function finishOrder(
  deps: PayoutDeps,
  orderId: string,
  finish: Finish,
  inside?: (trx: Executor, order: q.OrderRow) => Promise<void>,
) {
  const before = await q.findOrder(deps.db, orderId);
  if (!before) throw new AppError('PAYOUT_ORDER_NOT_FOUND');
  // Read before the transaction: account ids are created on first use, and the profile is another module's.
  const desk = await accountId(deps.db, { userId: null, currency: 'USDT', purpose: SYSTEM_PURPOSES.payoutDesk });
  const revenue = await accountId(deps.db, { userId: null, currency: 'USDT', purpose: SYSTEM_PURPOSES.feeRevenue });
  const member = await getProfile(deps, before.user_id);
  return deps.db.transaction().execute((trx) => finishOrderIn(deps, trx, orderId, finish, { desk, revenue, member }, inside));
}

/** What finishing an order reads before its transaction; finishOrderIn reads them itself when not given. */
export interface FinishReads {
  desk: string;
  revenue: string;
  member: { email: string; language: string };
}

/** finishOrder in the caller's transaction (the approval's, when a second operator decides it). */
export async function finishOrderIn(
  deps: PayoutDeps,
  trx: Executor,
  orderId: string,
  finish: Finish,
  reads: FinishReads | null,
  inside?: (trx: Executor, order: q.OrderRow) => Promise<void>,
) {
  const now = deps.clock.now();
  const order = await q.lockOrder(trx, orderId);
  if (!order) throw new AppError('PAYOUT_ORDER_NOT_FOUND');
  if (order.stage === finish.outcome) return order;
  if (order.stage === 'arrived' || order.stage === 'rejected') throw new AppError('PAYOUT_ORDER_FINISHED');
  const desk = reads?.desk ?? (await accountId(trx, { userId: null, currency: 'USDT', purpose: SYSTEM_PURPOSES.payoutDesk }));
  const revenue = reads?.revenue ?? (await accountId(trx, { userId: null, currency: 'USDT', purpose: SYSTEM_PURPOSES.feeRevenue }));
  const member = reads?.member ?? (await getProfile(deps, order.user_id));
  const reference = `payout:${order.id}`;
  let ended: q.OrderRow;
  if (finish.outcome === 'arrived') {
    const fee = new Decimal(order.fee);
    await settle(
      trx,
      holdKey(order),
      [
        { accountId: desk, amount: new Decimal(order.amount).minus(fee).toFixed() },
        { accountId: revenue, amount: fee.toFixed() },
      ],
      { typeCode: PAYOUT_CODES[order.kind], reference, memo: { order: order.id } },
    );
    ended = await q.updateOrder(trx, order.id, {
      stage: 'arrived',
      partner_reference: finish.reference ?? order.partner_reference,
      finished_at: now,
      updated_at: now,
    });
    await q.insertEvent(trx, { order_id: order.id, step: 'arrived', note: finish.note ?? null, actor: finish.actor, created_at: now });
  } else {
    await release(trx, holdKey(order), { typeCode: 112, reference, memo: { order: order.id, reason: finish.reason } });
    ended = await q.updateOrder(trx, order.id, { stage: 'rejected', reason: finish.reason, finished_at: now, updated_at: now });
    await q.insertEvent(trx, {
      order_id: order.id,
      step: 'rejected',
      note: finish.note === undefined ? finish.reason : finish.note,
      actor: finish.actor,
      created_at: now,
    });
  }
  await inside?.(trx, ended);
  await tellMember(deps, trx, member, ended);
  return ended;
}

/**
 * Tells the member, in the money's transaction: a notification (the USDT as the ledger moved it, the
 * CNY as the order shows it) and an email in their language (see mailMember); a lost mail loses no money.
 */
async function tellMember(deps: PayoutDeps, trx: Executor, member: { email: string; language: string }, order: q.OrderRow) {
  const amount = new Decimal(order.amount).toFixed();
  const ref = { kind: 'payout' as const, id: order.id };
  if (order.stage === 'arrived') {
    const cny = new Decimal(order.amount_out).toFixed(CURRENCIES.CNY.precision);
    await notify(trx, order.user_id, { code: 'payout_arrived', params: { amount, currency: 'USDT', cny }, ref });
  } else {
    await notify(trx, order.user_id, { code: 'payout_rejected', params: { amount, currency: 'USDT' }, ref });
  }
  await mailMember(deps, trx, member, (language) => payoutMail(language, order), { order: order.id });
}
