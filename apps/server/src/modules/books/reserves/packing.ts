import { hash } from 'node:crypto';
import { MAX_SUM, PADDING, type SumNode, TREE_DOMAIN } from '@wallet/contract';

/** A stored level is node_count × 48 bytes: each node's 32-byte hash, then its sum as a 16-byte big-endian integer. */
export const NODE_BYTES = 48;
const LOW = (1n << 64n) - 1n;

/** Node's one-shot SHA-256: the same bytes as the contract's, without a hash object per node of a million-leaf tree. */
export const nodeSha256 = (data: Uint8Array): Uint8Array => hash('sha256', data, 'buffer');

export function putNode(level: Buffer, index: number, node: SumNode): void {
  const at = index * NODE_BYTES;
  level.set(node.hash, at);
  level.writeBigUInt64BE(node.sum >> 64n, at + 32);
  level.writeBigUInt64BE(node.sum & LOW, at + 40);
}

const sumAt = (level: Buffer, index: number): bigint =>
  (level.readBigUInt64BE(index * NODE_BYTES + 32) << 64n) | level.readBigUInt64BE(index * NODE_BYTES + 40);

export function packLevel(nodes: readonly SumNode[]): Buffer {
  const out = Buffer.allocUnsafe(nodes.length * NODE_BYTES);
  for (const [i, node] of nodes.entries()) putNode(out, i, node);
  return out;
}

export function unpackNode(bytes: Uint8Array): SumNode {
  if (bytes.length !== NODE_BYTES) throw new Error(`reserves: a stored node is ${NODE_BYTES} bytes, not ${bytes.length}`);
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  return { hash: buffer.subarray(0, 32), sum: sumAt(buffer, 0) };
}

const PADDING_PACKED = packLevel([PADDING]);

/**
 * Every level of the tree from its packed leaves (level 0) to the root, each packed as it is stored:
 * node for node the contract's buildLevels, without an object per node, which on a million leaves
 * leaves most of the time to the garbage collector. A parent hashes its domain byte and then exactly
 * its two children's packed bytes (hash and sum each), so those are copied as they lie.
 */
export function buildPackedLevels(leaves: Buffer): Buffer[] {
  if (leaves.length % NODE_BYTES !== 0) throw new Error(`reserves: packed leaves are whole ${NODE_BYTES}-byte nodes`);
  const first = leaves.length > 0 ? leaves : PADDING_PACKED;
  const levels = [first];
  const input = Buffer.alloc(1 + 2 * NODE_BYTES);
  input[0] = TREE_DOMAIN.node;
  for (let level = first; level.length > NODE_BYTES; ) {
    const count = level.length / NODE_BYTES;
    const next = Buffer.allocUnsafe(Math.ceil(count / 2) * NODE_BYTES);
    for (let i = 0; i < count; i += 2) {
      const right = i + 1 < count;
      level.copy(input, 1, i * NODE_BYTES, (i + 1) * NODE_BYTES);
      if (right) level.copy(input, 1 + NODE_BYTES, (i + 1) * NODE_BYTES, (i + 2) * NODE_BYTES);
      else PADDING_PACKED.copy(input, 1 + NODE_BYTES);
      const sum = sumAt(level, i) + (right ? sumAt(level, i + 1) : 0n);
      if (sum > MAX_SUM) throw new RangeError('reserves tree: a sum past 128 bits cannot be committed');
      putNode(next, i / 2, { hash: nodeSha256(input), sum });
    }
    levels.push(next);
    level = next;
  }
  return levels;
}
