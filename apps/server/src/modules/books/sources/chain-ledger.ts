import { type BindableNetwork, Decimal } from '@wallet/contract';
import type { Db, Executor } from '../../../platform/db/database';
import { recordedDepositOfTransfer, recordedDepositsSince } from '../../chain/service';
import { SYSTEM_PURPOSES, systemMovementSince } from '../../ledger';
import { findWithdrawal, outstandingWithdrawalsSince } from '../../wallet/withdrawals';
import type { ChainEpoch } from './chain-epochs';

/** A deposit row as the chain source compares it with the chain. */
export interface DepositRecord {
  id: string;
  txHash: string;
  index: number;
  amount: string;
  status: string;
  blockNumber: bigint;
  detectedAt: Date;
}

export interface WithdrawalRecord {
  id: string;
  txHash: string | null;
  amount: string;
  status: string;
  confirmedBlock: bigint | null;
  updatedAt: Date;
}

/** What the ledger and the chain module's tables say about one network and currency, read in one snapshot. */
export interface LedgerSide {
  /** Sum of every entry on chain_inbound, chain_outbound and chain_treasury (all shards) since the epoch. */
  movement: string;
  /** Credited deposits of the window, and those credited at a block past the cut-off. */
  credited: DepositRecord[];
  /** Deposits seen on chain and recorded, not credited (confirming, queued, unattributed) since the epoch. */
  uncredited: DepositRecord[];
  /** Every transfer recorded since the epoch (any status but dropped), by `tx:index`. */
  recorded: Set<string>;
  /** Withdrawals settled to chain_outbound since the epoch that the window or the cut-off concerns. */
  completed: WithdrawalRecord[];
  /** Withdrawals signed or broadcast, not settled yet: the ledger still holds them. */
  inFlight: WithdrawalRecord[];
}

/** The rows the chain and wallet modules read for the books, as they give them. */
type DepositRow = Awaited<ReturnType<typeof recordedDepositsSince>>[number];
type WithdrawalRow = Awaited<ReturnType<typeof outstandingWithdrawalsSince>>[number];

export const transferKey = (txHash: string, index: number) => `${txHash.toLowerCase()}:${index}`;

/**
 * One consistent view (a repeatable-read snapshot, read only, no outside call inside): a deposit or
 * withdrawal moving between two statements would otherwise be counted twice or not at all.
 */
export async function readLedgerSide(
  db: Db,
  input: { epoch: ChainEpoch; window: { from: bigint; to: bigint }; cutoffBlock: bigint; previousAsOf: Date | null },
): Promise<LedgerSide> {
  const { epoch, window, cutoffBlock } = input;
  const network = epoch.network;
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const movement = await ledgerMovement(trx, epoch);
      const records = (
        await recordedDepositsSince(trx, { network, currency: epoch.currency, since: epoch.startedAt, afterBlock: epoch.startBlock })
      ).map(toDepositRecord);
      const withdrawals = await outstandingWithdrawalsSince(trx, {
        network: network as BindableNetwork,
        currency: epoch.currency,
        since: epoch.startedAt,
      });
      const inWindow = (block: bigint) => block >= window.from && block <= window.to;
      return {
        movement,
        credited: records.filter((d) => d.status === 'credited' && (inWindow(d.blockNumber) || d.blockNumber > cutoffBlock)),
        uncredited: records.filter((d) => d.status !== 'credited' && d.blockNumber <= cutoffBlock),
        recorded: new Set(records.map((d) => transferKey(d.txHash, d.index))),
        completed: withdrawals
          .filter((w) => w.status === 'completed')
          .map(toWithdrawalRecord)
          .filter((w) =>
            w.confirmedBlock !== null
              ? inWindow(w.confirmedBlock) || w.confirmedBlock > cutoffBlock
              : // Sent by an operator with a hash, outside the sender: placed by when it was recorded.
                w.txHash !== null && (input.previousAsOf === null || w.updatedAt > input.previousAsOf),
          ),
        inFlight: withdrawals.filter((w) => w.status !== 'completed' && w.tx_hash !== null).map(toWithdrawalRecord),
      };
    });
}

function ledgerMovement(db: Executor, epoch: ChainEpoch): Promise<string> {
  return systemMovementSince(db, {
    currency: epoch.currency,
    purposes: [
      SYSTEM_PURPOSES.chainInbound(epoch.network),
      SYSTEM_PURPOSES.chainOutbound(epoch.network),
      SYSTEM_PURPOSES.chainTreasury(epoch.network),
    ],
    since: epoch.startedAt,
  });
}

/** One deposit row by its transfer, for re-checking an open break. */
export async function depositByTransfer(db: Executor, network: string, txHash: string, index: number): Promise<DepositRecord | null> {
  const row = await recordedDepositOfTransfer(db, network, txHash, index);
  return row ? toDepositRecord(row) : null;
}

export async function withdrawalById(db: Executor, id: string): Promise<(WithdrawalRecord & { network: string }) | null> {
  const row = await findWithdrawal(db, id);
  return row ? { ...toWithdrawalRecord(row), network: row.network } : null;
}

function toDepositRecord(row: DepositRow): DepositRecord {
  return {
    id: row.id,
    txHash: row.tx_hash,
    index: row.log_index,
    amount: new Decimal(row.amount).toFixed(),
    status: row.status,
    blockNumber: BigInt(row.block_number),
    detectedAt: row.detected_at,
  };
}

function toWithdrawalRecord(row: WithdrawalRow): WithdrawalRecord {
  return {
    id: row.id,
    txHash: row.tx_hash,
    amount: new Decimal(row.amount).toFixed(),
    status: row.status,
    confirmedBlock: row.confirmed_block === null ? null : BigInt(row.confirmed_block),
    updatedAt: row.updated_at,
  };
}
