import {
  type BindableNetwork,
  checkTypedAmount,
  Decimal,
  isAddressOf,
  LIMITS,
  normalizeAddress,
  type SecondFactorProof,
  WITHDRAWAL_CODES,
  WITHDRAWAL_NOTE_CODES,
  type Withdrawal,
  type WithdrawalNoteCode,
} from '@wallet/contract';
import type { Transaction } from 'kysely';
import type { Executor } from '../../platform/db/database';
import type { DailySum, DayRange } from '../../platform/db/day-buckets';
import { keysetPage } from '../../platform/db/paging';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { saveAddress } from '../address-book/book';
import { classifyDestination, type Destination } from '../address-book/destination';
import { assertWithdrawalsNotHeld, enterPaymentGate } from '../auth/account-security';
import { checkCode, spendCode } from '../auth/codes';
import { type AuthDeps, findUserContact, findUserEmail, verifyPaymentPassword } from '../auth/service';
import { verifyStepUp } from '../auth/step-up';
import { accountId, hold, type Leg, release, SYSTEM_PURPOSES, settle, USER_WALLET, walletBalances } from '../ledger';
import { type MailDeps, mailMember } from '../notifications/mail';
import { withdrawalSentMail } from '../notifications/mail-texts';
import { notify } from '../notifications/notify';
import { recordOperatorAudit } from '../operators/audit-chain';
import type { OperatorContext } from '../operators/context';
import * as q from './withdrawal-queries';

/** The books' reads of withdrawals (reconciliation), in the caller's transaction. */
export { findWithdrawal, outstandingWithdrawalsSince } from './withdrawal-queries';

export type WithdrawalDeps = AuthDeps & {
  fees: Record<BindableNetwork, string>;
  /**
   * Networks whose withdrawals the chain module sends itself (a hot wallet is configured). Without
   * it, an operator's approval marks the withdrawal sent by hand, as before chain sending existed.
   */
  sending?: { networks: ReadonlySet<BindableNetwork>; autoApproveBelow: string; wake?: (network: BindableNetwork) => void };
};

export function withdrawalFees(deps: WithdrawalDeps) {
  return { minimum: LIMITS.withdraw.minimum, fees: (['TRON', 'BSC'] as const).map((network) => ({ network, fee: deps.fees[network] })) };
}

type Row = q.WithdrawalRow;

async function load(db: Executor, id: string, userId?: string): Promise<Withdrawal> {
  const row = await q.findWithdrawal(db, id, userId);
  if (!row) throw new AppError('WITHDRAWAL_NOT_FOUND');
  const events = await q.withdrawalEvents(db, id);
  return toWithdrawal(row, events);
}

type EventRow = Awaited<ReturnType<typeof q.withdrawalEvents>>[number];

function toWithdrawal(row: Row, events: EventRow[]): Withdrawal {
  const amount = new Decimal(row.amount);
  const fee = new Decimal(row.fee);
  return {
    id: row.id,
    network: row.network,
    address: row.address,
    currency: 'USDT',
    amount: amount.toFixed(),
    fee: fee.toFixed(),
    total: amount.plus(fee).toFixed(),
    status: row.status as Withdrawal['status'],
    txHash: row.tx_hash,
    createdAt: row.created_at.toISOString(),
    history: events.map((e) => ({
      status: e.status as Withdrawal['status'],
      at: e.created_at.toISOString(),
      note: isNoteCode(e.note_code) ? { code: e.note_code, params: e.note_params } : null,
    })),
  };
}

/** A code this version does not know (written by a newer one) is left out rather than shown raw. */
function isNoteCode(code: string | null): code is WithdrawalNoteCode {
  return (WITHDRAWAL_NOTE_CODES as readonly (string | null)[]).includes(code);
}

export interface WithdrawalInput {
  network: BindableNetwork;
  address: string;
  amount: string;
  code?: string | undefined;
  paymentPassword: string;
  secondFactor?: SecondFactorProof | undefined;
}

/**
 * A USDT withdrawal request: the amount plus the network fee is held at once (moved to the
 * in-flight account), then the request waits for review. Keyed by the idempotency key.
 *
 * The address book's rules: no withdrawal while every one is held after a password or
 * bound-address change; a saved address only once it has matured; an address not in the book is saved
 * by the request and waits like any new one (the request is refused, saying until when), unless the
 * delay is 0. The emailed code may be left out only by a member with a second factor sending to a
 * trusted (matured or bound) address.
 *
 * Those rules are read twice. Before the payment password, so a request refused by them spends none of
 * its tries; and again in the transaction that holds the money, behind the payment gate's lock, which
 * is what decides: a change of address, password or lock racing the request is either wholly before it
 * or wholly after it (ADR 0014).
 */
