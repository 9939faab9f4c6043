import { bech32 } from '@scure/base';

/** Bech32 prefixes of native SegWit addresses per Bitcoin network. */
export const BTC_HRP = { mainnet: 'bc', testnet: 'tb', regtest: 'bcrt' } as const;
export type BtcNetwork = keyof typeof BTC_HRP;

/** The native SegWit (P2WPKH, witness version 0) address of a 20-byte public key hash. */
export function p2wpkhAddress(hash160: Uint8Array, network: BtcNetwork = 'mainnet'): string {
  if (hash160.length !== 20) throw new Error('p2wpkhAddress: a public key hash is 20 bytes');
  return bech32.encode(BTC_HRP[network], [0, ...bech32.toWords(hash160)]);
}
