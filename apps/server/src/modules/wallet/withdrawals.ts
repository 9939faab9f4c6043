import {
  type BindableNetwork,
  checkAmount,
  isAddressOf,
  LIMITS,
  normalizeAddress,
  WITHDRAWAL_CODES,
  type Withdrawal,
} from '@wallet/contract';
import Decimal from 'decimal.js';
import type { Selectable, Transaction } from 'kysely';
import { recordAudit } from '../../platform/audit';
import { keysetPage } from '../../platform/db/paging';
import type { Database, WithdrawalsTable } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { consumeCode } from '../auth/codes';
import { type AuthDeps, verifyPaymentPassword } from '../auth/service';
import { accountId, type Leg, post, SYSTEM_PURPOSES, USER_WALLET, walletBalances } from './ledger';

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

type Row = Selectable<WithdrawalsTable>;

async function load(db: AuthDeps['db'] | Transaction<Database>, id: string, userId?: string): Promise<Withdrawal> {
  let query = db.selectFrom('withdrawals').selectAll().where('id', '=', id);
  if (userId) query = query.where('user_id', '=', userId);
  const row = await query.executeTakeFirst();
  if (!row) throw new AppError('WITHDRAWAL_NOT_FOUND');
  const events = await db
    .selectFrom('withdrawal_events')
    .select(['status', 'note', 'created_at'])
    .where('withdrawal_id', '=', id)
    .orderBy('id')
    .execute();
  return toWithdrawal(row, events);
}

function toWithdrawal(row: Row, events: Array<{ status: string; note: string | null; created_at: Date }>): Withdrawal {
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
    history: events.map((e) => ({ status: e.status as Withdrawal['status'], at: e.created_at.toISOString(), note: e.note })),
  };
}

export interface WithdrawalInput {
  network: BindableNetwork;
  address: string;
  amount: string;
  code: string;
  paymentPassword: string;
}

/**
 * A USDT withdrawal request: the amount plus the network fee is held at once (moved to the
 * in-flight account), then the request waits for review. Keyed by the idempotency key.
 */
export async function requestWithdrawal(deps: WithdrawalDeps, userId: string, input: WithdrawalInput, key: string): Promise<Withdrawal> {
  const existing = await deps.db
    .selectFrom('withdrawals')
    .select('id')
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  if (existing) return load(deps.db, existing.id, userId);
  if (!isAddressOf(input.network, input.address)) throw new AppError('ADDRESS_INVALID');
  const checked = checkAmount(input.amount, 'USDT');
  if (!checked.ok) throw new AppError(checked.code);
  if (checked.value.lt(LIMITS.withdraw.minimum))
    throw new AppError('AMOUNT_BELOW_MINIMUM', { minimum: LIMITS.withdraw.minimum, currency: 'USDT' });
  const fee = new Decimal(deps.fees[input.network]);
  const total = checked.value.plus(fee);
  const held = (await walletBalances(deps.db, userId)).find((b) => b.currency === 'USDT');
  if (!held || new Decimal(held.balance).lt(total)) throw new AppError('INSUFFICIENT_BALANCE', { currency: 'USDT' });
  await verifyPaymentPassword(deps, userId, input.paymentPassword);
  const user = await deps.db.selectFrom('users').select(['email']).where('id', '=', userId).executeTakeFirstOrThrow();
  await consumeCode(deps, user.email, 'withdraw', input.code);

  const now = deps.clock.now();
  // Small withdrawals on a network we send on ourselves skip review (WITHDRAW_AUTO_APPROVE_BELOW).
  const autoApproved = Boolean(deps.sending?.networks.has(input.network) && checked.value.lt(deps.sending.autoApproveBelow));
  const id = await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('withdrawals')
      .values({
        user_id: userId,
        network: input.network,
        address: normalizeAddress(input.network, input.address),
        currency: 'USDT',
        amount: checked.value.toFixed(),
        fee: fee.toFixed(),
        status: autoApproved ? 'approved' : 'pending_review',
        idempotency_key: key,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('withdrawal_events')
      .values({ withdrawal_id: row.id, status: 'pending_review', note: null, actor: `user:${userId}`, created_at: now })
      .execute();
    if (autoApproved)
      await trx
        .insertInto('withdrawal_events')
        .values({
          withdrawal_id: row.id,
          status: 'approved',
          note: 'below the automatic approval amount',
          actor: 'system',
          created_at: now,
        })
        .execute();
    const reference = `withdrawal:${row.id}`;
    await post(trx, {
      typeCode: WITHDRAWAL_CODES[input.network],
      userId,
      reference,
      idempotencyKey: `${reference}:hold`,
      legs: [
        { accountId: await accountId(trx, { userId, currency: 'USDT', purpose: USER_WALLET }), amount: total.neg().toFixed() },
        {
          accountId: await accountId(trx, { userId: null, currency: 'USDT', purpose: SYSTEM_PURPOSES.withdrawalsInFlight }),
          amount: total.toFixed(),
        },
      ],
    });
    return row.id;
  });
  if (autoApproved) deps.sending?.wake?.(input.network);
  return load(deps.db, id, userId);
}

export async function listWithdrawals(deps: AuthDeps, userId: string, cursor: string | undefined, limit: number) {
  let query = deps.db
    .selectFrom('withdrawals')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit + 1);
  if (cursor) {
    const at = await deps.db
      .selectFrom('withdrawals')
      .select(['created_at'])
      .where('id', '=', cursor)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (at) query = query.where('created_at', '<', at.created_at);
  }
  const { page, nextCursor } = keysetPage(await query.execute(), limit, (r) => r.id);
  return { withdrawals: await Promise.all(page.map((r) => load(deps.db, r.id, userId))), nextCursor };
}

