import { hexToTronAddress, tronAddressToHex } from '@wallet/contract';

/**
 * TRON addresses are the same 20-byte account ids as EVM ones, shown as base58check of 0x41 + id
 * ("T..."). TRON's Ethereum-compatible JSON-RPC speaks the 0x form; users and TronScan the T form.
 * Converted with the contract's base58check (@scure/base), so reading TRON does not load tronweb.
 */
export const tronToHex = tronAddressToHex;
export const hexToTron = hexToTronAddress;

/** TRON transaction ids are 64 hex digits without 0x (as TronScan shows them); JSON-RPC adds 0x. */
export function tronTxId(hash: string): string {
  return hash.replace(/^0x/i, '').toLowerCase();
}
