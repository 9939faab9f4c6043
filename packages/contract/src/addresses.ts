import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { createBase58check } from '@scure/base';
import type { BindableNetwork } from './networks';

const base58check = createBase58check(sha256);
const TRON_PREFIX = 0x41;

/** A TRON address: base58check of 0x41 followed by the 20-byte account id ("T..." form). */
export function isTronAddress(value: string): boolean {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(value)) return false;
  try {
    const bytes = base58check.decode(value);
    return bytes.length === 21 && bytes[0] === TRON_PREFIX;
  } catch {
    return false;
  }
}

/** The 0x form (lower case) of the account id inside a TRON address, as TRON's JSON-RPC speaks it. */
export function tronAddressToHex(address: string): `0x${string}` {
  if (!isTronAddress(address)) throw new Error(`not a TRON address: ${address}`);
  return `0x${bytesToHex(base58check.decode(address).subarray(1))}`;
}

/** The T form of a 20-byte account id given in 0x form. */
export function hexToTronAddress(hex: string): string {
  const body = hex.replace(/^0x/i, '');
  if (!/^[0-9a-fA-F]{40}$/.test(body)) throw new Error(`not a 20-byte account id: ${hex}`);
  return base58check.encode(Uint8Array.of(TRON_PREFIX, ...hexToBytes(body.toLowerCase())));
}

/** The EIP-55 mixed-case checksum form of a 0x address. */
export function toChecksumAddress(value: string): string {
  const lower = value.slice(2).toLowerCase();
  const hash = bytesToHex(keccak_256(utf8ToBytes(lower)));
  let out = '0x';
  for (let i = 0; i < lower.length; i++) {
    out += Number.parseInt(hash.charAt(i), 16) >= 8 ? lower.charAt(i).toUpperCase() : lower.charAt(i);
  }
  return out;
}

/**
 * A BSC (EVM) address. Mixed case carries an EIP-55 checksum, which must match; an all-lower or
 * all-upper address carries none and is accepted as wallets print it.
 */
export function isEvmAddress(value: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(value)) return false;
  const body = value.slice(2);
  if (body === body.toLowerCase() || body === body.toUpperCase()) return true;
  return toChecksumAddress(value) === value;
}

export function isAddressOf(network: BindableNetwork, value: string): boolean {
  return network === 'TRON' ? isTronAddress(value) : isEvmAddress(value);
}

/** The one form we store and show: TRON as given, EVM in checksum form. */
export function normalizeAddress(network: BindableNetwork, value: string): string {
  return network === 'TRON' ? value : toChecksumAddress(value);
}
