import { type NodeRewardProof, verifyDpoolLine } from '@wallet/contract';

/**
 * Checks my line of a period against its published root, in the browser. Its own module, loaded on
 * demand, so the Merkle tree's code comes with the first check and no other page carries it.
 */
export function checkLine(proof: NodeRewardProof, expected: { root: string; amount: string; periodId: string }): boolean {
  return (
    proof.merkleRoot === expected.root &&
    proof.leaf[0] === expected.periodId &&
    proof.leaf[2] === expected.amount &&
    verifyDpoolLine(proof.merkleRoot, proof.leaf, proof.proof)
  );
}
