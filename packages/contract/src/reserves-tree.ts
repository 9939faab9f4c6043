import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { CURRENCIES, type Currency } from './currencies';

/**
 * Proof of reserves: a Merkle sum tree of what the platform owes, one leaf per member and currency
 * (issue 45, ADR 0037). The same code builds the tree on the server and checks a member's proof in
 * the app and in `npm run verify-proof`, so the three can never disagree on an encoding.
 *
 * - A leaf commits to a fresh random salt, the member's UID, the currency and the balance in the
 *   currency's smallest unit. The salt is new per member and snapshot: two days' proofs cannot be linked,
 *   and a leaf's hash says nothing about who or how much without it.
 * - An inner node hashes both children's hashes and both sums, H(hL, sumL, hR, sumR): a parent cannot
 *   claim the larger child's sum instead of the total (the "max" attack on sum trees), because both sums
 *   are inside the hash the root commits to.
 * - Sums are unsigned 128-bit integers: a negative balance or a sum that wraps cannot be encoded at all.
 * - Domain bytes (0 leaf, 1 node, 2 padding) keep a leaf from ever being read as a node.
 */

export const RESERVES_PROOF_VERSION = 1;
/** Sums are unsigned 128-bit integers. */
export const MAX_SUM = (1n << 128n) - 1n;
const SALT_BYTES = 32;
/** Domain bytes that open every hashed input: a leaf, an inner node, the padding. */
export const TREE_DOMAIN = { leaf: 0, node: 1, padding: 2 } as const;

/**
 * SHA-256 of some bytes. The contract's own is @noble/hashes (it runs in the app); the server passes
 * Node's, which gives the same bytes faster when a million members are hashed.
 */
export type Sha256 = (data: Uint8Array) => Uint8Array;

export interface SumNode {
  hash: Uint8Array;
  sum: bigint;
}

export interface ReservesLeaf {
  uid: string;
  currency: string;
  /** In the currency's smallest unit: never negative. */
  units: bigint;
  /** 32 random bytes, fresh per member and snapshot. */
  salt: Uint8Array;
}

/** One step up from the leaf: the sibling's hash and sum, and on which side it sits. */
export interface ProofStep {
  side: 'left' | 'right';
  hash: string;
  sum: string;
}

/** A member's inclusion proof, as the app receives it and as a member downloads it. */
export interface ReservesProof {
  version: number;
  snapshotId: string;
  cutoffAt: string;
  currency: string;
  leaf: { uid: string; balance: string; units: string; salt: string; index: number };
  path: ProofStep[];
  root: { hash: string; sum: string };
}

function u128(value: bigint): Uint8Array {
  if (value < 0n) throw new RangeError('reserves tree: a negative sum cannot be committed');
  if (value > MAX_SUM) throw new RangeError('reserves tree: a sum past 128 bits cannot be committed');
  const out = new Uint8Array(16);
  let rest = value;
  for (let i = 15; i >= 0; i--) {
    out[i] = Number(rest & 0xffn);
    rest >>= 8n;
  }
  return out;
}

/** Length-prefixed, so ("ab", "c") and ("a", "bc") never hash alike. */
function field(text: string): Uint8Array {
  const bytes = utf8ToBytes(text);
  if (bytes.length > 0xffff) throw new RangeError('reserves tree: field too long');
  const out = new Uint8Array(2 + bytes.length);
  out[0] = bytes.length >> 8;
  out[1] = bytes.length & 0xff;
  out.set(bytes, 2);
  return out;
}

function join(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

export function leafNode(leaf: ReservesLeaf, hasher: Sha256 = sha256): SumNode {
  if (leaf.salt.length !== SALT_BYTES) throw new RangeError('reserves tree: a salt is 32 bytes');
  const hash = hasher(join([Uint8Array.of(TREE_DOMAIN.leaf), leaf.salt, field(leaf.uid), field(leaf.currency), u128(leaf.units)]));
  return { hash, sum: leaf.units };
}

export function parentNode(left: SumNode, right: SumNode, hasher: Sha256 = sha256): SumNode {
  const sum = left.sum + right.sum;
  u128(sum);
  const hash = hasher(join([Uint8Array.of(TREE_DOMAIN.node), left.hash, u128(left.sum), right.hash, u128(right.sum)]));
  return { hash, sum };
}

/** What fills the last place of a level with an odd count: owes nothing, and is no one's leaf. */
export const PADDING: SumNode = { hash: sha256(Uint8Array.of(TREE_DOMAIN.padding)), sum: 0n };

/**
 * Every level from the leaves (0) to the root (last, one node). An empty tree is the padding alone,
 * so "no liabilities" still has a root that says 0.
 */
export function buildLevels(leaves: readonly SumNode[], hasher: Sha256 = sha256): SumNode[][] {
  const levels: SumNode[][] = [leaves.length > 0 ? [...leaves] : [PADDING]];
  for (let level = levels[0] as SumNode[]; level.length > 1; ) {
    const next: SumNode[] = new Array(Math.ceil(level.length / 2));
    for (let i = 0; i < level.length; i += 2) next[i / 2] = parentNode(level[i] as SumNode, level[i + 1] ?? PADDING, hasher);
    levels.push(next);
    level = next;
  }
  return levels;
}

export const rootOf = (levels: readonly SumNode[][]): SumNode => (levels[levels.length - 1] as SumNode[])[0] as SumNode;

/** The siblings from the leaf at `index` up to the root. */
export function pathOf(levels: readonly SumNode[][], index: number): ProofStep[] {
  const path: ProofStep[] = [];
  let at = index;
  for (let depth = 0; depth < levels.length - 1; depth++) {
    const level = levels[depth] as SumNode[];
    const siblingIndex = at ^ 1;
    const sibling = level[siblingIndex] ?? PADDING;
    path.push({ side: siblingIndex < at ? 'left' : 'right', hash: bytesToHex(sibling.hash), sum: sibling.sum.toString() });
    at >>= 1;
  }
  return path;
}

/** A decimal balance in the currency's smallest unit; refuses what is negative or finer than the currency. */
export function toUnits(balance: string, currency: Currency): bigint {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(balance);
  if (!match) throw new RangeError(`reserves tree: ${balance} is not a balance that can be committed`);
  const precision = CURRENCIES[currency].precision;
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > precision) throw new RangeError(`reserves tree: ${balance} is finer than ${currency} allows`);
  return BigInt(`${match[1]}${fraction.padEnd(precision, '0')}`);
}

