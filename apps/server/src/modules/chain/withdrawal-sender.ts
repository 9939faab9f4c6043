import type { BindableNetwork } from '@wallet/contract';
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { postWithdrawalRefund, postWithdrawalSent } from '../wallet/withdrawals';
import { type ChainAdapter, type ChainSender, TransactionExpiredError } from './adapter';
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
  return deps.db.connection().execute(async (conn) => {
    const lock = await sql<{ ok: boolean }>`select pg_try_advisory_lock(hashtext(${`withdrawals:${network}`})) as ok`.execute(conn);
    if (!lock.rows[0]?.ok) return result;
    try {
      await resumeSending(deps, sender, network);
      await followConfirming(deps, adapter, sender, network, settings, result);
      await sendApproved(deps, sender, network, settings, result);
      return result;
    } finally {
      await sql`select pg_advisory_unlock(hashtext(${`withdrawals:${network}`}))`.execute(conn);
    }
  });
}

/** Signed and stored but perhaps never broadcast (a crash in between): broadcast the same bytes. */
async function resumeSending(deps: ScanDeps, sender: ChainSender, network: BindableNetwork) {
  const rows = await deps.db.selectFrom('withdrawals').selectAll().where('network', '=', network).where('status', '=', 'sending').execute();
  for (const row of rows) {
    if (!row.raw_tx) continue;
    // One withdrawal the node refuses must not hold up the others: it is retried on the next run.
    try {
      await sender.broadcast(row.raw_tx);
      await markBroadcast(deps, row.id, row.tx_hash);
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
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const res = await trx
      .updateTable('withdrawals')
      .set({ status: 'approved', raw_tx: null, tx_hash: null, nonce: null, broadcast_at: null, updated_at: now })
      .where('id', '=', id)
      .where('status', '=', from)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) > 0)
      await trx
        .insertInto('withdrawal_events')
        .values({
          withdrawal_id: id,
          status: 'approved',
          note: `tx ${txHash} expired unmined; to be signed again`,
          actor: 'system',
          created_at: now,
        })
        .execute();
  });
}

async function markBroadcast(deps: ScanDeps, id: string, txHash: string | null) {
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const res = await trx
      .updateTable('withdrawals')
      .set({ status: 'confirming', broadcast_at: now, updated_at: now })
      .where('id', '=', id)
      .where('status', '=', 'sending')
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) > 0)
      await trx
        .insertInto('withdrawal_events')
        .values({ withdrawal_id: id, status: 'confirming', note: `tx ${txHash}`, actor: 'system', created_at: now })
        .execute();
  });
}

async function followConfirming(
  deps: ScanDeps,
  adapter: ChainAdapter,
  sender: ChainSender,
  network: BindableNetwork,
  settings: SendSettings,
  result: SendResult,
) {
  const rows = await deps.db
    .selectFrom('withdrawals')
    .selectAll()
    .where('network', '=', network)
    .where('status', '=', 'confirming')
    .execute();
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
    const now = deps.clock.now();
    await deps.db.transaction().execute(async (trx) => {
      const locked = await trx.selectFrom('withdrawals').selectAll().where('id', '=', row.id).forUpdate().executeTakeFirstOrThrow();
      if (locked.status !== 'confirming') return;
      if (state.success) await postWithdrawalSent(trx, locked);
      else await postWithdrawalRefund(trx, locked);
      const status = state.success ? 'completed' : 'failed';
      await trx
        .updateTable('withdrawals')
        .set({ status, confirmed_block: state.blockNumber.toString(), updated_at: now })
        .where('id', '=', row.id)
        .execute();
      await trx
        .insertInto('withdrawal_events')
        .values({
          withdrawal_id: row.id,
          status,
          note: state.success ? `confirmed in block ${state.blockNumber}` : 'the transaction failed on chain; funds returned',
          actor: 'system',
          created_at: now,
        })
        .execute();
    });
    if (state.success) result.completed += 1;
    else result.failed += 1;
  }
}

async function sendApproved(deps: ScanDeps, sender: ChainSender, network: BindableNetwork, settings: SendSettings, result: SendResult) {
  const rows = await deps.db
    .selectFrom('withdrawals')
    .selectAll()
    .where('network', '=', network)
    .where('status', '=', 'approved')
    .orderBy('created_at')
    .limit(50)
    .execute();
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
    const used = await deps.db
      .selectFrom('withdrawals')
      .select((eb) => eb.fn.max('nonce').as('nonce'))
      .where('network', '=', network)
      .where('status', 'in', ['sending', 'confirming'])
      .executeTakeFirst();
    // The node's pending count may lag behind transactions we broadcast a moment ago: never below ours in flight.
    const chainNonce = await sender.nextNonce();
    const nonce = used?.nonce != null && BigInt(used.nonce) + 1n > chainNonce ? BigInt(used.nonce) + 1n : chainNonce;
    const signed = await sender.signTransfer(row.address, amount, nonce);
    const now = deps.clock.now();
    const saved = await deps.db.transaction().execute(async (trx) => {
      const res = await trx
        .updateTable('withdrawals')
        .set({ status: 'sending', nonce: signed.nonce.toString(), raw_tx: signed.raw, tx_hash: signed.txHash, updated_at: now })
        .where('id', '=', row.id)
        .where('status', '=', 'approved')
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0) return false;
      await trx
        .insertInto('withdrawal_events')
        .values({
          withdrawal_id: row.id,
          status: 'sending',
          note: `tx ${signed.txHash} nonce ${signed.nonce}`,
          actor: 'system',
          created_at: now,
        })
        .execute();
      return true;
    });
    if (!saved) continue;
    settings.crashAfterSign?.();
    await sender.broadcast(signed.raw);
    await markBroadcast(deps, row.id, signed.txHash);
    balances = { token: balances.token - amount, gas: balances.gas };
    result.sent += 1;
  }
}
