import { type Currency, fromUnits, PADDING, type ProofStep, RESERVES_PROOF_VERSION, type ReservesProof, saltToHex } from '@wallet/contract';
import { sql } from 'kysely';
import type { Db, Executor } from '../../../platform/db/database';
import { memberUidsSql } from '../../auth/service';
import { NODE_BYTES, unpackNode } from './packing';

/**
 * A member's inclusion proofs in one snapshot, one per currency they hold: their leaf row, then per
 * level only the 48 bytes of the sibling (a substring of the stored level, never the whole level), and
 * the root. A sibling past a level's end is the padding, as the tree was built.
 */
/** Where a leaf's sibling sits in a stored level, in bytes; SQL's substring reads the same 48 bytes (1-based). */
export const siblingOffset = (leafIndex: number, level: number) => ((leafIndex >> level) ^ 1) * NODE_BYTES;

/** One step of the path from the sibling's stored bytes; none (past the level's end) is the padding. */
export function stepAt(leafIndex: number, level: number, sibling: Uint8Array): ProofStep {
  const at = leafIndex >> level;
  const node = sibling.length === NODE_BYTES ? unpackNode(sibling) : PADDING;
  return { side: (at ^ 1) < at ? 'left' : 'right', hash: saltToHex(node.hash), sum: node.sum.toString() };
}

export async function proofsOf(db: Db | Executor, snapshotId: string, userId: string): Promise<ReservesProof[]> {
  const leaves = await db
    .selectFrom('reserves_leaves as l')
    .innerJoin('reserves_snapshots as s', 's.id', 'l.snapshot_id')
    .innerJoin(memberUidsSql().as('u'), 'u.id', 'l.user_id')
    .select(['l.currency', 'l.leaf_index', 'l.salt', 'l.units', 'u.uid', 's.cutoff_at'])
    .where('l.snapshot_id', '=', snapshotId)
    .where('l.user_id', '=', userId)
    .orderBy('l.currency')
    .execute();
  const proofs: ReservesProof[] = [];
  for (const leaf of leaves) {
    const levels = await sql<{ level: number; node_count: number; sibling: Buffer; root: Buffer | null }>`
      select level, node_count,
        substring(nodes from ((${leaf.leaf_index}::int >> level) # 1) * ${NODE_BYTES} + 1 for ${NODE_BYTES}) as sibling,
        case when node_count = 1 then substring(nodes from 1 for ${NODE_BYTES}) end as root
      from reserves_levels where snapshot_id = ${snapshotId} and currency = ${leaf.currency} order by level`.execute(db);
    const top = levels.rows[levels.rows.length - 1];
    if (!top?.root) throw new Error(`reserves: snapshot ${snapshotId} has no ${leaf.currency} root`);
    const root = unpackNode(top.root);
    const currency = leaf.currency as Currency;
    proofs.push({
      version: RESERVES_PROOF_VERSION,
      snapshotId,
      cutoffAt: leaf.cutoff_at.toISOString(),
      currency,
      leaf: {
        uid: leaf.uid,
        balance: fromUnits(BigInt(leaf.units), currency),
        units: BigInt(leaf.units).toString(),
        salt: saltToHex(leaf.salt),
        index: leaf.leaf_index,
      },
      path: levels.rows.slice(0, -1).map((row) => stepAt(leaf.leaf_index, row.level, row.sibling)),
      root: { hash: saltToHex(root.hash), sum: root.sum.toString() },
    });
  }
  return proofs;
}
