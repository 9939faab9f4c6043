/// <reference types="node" />
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  buildLevels,
  leafNode,
  PADDING,
  parentNode,
  pathOf,
  RESERVES_PROOF_VERSION,
  type ReservesLeaf,
  type ReservesProof,
  rootOf,
  type SumNode,
  saltToHex,
  toUnits,
  verifyReservesProof,
} from './reserves-tree';

/**
 * The Merkle sum tree of proof of reserves (issue 45). The small tree is recomputed here by hand with
 * node:crypto from the encoding the module documents, so a change of encoding shows as a failure.
 */

const sha = (...parts: Uint8Array[]) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest();
};
const u128 = (value: bigint) => Buffer.from(value.toString(16).padStart(32, '0'), 'hex');
const field = (text: string) => {
  const bytes = Buffer.from(text, 'utf8');
  return Buffer.concat([Buffer.of(bytes.length >> 8, bytes.length & 0xff), bytes]);
};
const byHandLeaf = (leaf: ReservesLeaf) => sha(Buffer.of(0), leaf.salt, field(leaf.uid), field(leaf.currency), u128(leaf.units));
const byHandNode = (lh: Uint8Array, ls: bigint, rh: Uint8Array, rs: bigint) => sha(Buffer.of(1), lh, u128(ls), rh, u128(rs));
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

function proofFor(levels: SumNode[][], leaves: ReservesLeaf[], index: number, balance: string): ReservesProof {
  const leaf = leaves[index] as ReservesLeaf;
  const root = rootOf(levels);
  return {
    version: RESERVES_PROOF_VERSION,
    snapshotId: '00000000-0000-0000-0000-000000000001',
    cutoffAt: '2026-01-01T00:00:00.000Z',
    currency: leaf.currency,
    leaf: { uid: leaf.uid, balance, units: leaf.units.toString(), salt: saltToHex(leaf.salt), index },
    path: pathOf(levels, index),
    root: { hash: saltToHex(root.hash), sum: root.sum.toString() },
  };
}

function randomTree(size: number) {
  const balances = Array.from({ length: size }, () => `${randomInt(0, 1_000_000)}.${String(randomInt(0, 1_000_000)).padStart(6, '0')}`);
  const leaves = balances.map((balance, i) => ({
    uid: String(10_000_000 + i),
    currency: 'USDT',
    units: toUnits(balance, 'USDT'),
    salt: randomBytes(32),
  }));
  const levels = buildLevels(leaves.map((leaf) => leafNode(leaf)));
  return { balances, leaves, levels };
}

