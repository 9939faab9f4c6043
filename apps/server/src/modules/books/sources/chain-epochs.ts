import { Decimal } from '@wallet/contract';
import type { Executor } from '../../../platform/db/database';

/**
 * Where a network's books start: the wallet's opening balance at a block (recon_chain_epochs). The
 * chain source counts ledger entries and transfers only from the latest epoch on. The local chain
 * records one at each start (it begins afresh while the database does not); in production an
 * operator records the opening balance once, when a network's wallets are first put in the books.
 */
export interface ChainEpoch {
  id: string;
  network: string;
  currency: string;
  address: string;
  /** The opening balance is the wallet's balance at the end of this block; transfers count from the next. */
  startBlock: bigint;
  opening: string;
  reason: string;
  startedAt: Date;
}

export async function recordEpoch(
  db: Executor,
  epoch: { network: string; currency: string; address: string; startBlock: bigint; opening: string; reason: string },
): Promise<ChainEpoch> {
  const opening = new Decimal(epoch.opening);
  if (opening.isNeg() || !opening.isFinite()) throw new Error(`opening balance must be a non-negative decimal, not ${epoch.opening}`);
  if (epoch.startBlock < 0n) throw new Error('start block must not be negative');
  const row = await db
    .insertInto('recon_chain_epochs')
    .values({
      network: epoch.network,
      currency: epoch.currency,
      address: epoch.address,
      start_block: epoch.startBlock.toString(),
      opening: opening.toFixed(),
      reason: epoch.reason,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toEpoch(row);
}

export async function latestEpoch(db: Executor, network: string, currency: string): Promise<ChainEpoch | null> {
  const row = await db
    .selectFrom('recon_chain_epochs')
    .selectAll()
    .where('network', '=', network)
    .where('currency', '=', currency)
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? toEpoch(row) : null;
}

function toEpoch(row: {
  id: string;
  network: string;
  currency: string;
  address: string;
  start_block: string;
  opening: string;
  reason: string;
  started_at: Date;
}): ChainEpoch {
  return {
    id: row.id,
    network: row.network,
    currency: row.currency,
    address: row.address,
    startBlock: BigInt(row.start_block),
    opening: new Decimal(row.opening).toFixed(),
    reason: row.reason,
    startedAt: row.started_at,
  };
}
