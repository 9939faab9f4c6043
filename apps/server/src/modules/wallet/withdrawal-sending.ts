import type { BindableNetwork } from '@wallet/contract';
import type { Transaction, Updateable } from 'kysely';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import type { Database, WithdrawalsTable } from '../../platform/db/schema';
import type { MailDeps } from '../notifications/mail';
import * as q from './withdrawal-queries';
import { postWithdrawalRefund, postWithdrawalSent, tellWithdrawalFailed, tellWithdrawalSent } from './withdrawals';

/**
 * The states the chain module's sender moves an approved withdrawal through: approved -> sending
 * (signed, stored) -> confirming (broadcast) -> completed or failed, and back to approved when a
 * stored transaction expired unmined. Each change is its own transaction and happens only from the
 * state it expects (a run that lost a race changes nothing), so the sender can commit each state
 * before the side effect that follows it.
 */

export type WithdrawalRow = q.WithdrawalRow;
export type SendingDeps = MailDeps & { db: Db; clock: Clock };

/** Signed and stored, perhaps never broadcast (a crash in between). */
export function withdrawalsSending(db: Db, network: BindableNetwork): Promise<WithdrawalRow[]> {
  return q.withdrawalsInStatus(db, network, 'sending');
}

/** Broadcast, waiting for their confirmations. */
export function withdrawalsConfirming(db: Db, network: BindableNetwork): Promise<WithdrawalRow[]> {
  return q.withdrawalsInStatus(db, network, 'confirming');
}

/** Approved and not yet signed, oldest first, at most 50 per run. */
export function withdrawalsToSend(db: Db, network: BindableNetwork): Promise<WithdrawalRow[]> {
  return q.approvedWithdrawals(db, network, 50);
}

/** The highest nonce of the network's withdrawals signed and in flight, or null when none is. */
export function highestNonceInFlight(db: Db, network: BindableNetwork): Promise<string | null> {
  return q.highestNonceInFlight(db, network);
}

/**
 * One change of state, from `from` only, with its event, in one transaction. False when the
 * withdrawal was no longer in `from` (another run got there first): nothing changes then.
 */
async function transition(
  deps: SendingDeps,
  id: string,
  from: 'approved' | 'sending' | 'confirming',
  changes: (now: Date) => Updateable<WithdrawalsTable> & { status: string },
  note: q.EventNote,
  then?: (trx: Transaction<Database>) => Promise<void>,
): Promise<boolean> {
  const now = deps.clock.now();
  const update = changes(now);
  return deps.db.transaction().execute(async (trx) => {
    if ((await q.updateWithdrawalFrom(trx, id, from, { ...update, updated_at: now })) === 0) return false;
    await q.insertWithdrawalEvents(trx, { withdrawal_id: id, status: update.status, note, actor: 'system', created_at: now });
    await then?.(trx);
    return true;
  });
}

/** approved -> sending, with the signed transaction stored. False when it was no longer approved. */
export function markWithdrawalSending(
  deps: SendingDeps,
  id: string,
  signed: { nonce: bigint; raw: string; txHash: string },
): Promise<boolean> {
  return transition(
    deps,
    id,
    'approved',
    () => ({ status: 'sending', nonce: signed.nonce.toString(), raw_tx: signed.raw, tx_hash: signed.txHash }),
    // The nonce is for operators (it is on the withdrawal row), not the member.
    { code: 'signed', params: { txHash: signed.txHash } },
  );
}

/**
 * sending -> confirming once its transaction is broadcast; the member is told it was sent. Once: a
 * withdrawal whose first transaction expired unmined is signed and broadcast again without a second notice.
 */
export async function markWithdrawalBroadcast(deps: SendingDeps, id: string, txHash: string | null): Promise<void> {
  await transition(
    deps,
    id,
    'sending',
    (now) => ({ status: 'confirming', broadcast_at: now }),
    { code: 'sent', params: txHash ? { txHash } : {} },
    async (trx) => {
      if ((await q.countWithdrawalEvents(trx, id, 'confirming')) > 1) return;
      const row = await q.findWithdrawal(trx, id);
      if (row) await tellWithdrawalSent(deps, trx, row);
    },
  );
}

/**
 * confirming -> completed (the hold settles to the network's outbound account, the fee to revenue) or
 * failed (reverted on chain: the whole hold returns, code 14), under the row's lock.
 */
export async function finishWithdrawal(deps: SendingDeps, id: string, outcome: { success: boolean; blockNumber: bigint }): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const locked = await q.lockWithdrawal(trx, id);
    if (!locked) throw new Error(`withdrawal ${id} not found`);
    if (locked.status !== 'confirming') return;
    if (outcome.success) await postWithdrawalSent(trx, locked);
    else {
      await postWithdrawalRefund(trx, locked);
      await tellWithdrawalFailed(trx, locked);
    }
    const status = outcome.success ? 'completed' : 'failed';
    await q.updateWithdrawal(trx, id, { status, confirmed_block: outcome.blockNumber.toString(), updated_at: now });
    await q.insertWithdrawalEvents(trx, {
      withdrawal_id: id,
      status,
      note: outcome.success ? { code: 'confirmed', params: { block: outcome.blockNumber.toString() } } : { code: 'failed_on_chain' },
      actor: 'system',
      created_at: now,
    });
  });
}

/**
 * sending or confirming -> approved, the stored transaction forgotten: it expired unmined and can
 * never be mined, so the next run signs a new one.
 */
export async function returnWithdrawalToApproved(
  deps: SendingDeps,
  id: string,
  txHash: string | null,
  from: 'sending' | 'confirming',
): Promise<void> {
  await transition(deps, id, from, () => ({ status: 'approved', raw_tx: null, tx_hash: null, nonce: null, broadcast_at: null }), {
    code: 'signed_again',
    params: txHash ? { txHash } : {},
  });
}
