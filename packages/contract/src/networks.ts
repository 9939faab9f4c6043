import type { Currency } from './currencies';

/** Chains the wallet talks to. Users bind an address on TRON or BSC; ETH and BTC are deposit-only assets. */
export const NETWORKS = {
  TRON: { assets: ['USDT'], bindable: true, standard: 'TRC20' },
  BSC: { assets: ['USDT'], bindable: true, standard: 'BEP20' },
  ETH: { assets: ['ETH'], bindable: false, standard: 'ERC20' },
  BTC: { assets: ['BTC'], bindable: false, standard: 'BTC' },
} as const satisfies Record<string, { assets: readonly Currency[]; bindable: boolean; standard: string }>;

export type Network = keyof typeof NETWORKS;
export const NETWORK_CODES = Object.keys(NETWORKS) as Network[];
export const BINDABLE_NETWORKS = ['TRON', 'BSC'] as const satisfies readonly Network[];
export type BindableNetwork = (typeof BINDABLE_NETWORKS)[number];
