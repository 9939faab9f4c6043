import { type BindableNetwork, isAddressOf, type Network } from '@wallet/contract';

/**
 * What a scanned QR code says about a destination: an address, and the network its URI names
 * (null for a bare address, which names none; 'unknown' for an EVM chain this wallet does not serve).
 */
export type ScannedAddress = { address: string; network: Network | 'unknown' | null };

/** EIP-155 chain ids of the EVM networks the wallet knows. */
const CHAIN_NETWORKS: Readonly<Record<string, Network>> = { '1': 'ETH', '56': 'BSC' };

/** URI schemes wallets put before an address, and the network each one means. */
const SCHEME_NETWORKS: Readonly<Record<string, Network>> = { tron: 'TRON', bsc: 'BSC', bitcoin: 'BTC' };

/**
 * Reads a wallet QR code: a bare address, "tron:T…?amount=…", "bsc:0x…", "bitcoin:…", or an EIP-681
 * "ethereum:0x…@56" (Ethereum when no chain is named). An ERC-20 transfer request
 * ("ethereum:<token>@56/transfer?address=0x…") pays the `address` parameter, not the token contract.
 * Null for anything else (a web link, a sentence).
 */
export function readScannedAddress(text: string): ScannedAddress | null {
  const value = text.trim();
  if (value === '' || /\s/.test(value)) return null;
  const scheme = /^([a-z][a-z0-9+.-]*):(.*)$/i.exec(value);
  if (!scheme) return { address: value, network: null };
  const name = (scheme[1] ?? '').toLowerCase();
  const rest = (scheme[2] ?? '').replace(/^\/\//, '');
  if (name === 'ethereum') return readEip681(rest);
  const network = SCHEME_NETWORKS[name];
  if (!network) return null;
  const address = rest.split(/[?/#]/, 1)[0] ?? '';
  return address === '' ? null : { address, network };
}

function readEip681(rest: string): ScannedAddress | null {
  const [path = '', query = ''] = rest.split('?', 2);
  const match = /^(?:pay-)?([^@/]+)(?:@(\d+))?(?:\/([^/]+))?$/.exec(path);
  if (!match) return null;
  const target = match[1] ?? '';
  const network = match[2] === undefined ? 'ETH' : (CHAIN_NETWORKS[match[2]] ?? 'unknown');
  if (match[3] === undefined) return { address: target, network };
  if (match[3] !== 'transfer') return null;
  const recipient = new URLSearchParams(query).get('address');
  return recipient ? { address: recipient, network } : null;
}

/** What scanning does to the address field, for the network chosen in the form. */
export type ScanOutcome =
  | { kind: 'fill'; address: string; valid: boolean }
  | { kind: 'otherNetwork'; network: Network }
  | { kind: 'unknownNetwork' };

/**
 * A scanned address is filled in only when its code names the chosen network or none; it is then
 * checked like a typed one (valid is false for an address of another form).
 */
export function scanOutcome(scanned: ScannedAddress, chosen: BindableNetwork): ScanOutcome {
  if (scanned.network === 'unknown') return { kind: 'unknownNetwork' };
  if (scanned.network !== null && scanned.network !== chosen) return { kind: 'otherNetwork', network: scanned.network };
  return { kind: 'fill', address: scanned.address, valid: isAddressOf(chosen, scanned.address) };
}