export async function requestWithdrawal(
  deps: WithdrawalDeps,
  userId: string,
  input: WithdrawalInput,
  key: string,
  ip: string,
): Promise<Withdrawal> {
  const existing = await q.findWithdrawalIdByKey(deps.db, userId, key);
  if (existing) return load(deps.db, existing.id, userId);
  if (!isAddressOf(input.network, input.address)) throw new AppError('ADDRESS_INVALID');
  const address = normalizeAddress(input.network, input.address);
  const checked = checkTypedAmount(input.amount, 'USDT');
  if (!checked.ok) throw new AppError(checked.code, checked.details);
  if (checked.value.lt(LIMITS.withdraw.minimum))
    throw new AppError('AMOUNT_BELOW_MINIMUM', { minimum: LIMITS.withdraw.minimum, currency: 'USDT' });
  const fee = new Decimal(deps.fees[input.network]);
  const total = checked.value.plus(fee);
  const held = (await walletBalances(deps.db, userId)).find((b) => b.currency === 'USDT');
  if (!held || new Decimal(held.balance).lt(total)) throw new AppError('INSUFFICIENT_BALANCE', { currency: 'USDT' });
  await assertWithdrawalsNotHeld(deps.db, userId, deps.clock.now());
  const early = await classifyDestination(deps.db, userId, input.network, address, deps.clock.now());
  const secondFactorOn = await verifyStepUp(deps, userId, input.secondFactor, ip);
  await verifyPaymentPassword(deps, userId, input.paymentPassword, ip);
  const codeNeeded = (destination: Destination) => !input.code && !(secondFactorOn && destination.kind === 'trusted');
  if (codeNeeded(early)) throw new AppError('WITHDRAW_CODE_REQUIRED');
  let codeId: string | null = null;
  // A code typed where none is needed is still checked rather than ignored.
  if (input.code) codeId = await checkCode(deps, (await findUserEmail(deps.db, userId)).email, 'withdraw', input.code, ip);
  const wallet = await accountId(deps.db, { userId, currency: 'USDT', purpose: USER_WALLET });

  const now = deps.clock.now();
  // Small withdrawals on a network we send on ourselves skip review (WITHDRAW_AUTO_APPROVE_BELOW).
  const autoApproveBelow = deps.sending?.networks.has(input.network) ? new Decimal(deps.sending.autoApproveBelow) : null;
  const autoApproved = autoApproveBelow !== null && checked.value.lt(autoApproveBelow);
  const outcome = await deps.db.transaction().execute(async (trx) => {
    await enterPaymentGate(trx, userId, now);
    const destination = await classifyDestination(trx, userId, input.network, address, now);
    if (codeNeeded(destination)) throw new AppError('WITHDRAW_CODE_REQUIRED');
    if (codeId) await spendCode(trx, codeId, now);
    if (destination.kind === 'new' && deps.security.withdrawDelayHours > 0) {
      // Saved, verified by this request's proofs, and the member told; the money waits for the delay.
      const saved = await saveAddress(deps, trx, userId, { network: input.network, address, label: null, via: 'withdrawal' }, ip);
      return { waiting: saved, id: null };
    }
    const row = await q.insertWithdrawal(trx, {
      user_id: userId,
      network: input.network,
      address,
      currency: 'USDT',
      amount: checked.value.toFixed(),
      fee: fee.toFixed(),
      status: autoApproved ? 'approved' : 'pending_review',
      idempotency_key: key,
      created_at: now,
      updated_at: now,
    });
    await q.insertWithdrawalEvents(trx, {
      withdrawal_id: row.id,
      status: 'pending_review',
      note: null,
      actor: `user:${userId}`,
      created_at: now,
    });
    if (autoApproved && autoApproveBelow)
      await q.insertWithdrawalEvents(trx, {
        withdrawal_id: row.id,
        status: 'approved',
        note: { code: 'auto_approved', params: { amount: autoApproveBelow.toFixed() } },
        actor: 'system',
        created_at: now,
      });
    // With no delay a new address is usable at once: saved with the withdrawal, the member told.
    if (destination.kind === 'new')
      await saveAddress(deps, trx, userId, { network: input.network, address, label: null, via: 'withdrawal' }, ip);
    const reference = `withdrawal:${row.id}`;
    await hold(trx, {
      key: reference,
      accountId: wallet,
      amount: total.toFixed(),
      typeCode: WITHDRAWAL_CODES[input.network],
      userId,
      reference,
    });
    return { waiting: null, id: row.id };
  });
  if (outcome.waiting)
    throw new AppError('WITHDRAW_ADDRESS_SAVED_WAIT', { until: outcome.waiting.usable_from.toISOString(), addressId: outcome.waiting.id });
  if (autoApproved) deps.sending?.wake?.(input.network);
  return load(deps.db, outcome.id, userId);
}

