import type { Network } from '@wallet/contract';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';

export async function checkpoint(db: Db, network: Network) {
  return db.selectFrom('chain_checkpoints').select(['next_block', 'head_block']).where('network', '=', network).executeTakeFirst();
}

/** Moves the checkpoint forward only: an older, slower scan finishing late never moves it back. */
export async function saveCheckpoint(db: Db, network: Network, nextBlock: bigint, head: bigint, now: Date) {
  await db
    .insertInto('chain_checkpoints')
    .values({ network, next_block: nextBlock.toString(), head_block: head.toString(), updated_at: now })
    .onConflict((oc) =>
      oc.column('network').doUpdateSet({
        next_block: sql`greatest(chain_checkpoints.next_block, excluded.next_block)`,
        head_block: sql`greatest(chain_checkpoints.head_block, excluded.head_block)`,
        updated_at: now,
      }),
    )
    .execute();
}

export interface NewDeposit {
  network: Network;
  currency: string;
  tx_hash: string;
  log_index: number;
  from_address: string;
  to_address: string;
  amount: string;
  raw_amount: string;
  block_number: string;
  block_hash: string;
  user_id: string | null;
  attributed_by: string | null;
}

/**
 * Records transfers seen on chain, once each (unique network, tx hash, log index). Seen again in
 * another block (the chain reorganised and mined it again), a deposit not yet credited follows its
 * new block; a dropped one comes back to confirming.
 */
export async function upsertDeposits(db: Db, rows: NewDeposit[], now: Date): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('chain_deposits')
    .values(rows.map((r) => ({ ...r, status: 'confirming' as const, detected_at: now, updated_at: now })))
    .onConflict((oc) =>
      oc
        .columns(['network', 'tx_hash', 'log_index'])
        .doUpdateSet({
          block_number: sql`excluded.block_number`,
          block_hash: sql`excluded.block_hash`,
          status: 'confirming',
          note: null,
          updated_at: now,
        })
        .where((eb) =>
          eb.or([
            eb('chain_deposits.status', '=', 'dropped'),
            eb.and([eb('chain_deposits.status', '=', 'confirming'), eb('chain_deposits.block_hash', '<>', eb.ref('excluded.block_hash'))]),
          ]),
        ),
    )
    .execute();
}
