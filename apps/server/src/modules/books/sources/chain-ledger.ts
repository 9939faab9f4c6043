import { Decimal } from '@wallet/contract';
import { sql } from 'kysely';
import type { Db, Executor } from '../../../platform/db/database';
import { SYSTEM_PURPOSES, systemMovementSince } from '../../ledger';
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
      const deposits = await trx
        .selectFrom('chain_deposits')
        .select(['id', 'tx_hash', 'log_index', 'amount', 'status', 'block_number', 'detected_at'])
        .where('network', '=', network)
        .where('currency', '=', epoch.currency)
        .where('detected_at', '>=', epoch.startedAt)
        .where(sql<boolean>`block_number::numeric > ${epoch.startBlock.toString()}::numeric`)
        .where('status', '<>', 'dropped')
        .execute();
      const records = deposits.map(
        (d): DepositRecord => ({
          id: d.id,
          txHash: d.tx_hash,
          index: d.log_index,
          amount: new Decimal(d.amount).toFixed(),
          status: d.status,
          blockNumber: BigInt(d.block_number),
          detectedAt: d.detected_at,
        }),
      );
      const withdrawals = await trx
        .selectFrom('withdrawals')
        .select(['id', 'tx_hash', 'amount', 'status', 'confirmed_block', 'updated_at'])
        .where('network', '=', network as 'BSC' | 'TRON')
        .where('currency', '=', epoch.currency)
        .where((eb) =>
          eb.or([
            eb('status', 'in', ['sending', 'confirming']),
            eb.and([eb('status', '=', 'completed'), eb('updated_at', '>=', epoch.startedAt)]),
          ]),
        )
        .execute();
      const asRecord = (w: (typeof withdrawals)[number]): WithdrawalRecord => ({
        id: w.id,
        txHash: w.tx_hash,
        amount: new Decimal(w.amount).toFixed(),
        status: w.status,
        confirmedBlock: w.confirmed_block === null ? null : BigInt(w.confirmed_block),
        updatedAt: w.updated_at,
      });
      const inWindow = (block: bigint) => block >= window.from && block <= window.to;
      return {
        movement,
        credited: records.filter((d) => d.status === 'credited' && (inWindow(d.blockNumber) || d.blockNumber > cutoffBlock)),
        uncredited: records.filter((d) => d.status !== 'credited' && d.blockNumber <= cutoffBlock),
        recorded: new Set(records.map((d) => transferKey(d.txHash, d.index))),
        completed: withdrawals
          .filter((w) => w.status === 'completed')
          .map(asRecord)
          .filter((w) =>
            w.confirmedBlock !== null
              ? inWindow(w.confirmedBlock) || w.confirmedBlock > cutoffBlock
              : // Sent by an operator with a hash, outside the sender: placed by when it was recorded.
                w.txHash !== null && (input.previousAsOf === null || w.updatedAt > input.previousAsOf),
          ),
        inFlight: withdrawals.filter((w) => w.status !== 'completed' && w.tx_hash !== null).map(asRecord),
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
  const row = await db
    .selectFrom('chain_deposits')
    .select(['id', 'tx_hash', 'log_index', 'amount', 'status', 'block_number', 'detected_at'])
    .where('network', '=', network)
    .where(sql<boolean>`lower(tx_hash) = ${txHash.toLowerCase()}`)
    .where('log_index', '=', index)
    .where('status', '<>', 'dropped')
    .executeTakeFirst();
  return row
    ? {
        id: row.id,
        txHash: row.tx_hash,
        index: row.log_index,
        amount: new Decimal(row.amount).toFixed(),
        status: row.status,
        blockNumber: BigInt(row.block_number),
        detectedAt: row.detected_at,
      }
    : null;
}

export async function withdrawalById(db: Executor, id: string): Promise<(WithdrawalRecord & { network: string }) | null> {
  const row = await db
    .selectFrom('withdrawals')
    .select(['id', 'network', 'tx_hash', 'amount', 'status', 'confirmed_block', 'updated_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row
    ? {
        id: row.id,
        network: row.network,
        txHash: row.tx_hash,
        amount: new Decimal(row.amount).toFixed(),
        status: row.status,
        confirmedBlock: row.confirmed_block === null ? null : BigInt(row.confirmed_block),
        updatedAt: row.updated_at,
      }
    : null;
}