describe('the reserves tree', () => {
  it('hashes and sums a 3-leaf tree as computed by hand, the odd place padded', () => {
    const leaves: ReservesLeaf[] = [
      { uid: '10000001', currency: 'USDT', units: 1_500_000n, salt: Buffer.alloc(32, 1) },
      { uid: '10000002', currency: 'USDT', units: 0n, salt: Buffer.alloc(32, 2) },
      { uid: '10000003', currency: 'USDT', units: 250_000_000n, salt: Buffer.alloc(32, 3) },
    ];
    const [a, b, c] = leaves.map(byHandLeaf) as [Buffer, Buffer, Buffer];
    const pad = sha(Buffer.of(2));
    const ab = byHandNode(a, 1_500_000n, b, 0n);
    const cp = byHandNode(c, 250_000_000n, pad, 0n);
    const root = byHandNode(ab, 1_500_000n, cp, 250_000_000n);

    const levels = buildLevels(leaves.map((leaf) => leafNode(leaf)));
    expect(levels.map((level) => level.length)).toEqual([3, 2, 1]);
    expect(levels[0]?.map((node) => hex(node.hash))).toEqual([hex(a), hex(b), hex(c)]);
    expect(levels[1]?.map((node) => [hex(node.hash), node.sum])).toEqual([
      [hex(ab), 1_500_000n],
      [hex(cp), 250_000_000n],
    ]);
    expect(hex(rootOf(levels).hash)).toBe(hex(root));
    expect(rootOf(levels).sum).toBe(251_500_000n);
    expect(hex(PADDING.hash)).toBe(hex(pad));
    // Leaf 2's path: its padding sibling on the right, then the left pair on the left.
    expect(pathOf(levels, 2)).toEqual([
      { side: 'right', hash: hex(pad), sum: '0' },
      { side: 'left', hash: hex(ab), sum: '1500000' },
    ]);
  });

  it('proves every leaf of a random tree, with each step the app shows', () => {
    const { balances, leaves, levels } = randomTree(37);
    for (const [i, balance] of balances.entries()) {
      const check = verifyReservesProof(proofFor(levels, leaves, i, balance), { uid: leaves[i]?.uid, balance });
      expect(check.ok, `leaf ${i}`).toBe(true);
      expect(check.steps).toHaveLength(levels.length);
      expect(check.steps[check.steps.length - 1]?.hash).toBe(hex(rootOf(levels).hash));
    }
  });

  it('fails a proof with a changed balance, sibling hash or sibling sum', () => {
    const { balances, leaves, levels } = randomTree(20);
    const proof = proofFor(levels, leaves, 5, balances[5] as string);
    const more = (units: string) => (BigInt(units) + 1n).toString();
    const changedUnits = { ...proof, leaf: { ...proof.leaf, units: more(proof.leaf.units) } };
    expect(verifyReservesProof(changedUnits).failure).toBe('balance_mismatch');
    const changedBoth = { ...changedUnits, leaf: { ...changedUnits.leaf, balance: (Number(balances[5]) + 0.000001).toFixed(6) } };
    expect(verifyReservesProof(changedBoth).failure).toBe('root_hash_mismatch');
    const flip = (h: string) => `${h[0] === '0' ? '1' : '0'}${h.slice(1)}`;
    const siblingHash = { ...proof, path: proof.path.map((s, i) => (i === 2 ? { ...s, hash: flip(s.hash) } : s)) };
    expect(verifyReservesProof(siblingHash).failure).toBe('root_hash_mismatch');
    const siblingSum = { ...proof, path: proof.path.map((s, i) => (i === 1 ? { ...s, sum: more(s.sum) } : s)) };
    expect(verifyReservesProof(siblingSum).ok).toBe(false);
    expect(verifyReservesProof({ ...proof, root: { ...proof.root, sum: more(proof.root.sum) } }).failure).toBe('root_sum_mismatch');
    expect(verifyReservesProof(proof, { balance: '1' }).failure).toBe('balance_mismatch');
    expect(verifyReservesProof(proof, { uid: '99999999' }).failure).toBe('balance_mismatch');
  });

  it('cannot commit a negative balance, and a proof claiming one does not check', () => {
    const salt = randomBytes(32);
    expect(() => leafNode({ uid: '1', currency: 'USDT', units: -1n, salt })).toThrow(RangeError);
    expect(() => toUnits('-5', 'USDT')).toThrow(RangeError);
    expect(() => parentNode({ hash: salt, sum: 5n }, { hash: salt, sum: -6n })).toThrow(RangeError);
    const { balances, leaves, levels } = randomTree(4);
    const proof = proofFor(levels, leaves, 0, balances[0] as string);
    expect(verifyReservesProof({ ...proof, leaf: { ...proof.leaf, balance: '-1', units: '-1000000' } }).ok).toBe(false);
    const negativeSibling = { ...proof, path: proof.path.map((s, i) => (i === 0 ? { ...s, sum: '-1' } : s)) };
    expect(verifyReservesProof(negativeSibling).failure).toBe('malformed');
  });

  it('defeats the max-instead-of-sum trick: a parent claiming the larger child sum does not reach the root', () => {
    // The prover hides liabilities by giving a parent the larger child's sum, not the total.
    const leaves: ReservesLeaf[] = [
      { uid: '1', currency: 'USDT', units: 10n, salt: randomBytes(32) },
      { uid: '2', currency: 'USDT', units: 7n, salt: randomBytes(32) },
    ];
    const [l, r] = leaves.map((leaf) => leafNode(leaf)) as [SumNode, SumNode];
    const honest = parentNode(l, r);
    const cheat: SumNode = { hash: sha(Buffer.of(1), l.hash, u128(l.sum), r.hash, u128(r.sum)), sum: 10n };
    // Same hash as the honest node (the sums are inside it), so a root claiming 10 fails the sum check.
    expect(hex(cheat.hash)).toBe(hex(honest.hash));
    const proof = proofFor([[l, r], [honest]], leaves, 1, '0.000007');
    expect(verifyReservesProof(proof).ok).toBe(true);
    expect(verifyReservesProof({ ...proof, root: { ...proof.root, sum: '10' } }).failure).toBe('root_sum_mismatch');
    // A sibling claiming a smaller sum (so the parent shows max) changes the hash: the root does not match.
    expect(
      verifyReservesProof({
        ...proof,
        path: [{ ...(proof.path[0] as ReservesProof['path'][number]), sum: '3' }],
        root: { ...proof.root, sum: '10' },
      }).failure,
    ).toBe('root_hash_mismatch');
  });
});