export async function listWithdrawals(deps: AuthDeps, userId: string, cursor: string | undefined, limit: number) {
  const at = cursor ? await q.withdrawalCreatedAt(deps.db, cursor, userId) : undefined;
  const rows = await q.listWithdrawalIds(deps.db, userId, limit + 1, at?.created_at);
  const { page, nextCursor } = keysetPage(rows, limit, (r) => r.id);
  return { withdrawals: await Promise.all(page.map((r) => load(deps.db, r.id, userId))), nextCursor };
}

export function getWithdrawal(deps: AuthDeps, userId: string, id: string) {
  return load(deps.db, id, userId);
}

/** The review queue, oldest first, each with its member's UID for the operator. */
export async function pendingWithdrawals(deps: AuthDeps) {
  const rows = await q.pendingWithdrawalIds(deps.db, 200);
  return Promise.all(rows.map(async (r) => ({ ...(await load(deps.db, r.id)), memberUid: r.uid })));
}

/**
 * An operator's decision on a pending withdrawal. Approving hands it to the chain sender when its
 * network has one; otherwise it marks it sent (the operator sent it by hand): the hold leaves for the
 * outbound chain account and the fee becomes revenue. Rejecting returns the whole hold (code 14).
 */
export type WithdrawalDecision = { approve: true; txHash?: string | undefined } | { approve: false; reason: string };

export async function decideWithdrawal(deps: WithdrawalDeps, operator: OperatorContext, id: string, decision: WithdrawalDecision) {
  await deps.db.transaction().execute((trx) => decideWithdrawalIn(deps, trx, operator, id, decision));
  if (decision.approve) wakeSender(deps, (await load(deps.db, id)).network);
  return load(deps.db, id);
}

/** The sender of a network, woken after an approval committed (chain withdrawals). */
export function wakeSender(deps: WithdrawalDeps, network: BindableNetwork): void {
  deps.sending?.wake?.(network);
}

/** A withdrawal as the review sees it, or WITHDRAWAL_NOT_FOUND. */
export function withdrawalForReview(deps: WithdrawalDeps, id: string) {
  return load(deps.db, id);
}

/**
 * The decision in the caller's transaction (the approval's, when a second operator approves it),
 * audited there; `approvalNote` names the four-eyes request in the audit entry.
 */
export async function decideWithdrawalIn(
  deps: WithdrawalDeps,
  trx: Transaction<Database>,
  operator: OperatorContext,
  id: string,
  decision: WithdrawalDecision,
  approvalNote: Record<string, unknown> = {},
) {
  const now = deps.clock.now();
  const row = await q.lockWithdrawal(trx, id);
  if (!row) throw new AppError('WITHDRAWAL_NOT_FOUND');
  if (row.status !== 'pending_review') throw new AppError('WITHDRAWAL_NOT_PENDING');
  if (decision.approve && deps.sending?.networks.has(row.network)) {
    // The chain module signs and sends it; the hold stays in flight until the transaction confirms.
    await q.updateWithdrawal(trx, id, { status: 'approved', updated_at: now });
    await q.insertWithdrawalEvents(trx, {
      withdrawal_id: id,
      status: 'approved',
      note: { code: 'reviewed_by_operator' },
      actor: `operator:${operator.operatorId}`,
      created_at: now,
    });
  } else if (decision.approve) {
    await postWithdrawalSent(trx, row);
    await tellWithdrawalSent(deps, trx, row);
    await q.updateWithdrawal(trx, id, { status: 'completed', tx_hash: decision.txHash ?? null, updated_at: now });
    await q.insertWithdrawalEvents(trx, [
      {
        withdrawal_id: id,
        status: 'approved',
        note: { code: 'reviewed_by_operator' },
        actor: `operator:${operator.operatorId}`,
        created_at: now,
      },
      {
        withdrawal_id: id,
        status: 'completed',
        note: { code: 'sent_by_operator', params: decision.txHash ? { txHash: decision.txHash } : {} },
        actor: `operator:${operator.operatorId}`,
        created_at: now,
      },
    ]);
  } else {
    await postWithdrawalRefund(trx, row);
    await tellWithdrawalFailed(trx, row);
    await q.updateWithdrawal(trx, id, { status: 'rejected', updated_at: now });
    await q.insertWithdrawalEvents(trx, {
      withdrawal_id: id,
      status: 'rejected',
      note: { code: 'rejected', params: { reason: decision.reason } },
      actor: `operator:${operator.operatorId}`,
      created_at: now,
    });
  }
  // In the same transaction as the decision: no decision stands without its audit row.
  await recordOperatorAudit(trx, operator, {
    action: decision.approve ? 'withdrawal.approve' : 'withdrawal.reject',
    object: `withdrawal:${id}`,
    memberUid: (await findUserContact(trx, row.user_id)).uid,
    before: { status: row.status },
    after: { ...(decision.approve ? { status: 'approved', txHash: decision.txHash ?? null } : { status: 'rejected' }), ...approvalNote },
    reason: decision.approve ? null : decision.reason,
  });
}

