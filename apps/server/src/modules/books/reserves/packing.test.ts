import { randomBytes, randomInt } from 'node:crypto';
import { buildLevels, leafNode, PADDING, type SumNode } from '@wallet/contract';
import { describe, expect, it } from 'vitest';
import { buildPackedLevels, NODE_BYTES, nodeSha256, packLevel, unpackNode } from './packing';

const randomLeaves = (count: number, units: () => bigint): SumNode[] =>
  Array.from({ length: count }, (_, i) =>
    leafNode({ uid: String(10_000_000 + i), currency: 'USDT', units: units(), salt: randomBytes(32) }),
  );

describe('the packed tree the server builds', () => {
  it('is the contract’s tree level for level, node for node, on trees of every small shape and on random ones', () => {
    const sizes = [0, 1, 2, 3, 4, 5, 7, 8, 9, 31, 32, 33, ...Array.from({ length: 20 }, () => randomInt(34, 3000))];
    for (const size of sizes) {
      const leaves = randomLeaves(size, () => BigInt(randomInt(0, 2 ** 47)) * BigInt(randomInt(1, 2 ** 40)));
      const expected = buildLevels(leaves).map(packLevel);
      const packed = buildPackedLevels(packLevel(leaves));
      expect(
        packed.map((level) => level.toString('hex')),
        `${size} leaves`,
      ).toEqual(expected.map((level) => level.toString('hex')));
    }
  });

  it('has the padding alone as the root of an empty tree', () => {
    const levels = buildPackedLevels(Buffer.alloc(0));
    expect(levels).toHaveLength(1);
    expect(unpackNode(levels[0] as Buffer)).toEqual({ hash: Buffer.from(PADDING.hash), sum: 0n });
  });

  it('refuses a sum past 128 bits, as the contract does', () => {
    const max = (1n << 127n) + 1n;
    const leaves = randomLeaves(2, () => max);
    expect(() => buildLevels(leaves, nodeSha256)).toThrow(/128 bits/);
    expect(() => buildPackedLevels(packLevel(leaves))).toThrow(/128 bits/);
  });

  it('refuses leaves that are not whole nodes', () => {
    expect(() => buildPackedLevels(Buffer.alloc(NODE_BYTES + 1))).toThrow(/whole/);
  });
});
