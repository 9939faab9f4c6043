import { StandardMerkleTree } from '@openzeppelin/merkle-tree';

/**
 * The D-pool reward's Merkle tree: OpenZeppelin's standard tree (the one airdrop claims use) over
 * (period id, member UID, amount paid) lines, so a holder checks their own line against the period's
 * published root with the proof the app shows, here or with any tool that reads that format.
 */
export const DPOOL_LEAF_ENCODING = ['string', 'string', 'string'];
export type DpoolLeaf = [periodId: string, uid: string, amount: string];

export function dpoolTree(leaves: DpoolLeaf[]): { root: string; proofs: string[][] } {
  if (leaves.length === 0) return { root: '', proofs: [] };
  const tree = StandardMerkleTree.of(leaves, DPOOL_LEAF_ENCODING, { sortLeaves: false });
  return { root: tree.root, proofs: leaves.map((_, index) => tree.getProof(index)) };
}

export function verifyDpoolLine(root: string, leaf: DpoolLeaf, proof: string[]): boolean {
  try {
    return StandardMerkleTree.verify(root, DPOOL_LEAF_ENCODING, leaf, proof);
  } catch {
    return false;
  }
}