/**
 * The withdrawal left on chain: its hold is settled to the network's outbound account, the fee to
 * revenue. Settling is once per hold, so a repeat (recovery after a crash) moves nothing.
 */
export async function postWithdrawalSent(trx: Transaction<Database>, row: Row): Promise<void> {
  const fee = new Decimal(row.fee);
  const reference = `withdrawal:${row.id}`;
  const legs: Leg[] = [
    {
      accountId: await accountId(trx, { userId: null, currency: 'USDT', purpose: SYSTEM_PURPOSES.chainOutbound(row.network) }),
      amount: new Decimal(row.amount).toFixed(),
    },
  ];
  if (fee.gt(0))
    legs.push({
      accountId: await accountId(trx, { userId: null, currency: 'USDT', purpose: SYSTEM_PURPOSES.feeRevenue }),
      amount: fee.toFixed(),
    });
  await settle(trx, reference, legs, { typeCode: WITHDRAWAL_CODES[row.network], reference });
}

/** Rejected or failed: the whole hold (amount and fee) returns to the user as code 14. */
export async function postWithdrawalRefund(trx: Transaction<Database>, row: Row): Promise<void> {
  const reference = `withdrawal:${row.id}`;
  await release(trx, reference, { typeCode: WITHDRAWAL_CODES.failed, reference });
}

/**
 * Tells the member their withdrawal left, in the transaction of that change of state: a notification
 * and an email in their language (the amount sent, exactly; the fee is not part of it).
 */
export async function tellWithdrawalSent(deps: MailDeps, trx: Executor, row: Row): Promise<void> {
  const params = { amount: new Decimal(row.amount).toFixed(), currency: row.currency, network: row.network, address: row.address };
  await notify(trx, row.user_id, { code: 'withdrawal_sent', params, ref: { kind: 'withdrawal', id: row.id } });
  const member = await findUserContact(trx, row.user_id);
  await mailMember(deps, trx, member, (language) => withdrawalSentMail(language, params), { withdrawalId: row.id });
}

/**
 * Tells the member their withdrawal failed or was rejected, in the transaction that returns its money:
 * the amount asked for, and what came back (the amount and its fee, the whole hold).
 */
export async function tellWithdrawalFailed(trx: Executor, row: Row): Promise<void> {
  const amount = new Decimal(row.amount);
  await notify(trx, row.user_id, {
    code: 'withdrawal_failed',
    params: { amount: amount.toFixed(), returned: amount.plus(row.fee).toFixed(), currency: row.currency, network: row.network },
    ref: { kind: 'withdrawal', id: row.id },
  });
}

/** What the operators' console reads of withdrawals: the money that left per day, the review queue, every withdrawal. */
export async function withdrawalDailySums(db: Executor, range: DayRange): Promise<DailySum[]> {
  const rows = await q.dailyOutgoingSums(db, range);
  return rows.map((r) => ({ day: r.day, currency: r.currency, amount: new Decimal(r.amount).toFixed() }));
}

export function withdrawalsToReview(db: Executor): Promise<number> {
  return q.countInStatus(db, 'pending_review');
}

export async function withdrawalPage(db: Executor, filter: q.WithdrawalFilter, page: { offset: number; limit: number }) {
  const { rows, total } = await q.pageWithdrawals(db, filter, page);
  return {
    total,
    items: rows.map((row) => ({
      id: row.id,
      userId: row.user_id,
      network: row.network,
      address: row.address,
      currency: row.currency,
      amount: new Decimal(row.amount).toFixed(),
      fee: new Decimal(row.fee).toFixed(),
      status: row.status as Withdrawal['status'],
      txHash: row.tx_hash,
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
    })),
  };
}