export function fromUnits(units: bigint, currency: Currency): string {
  const precision = CURRENCIES[currency].precision;
  if (precision === 0) return units.toString();
  const digits = units.toString().padStart(precision + 1, '0');
  const whole = digits.slice(0, -precision);
  const fraction = digits.slice(-precision).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

/** What a check found wrong, as a stable code the app and the command line put in words. */
export type ProofFailure =
  | 'malformed'
  | 'unknown_currency'
  | 'balance_mismatch'
  | 'negative_or_too_large'
  | 'root_hash_mismatch'
  | 'root_sum_mismatch';

export interface ProofCheck {
  ok: boolean;
  /** Each step's node as recomputed, leaf first: what the proof screen shows was checked. */
  steps: Array<{ hash: string; sum: string }>;
  failure?: ProofFailure;
}

const HEX64 = /^[0-9a-f]{64}$/;
const UNITS = /^\d{1,39}$/;

/**
 * Checks a proof from the leaf up: recomputes the leaf from the member's own UID, balance and salt,
 * then each parent with the sibling the proof gives, and compares the result with the published root,
 * hash and sum. Reads nothing but the proof; an `expect` names what the member knows independently
 * (their UID and balance as the app shows them), which the leaf must match.
 */
export function verifyReservesProof(proof: ReservesProof, expect?: { uid?: string; balance?: string }): ProofCheck {
  const steps: ProofCheck['steps'] = [];
  const fail = (failure: ProofFailure): ProofCheck => ({ ok: false, steps, failure });
  try {
    if (!proof || proof.version !== RESERVES_PROOF_VERSION || !Array.isArray(proof.path) || !proof.leaf || !proof.root)
      return fail('malformed');
    if (!Object.hasOwn(CURRENCIES, proof.currency)) return fail('unknown_currency');
    const currency = proof.currency as Currency;
    if (!HEX64.test(proof.leaf.salt) || !UNITS.test(proof.leaf.units) || !HEX64.test(proof.root.hash) || !UNITS.test(proof.root.sum))
      return fail('malformed');
    const units = BigInt(proof.leaf.units);
    if (toUnits(proof.leaf.balance, currency) !== units) return fail('balance_mismatch');
    if (expect?.uid !== undefined && expect.uid !== proof.leaf.uid) return fail('balance_mismatch');
    if (expect?.balance !== undefined && toUnits(expect.balance, currency) !== units) return fail('balance_mismatch');
    let node = leafNode({ uid: proof.leaf.uid, currency, units, salt: hexToBytes(proof.leaf.salt) });
    steps.push({ hash: bytesToHex(node.hash), sum: node.sum.toString() });
    for (const step of proof.path) {
      if (!HEX64.test(step.hash) || !UNITS.test(step.sum) || (step.side !== 'left' && step.side !== 'right')) return fail('malformed');
      const sibling = { hash: hexToBytes(step.hash), sum: BigInt(step.sum) };
      node = step.side === 'left' ? parentNode(sibling, node) : parentNode(node, sibling);
      steps.push({ hash: bytesToHex(node.hash), sum: node.sum.toString() });
    }
    if (bytesToHex(node.hash) !== proof.root.hash) return fail('root_hash_mismatch');
    if (node.sum.toString() !== proof.root.sum) return fail('root_sum_mismatch');
    return { ok: true, steps };
  } catch (error) {
    if (error instanceof RangeError) return fail(/balance/.test(error.message) ? 'balance_mismatch' : 'negative_or_too_large');
    return fail('malformed');
  }
}

export const saltToHex = bytesToHex;