export function getWithdrawal(deps: AuthDeps, userId: string, id: string) {
  return load(deps.db, id, userId);
}

export async function pendingWithdrawals(deps: AuthDeps) {
  const ids = await deps.db
    .selectFrom('withdrawals')
    .select('id')
    .where('status', '=', 'pending_review')
    .orderBy('created_at')
    .limit(200)
    .execute();
  return Promise.all(ids.map((r) => load(deps.db, r.id)));
}

/**
 * An operator's decision on a pending withdrawal. Approving hands it to the chain sender when its
 * network has one; otherwise it marks it sent (the operator sent it by hand): the hold leaves for the
 * outbound chain account and the fee becomes revenue. Rejecting returns the whole hold (code 14).
 */
export async function decideWithdrawal(
  deps: WithdrawalDeps,
  adminId: string,
  id: string,
  decision: { approve: true; txHash?: string | undefined } | { approve: false; reason: string },
  ip: string,
) {
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('withdrawals').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) throw new AppError('WITHDRAWAL_NOT_FOUND');
    if (row.status !== 'pending_review') throw new AppError('WITHDRAWAL_NOT_PENDING');
    if (decision.approve && deps.sending?.networks.has(row.network)) {
      // The chain module signs and sends it; the hold stays in flight until the transaction confirms.
      await trx.updateTable('withdrawals').set({ status: 'approved', updated_at: now }).where('id', '=', id).execute();
      await trx
        .insertInto('withdrawal_events')
        .values({ withdrawal_id: id, status: 'approved', note: null, actor: `admin:${adminId}`, created_at: now })
        .execute();
    } else if (decision.approve) {
      await postWithdrawalSent(trx, row);
      await trx
        .updateTable('withdrawals')
        .set({ status: 'completed', tx_hash: decision.txHash ?? null, updated_at: now })
        .where('id', '=', id)
        .execute();
      await trx
        .insertInto('withdrawal_events')
        .values([
          { withdrawal_id: id, status: 'approved', note: null, actor: `admin:${adminId}`, created_at: now },
          {
            withdrawal_id: id,
            status: 'completed',
            note: decision.txHash ? `tx ${decision.txHash}` : 'marked sent by an operator',
            actor: `admin:${adminId}`,
            created_at: now,
          },
        ])
        .execute();
    } else {
      await postWithdrawalRefund(trx, row);
      await trx.updateTable('withdrawals').set({ status: 'rejected', updated_at: now }).where('id', '=', id).execute();
      await trx
        .insertInto('withdrawal_events')
        .values({ withdrawal_id: id, status: 'rejected', note: decision.reason, actor: `admin:${adminId}`, created_at: now })
        .execute();
    }
  });
  await recordAudit(deps.db, {
    actorKind: 'admin',
    actorId: adminId,
    action: decision.approve ? 'withdrawal.approve' : 'withdrawal.reject',
    subject: `withdrawal:${id}`,
    details: decision.approve ? { txHash: decision.txHash ?? null } : { reason: decision.reason },
    ip,
  });
  if (decision.approve) deps.sending?.wake?.((await load(deps.db, id)).network);
  return load(deps.db, id);
}

/**
 * The withdrawal left on chain: the hold moves from in flight to the network's outbound account and
 * the fee becomes revenue. Keyed per withdrawal, so a repeat (recovery after a crash) moves nothing.
 */
export async function postWithdrawalSent(trx: Transaction<Database>, row: Row): Promise<void> {
  const amount = new Decimal(row.amount);
  const fee = new Decimal(row.fee);
  const reference = `withdrawal:${row.id}`;
  const legs: Leg[] = [
    {
      accountId: await accountId(trx, { userId: null, currency: 'USDT', purpose: SYSTEM_PURPOSES.withdrawalsInFlight }),
      amount: amount.plus(fee).neg().toFixed(),
    },
    {
      accountId: await accountId(trx, { userId: null, currency: 'USDT', purpose: SYSTEM_PURPOSES.chainOutbound(row.network) }),
      amount: amount.toFixed(),
    },
  ];
  if (fee.gt(0))
    legs.push({
      accountId: await accountId(trx, { userId: null, currency: 'USDT', purpose: SYSTEM_PURPOSES.feeRevenue }),
      amount: fee.toFixed(),
    });
  await post(trx, { typeCode: WITHDRAWAL_CODES[row.network], userId: row.user_id, reference, idempotencyKey: `${reference}:sent`, legs });
}

/** Rejected or failed: the whole hold (amount and fee) returns to the user as code 14. */
export async function postWithdrawalRefund(trx: Transaction<Database>, row: Row): Promise<void> {
  const total = new Decimal(row.amount).plus(row.fee);
  const reference = `withdrawal:${row.id}`;
  await post(trx, {
    typeCode: WITHDRAWAL_CODES.failed,
    userId: row.user_id,
    reference,
    idempotencyKey: `${reference}:refund`,
    legs: [
      {
        accountId: await accountId(trx, { userId: null, currency: 'USDT', purpose: SYSTEM_PURPOSES.withdrawalsInFlight }),
        amount: total.neg().toFixed(),
      },
      { accountId: await accountId(trx, { userId: row.user_id, currency: 'USDT', purpose: USER_WALLET }), amount: total.toFixed() },
    ],
  });
}
