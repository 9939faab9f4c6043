import type { Network } from '@wallet/contract';
import { CURRENCIES, Decimal } from '@wallet/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import type { Mailer } from '../../platform/mail';
import { notifyMany } from '../notifications/notify';
import type { ChainAdapter, ObservedTransfer } from './adapter';
import { usersBySender } from './attribution';
import { checkpoint, type NewDeposit, saveCheckpoint, upsertDeposits } from './queries';

export interface ScanDeps {
  db: Db;
  /** PostgreSQL itself, for the sender's session lock: `db` may go through a pooler in transaction mode (DatabaseHandle.directUrl). */
  directUrl: string;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Members are emailed when their withdrawal is sent. */
  mailer: Mailer;
  /** BTC deposits belong to the owner of the receiving address (each user has their own). */
  btcOwners?: (addresses: string[]) => Promise<Map<string, string>>;
}

export interface ScanSettings {
  confirmations: number;
  batchBlocks: number;
}

export interface ScanResult {
  from: bigint;
  to: bigint;
  transfers: number;
}

/**
 * Reads every block from the checkpoint to the head and records the transfers into the deposit
 * address. Blocks younger than the confirmations are read again on the next scan (the checkpoint
 * stops short of them), so a reorganised branch's transfers are still found; crediting re-checks
 * each block's hash. Scans may overlap or repeat: recording is idempotent.
 */
export async function scanNetwork(deps: ScanDeps, adapter: ChainAdapter, settings: ScanSettings): Promise<ScanResult> {
  const head = await adapter.head();
  const saved = await checkpoint(deps.db, adapter.network);
  // A network seen for the first time starts a little before the head: deposits predating the
  // platform are not expected, and an operator can set the checkpoint back by hand.
  const from = saved ? BigInt(saved.next_block) : maxBig(0n, head - BigInt(settings.confirmations) * 2n);
  let transfers = 0;
  for (let start = from; start <= head; start += BigInt(settings.batchBlocks)) {
    const end = minBig(head, start + BigInt(settings.batchBlocks) - 1n);
    const found = await adapter.transfersIn(start, end);
    transfers += await recordTransfers(deps, adapter.network, found);
    // Progress is saved per batch, so a restart in the middle of a long catch-up resumes near here.
    await saveCheckpoint(deps.db, adapter.network, minBig(end + 1n, finalFrom(head, settings.confirmations)), head, deps.clock.now());
  }
  await saveCheckpoint(deps.db, adapter.network, maxBig(from, finalFrom(head, settings.confirmations)), head, deps.clock.now());
  return { from, to: head, transfers };
}

/** The first block that is not yet final: blocks below it have all their confirmations. */
function finalFrom(head: bigint, confirmations: number): bigint {
  return maxBig(0n, head - BigInt(confirmations) + 1n);
}

/** Records transfers found by a scan or by a pasted transaction hash. Returns how many were new or moved. */
export async function recordTransfers(deps: ScanDeps, network: Network, found: ObservedTransfer[]): Promise<number> {
  if (found.length === 0) return 0;
  const byReceiver = network === 'BTC';
  const owners =
    byReceiver && deps.btcOwners
      ? await deps.btcOwners(found.map((t) => t.to))
      : await usersBySender(
          deps.db,
          network,
          found.map((t) => t.from),
        );
  const rows: NewDeposit[] = [];
  for (const t of found) {
    // The ledger keeps the currency's precision; finer dust (BEP20 USDT has 18 decimals) stays on
    // chain, and the exact amount is kept in raw_amount.
    const amount = new Decimal(t.amount).toDecimalPlaces(CURRENCIES[t.currency].precision, Decimal.ROUND_DOWN);
    if (amount.isZero()) {
      deps.log.warn({ network, txHash: t.txHash, amount: t.amount }, 'deposit below the smallest creditable amount ignored');
      continue;
    }
    const userId = owners.get(byReceiver ? t.to : t.from) ?? null;
    rows.push({
      network,
      currency: t.currency,
      tx_hash: t.txHash,
      log_index: t.index,
      from_address: t.from,
      to_address: t.to,
      amount: amount.toFixed(),
      raw_amount: t.rawAmount.toString(),
      block_number: t.blockNumber.toString(),
      block_hash: t.blockHash,
      user_id: userId,
      attributed_by: userId ? (byReceiver ? 'deposit_address' : 'bound_address') : null,
    });
  }
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const written = await upsertDeposits(trx, rows, now);
    // Told once, when first recorded: a rescan, an overlapping scan or a reorg's new block inserts nothing.
    const seen = written.filter((r) => r.inserted && r.user_id !== null);
    await notifyMany(
      trx,
      seen.map((r) => ({
        userId: r.user_id as string,
        code: 'deposit_seen' as const,
        params: { amount: new Decimal(r.amount).toFixed(), currency: r.currency, network: r.network },
        ref: { kind: 'deposit' as const, id: r.id },
      })),
    );
  });
  return rows.length;
}

const minBig = (a: bigint, b: bigint) => (a < b ? a : b);
const maxBig = (a: bigint, b: bigint) => (a > b ? a : b);
