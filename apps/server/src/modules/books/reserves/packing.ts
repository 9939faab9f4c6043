import { createHash } from 'node:crypto';
import type { SumNode } from '@wallet/contract';

/** A stored level is node_count × 48 bytes: each node's 32-byte hash, then its sum as a 16-byte big-endian integer. */
export const NODE_BYTES = 48;
const LOW = (1n << 64n) - 1n;

export function packLevel(nodes: readonly SumNode[]): Buffer {
  const out = Buffer.allocUnsafe(nodes.length * NODE_BYTES);
  for (const [i, node] of nodes.entries()) {
    const at = i * NODE_BYTES;
    out.set(node.hash, at);
    out.writeBigUInt64BE(node.sum >> 64n, at + 32);
    out.writeBigUInt64BE(node.sum & LOW, at + 40);
  }
  return out;
}

export function unpackNode(bytes: Uint8Array): SumNode {
  if (bytes.length !== NODE_BYTES) throw new Error(`reserves: a stored node is ${NODE_BYTES} bytes, not ${bytes.length}`);
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  return { hash: buffer.subarray(0, 32), sum: (buffer.readBigUInt64BE(32) << 64n) | buffer.readBigUInt64BE(40) };
}

/** Node's SHA-256 for building trees: the same bytes as the contract's, several times faster on a million leaves. */
export const nodeSha256 = (data: Uint8Array): Uint8Array => createHash('sha256').update(data).digest();
