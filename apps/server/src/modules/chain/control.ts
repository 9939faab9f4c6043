import type { Network } from '@wallet/contract';
import { type Hex, verifyMessage } from 'viem';

/**
 * Checks a proof-of-reserves signature: that `signature` over `message` was made by the key of
 * `address`. TRON signatures are TRON's signMessageV2 (tron-sender.ts); every other network's are
 * Ethereum's personal_sign (EIP-191). False, never a throw, for a signature that does not check.
 */
export async function verifyControl(network: Network, address: string, message: string, signature: string): Promise<boolean> {
  try {
    if (network === 'TRON') {
      const { Trx } = await import('tronweb');
      return Trx.verifyMessageV2(message, signature) === address;
    }
    // BTC is watch-only here (users' addresses from an xpub): no key of ours signs for it.
    if (network === 'BTC') return false;
    return await verifyMessage({ address: address as Hex, message, signature: signature as Hex });
  } catch {
    return false;
  }
}
