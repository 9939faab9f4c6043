import type { BindableNetwork } from '@wallet/contract';
import { Decimal } from '@wallet/contract';
import { inSession } from '../../platform/db/database';
import {
  finishWithdrawal,
  highestNonceInFlight,
  markWithdrawalBroadcast,
  markWithdrawalSending,
  returnWithdrawalToApproved,
  withdrawalsConfirming,
  withdrawalsSending,
  withdrawalsToSend,
} from '../wallet/withdrawal-sending';
import { type ChainAdapter, type ChainSender, TransactionExpiredError } from './adapter';
import { advisoryUnlock, tryAdvisoryLock } from './queries';
import type { ScanDeps } from './scanner';

export interface SendSettings {
  confirmations: number;
  /** Tests only: a crash right after the signed transaction is stored, before it is broadcast. */
  crashAfterSign?: () => void;
}

export interface SendResult {
  sent: number;
  completed: number;
  failed: number;
  waitingForFunds: number;
}

/**
 * Moves approved withdrawals of one network along: approved -> sending (signed, stored) ->
 * confirming (broadcast) -> completed, or failed (reverted on chain; the hold returns, code 14).
 * Every state is committed before the side effect that follows it, and a transaction is signed only
 * once: a run after a crash re-broadcasts the stored raw transaction, which is harmless if the first
 * broadcast went through (same hash, same nonce). Runs one at a time per network (advisory lock).
 */
export async function sendWithdrawals(deps: ScanDeps, adapter: ChainAdapter, settings: SendSettings): Promise<SendResult> {
  const sender = adapter.sender;
  const result: SendResult = { sent: 0, completed: 0, failed: 0, waitingForFunds: 0 };
  if (!sender) return result;
  const network = adapter.network as BindableNetwork;
  // A session's lock, held across the chain calls with no transaction open: on a session of its own
  // on PostgreSQL itself, which a pooler in transaction mode would not keep between statements.
  return inSession(deps.directUrl, 'wallet-withdrawal-sender', async (session) => {
    if (!(await tryAdvisoryLock(session, `withdrawals:${network}`))) return result;
    try {
      await resumeSending(deps, sender, network);
      await followConfirming(deps, adapter, sender, network, settings, result);
      await sendApproved(deps, sender, network, settings, result);
      return result;
    } finally {
      await advisoryUnlock(session, `withdrawals:${network}`);
    }
  });
}

/** Signed and stored but perhaps never broadcast (a crash in between): broadcast the same bytes. */
async function resumeSending(deps: ScanDeps, sender: ChainSender, network: BindableNetwork) {
  const rows = await withdrawalsSending(deps.db, network);
  for (const row of rows) {
    if (!row.raw_tx) continue;
    // One withdrawal the node refuses must not hold up the others: it is retried on the next run.
    try {
      await sender.broadcast(row.raw_tx);
      await markWithdrawalBroadcast(deps, row.id, row.tx_hash);
    } catch (error) {
      if (error instanceof TransactionExpiredError) await resign(deps, sender, row.id, row.tx_hash, 'sending');
      else deps.log.warn({ err: error, withdrawalId: row.id, network }, 'could not re-broadcast a withdrawal');
    }
  }
}

/**
 * A stored transaction expired unmined: it can never be mined, so the withdrawal goes back to
 * approved and the next run signs a new one. Checked against the chain first, to be sure.
 */
async function resign(deps: ScanDeps, sender: ChainSender, id: string, txHash: string | null, from: 'sending' | 'confirming') {
  if (txHash && (await sender.txState(txHash)).kind !== 'unknown') return;
  await returnWithdrawalToApproved(deps, id, txHash, from);
}

async function followConfirming(
  deps: ScanDeps,
  adapter: ChainAdapter,
  sender: ChainSender,
  network: BindableNetwork,
  settings: SendSettings,
  result: SendResult,
) {
  const rows = await withdrawalsConfirming(deps.db, network);
  if (rows.length === 0) return;
  const head = await adapter.head();
  for (const row of rows) {
    if (!row.tx_hash || !row.raw_tx) continue;
    const state = await sender.txState(row.tx_hash);
    if (state.kind === 'unknown') {
      // Dropped from the mempool or reorganised out: the same signed transaction goes out again.
      try {
        await sender.broadcast(row.raw_tx);
      } catch (error) {
        if (error instanceof TransactionExpiredError) await resign(deps, sender, row.id, row.tx_hash, 'confirming');
        else deps.log.warn({ err: error, withdrawalId: row.id, network }, 'could not re-broadcast a withdrawal');
      }
      continue;
    }
    if (state.kind === 'pending') continue;
    if (head - state.blockNumber + 1n < BigInt(settings.confirmations)) continue;
    // Settled (or refunded) under the row's lock, only while it is still confirming.
    await finishWithdrawal(deps, row.id, { success: state.success, blockNumber: state.blockNumber });
    if (state.success) result.completed += 1;
    else result.failed += 1;
  }
}

async function sendApproved(deps: ScanDeps, sender: ChainSender, network: BindableNetwork, settings: SendSettings, result: SendResult) {
  const rows = await withdrawalsToSend(deps.db, network);
  if (rows.length === 0) return;
  let balances = await sender.balances();
  for (const row of rows) {
    const amount = await sender.toBaseUnits(new Decimal(row.amount).toFixed());
    if (balances.token < amount || balances.gas === 0n) {
      // Not failed: the operator tops up the hot wallet and the next run sends it.
      deps.log.warn({ network, withdrawalId: row.id, hotWallet: sender.hotWallet }, 'hot wallet balance too low for a withdrawal');
      result.waitingForFunds += 1;
      continue;
    }
    const used = await highestNonceInFlight(deps.db, network);
    // The node's pending count may lag behind transactions we broadcast a moment ago: never below ours in flight.
    const chainNonce = await sender.nextNonce();
    const nonce = used != null && BigInt(used) + 1n > chainNonce ? BigInt(used) + 1n : chainNonce;
    const signed = await sender.signTransfer(row.address, amount, nonce);
    // Stored (approved -> sending) before it is broadcast; false when another run took it first.
    const saved = await markWithdrawalSending(deps, row.id, signed);
    if (!saved) continue;
    settings.crashAfterSign?.();
    await sender.broadcast(signed.raw);
    await markWithdrawalBroadcast(deps, row.id, signed.txHash);
    balances = { token: balances.token - amount, gas: balances.gas };
    result.sent += 1;
  }
}
