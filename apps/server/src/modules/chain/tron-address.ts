import { TronWeb } from 'tronweb';

/**
 * TRON addresses are the same 20-byte account ids as EVM ones, shown as base58check of 0x41 + id
 * ("T..."). TRON's Ethereum-compatible JSON-RPC speaks the 0x form; users and TronScan the T form.
 */
export function tronToHex(address: string): `0x${string}` {
  if (!TronWeb.isAddress(address)) throw new Error(`not a TRON address: ${address}`);
  return `0x${TronWeb.address.toHex(address).slice(2).toLowerCase()}`;
}

export function hexToTron(address: string): string {
  return TronWeb.address.fromHex(`41${address.replace(/^0x/i, '').toLowerCase()}`);
}

/** TRON transaction ids are 64 hex digits without 0x (as TronScan shows them); JSON-RPC adds 0x. */
export function tronTxId(hash: string): string {
  return hash.replace(/^0x/i, '').toLowerCase();
}
