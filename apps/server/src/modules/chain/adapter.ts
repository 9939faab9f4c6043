import type { Currency, Network } from '@wallet/contract';

/** One transfer into a platform deposit address, as a chain reports it. */
export interface ObservedTransfer {
  network: Network;
  currency: Currency;
  txHash: string;
  /** Log index (tokens), output index (BTC) or 0 (a native coin transfer): with txHash, unique per transfer. */
  index: number;
  from: string;
  to: string;
  /** Base units of the chain (e.g. 6 decimals for the test USDT, 18 for BEP20 USDT or ETH). */
  rawAmount: bigint;
  /** The same amount as an exact decimal string. */
  amount: string;
  blockNumber: bigint;
  blockHash: string;
}

/** A signed transaction ready to broadcast: stored before it is sent, re-sent as is on recovery. */
export interface SignedTransfer {
  txHash: string;
  raw: string;
  nonce: bigint;
}

export type TxState =
  | { kind: 'unknown' }
  | { kind: 'pending' }
  | { kind: 'mined'; blockNumber: bigint; blockHash: string; success: boolean };

/**
 * What the scanner and the withdrawal sender need from one kind of chain (EVM, TRON, BTC). Reads
 * are plain queries; nothing here touches our database, so each adapter is tested against a node or a
 * local stand-in of its API.
 */
export interface ChainAdapter {
  readonly network: Network;
  readonly currency: Currency;
  /** Where users send top-ups (shown on the top-up page). */
  readonly depositAddress: string;
  /** A deposit address of each user's own (BTC): then deposits belong to whoever the address is, not the sender. */
  depositAddressFor?(user: { uid: string }): string;
  head(): Promise<bigint>;
  /** The hash of the block at this height on the chain as it is now, or null past the head. */
  blockHash(blockNumber: bigint): Promise<string | null>;
  /** Transfers to the deposit address in blocks [from, to]. */
  transfersIn(from: bigint, to: bigint): Promise<ObservedTransfer[]>;
  /** Transfers to the deposit address made by one transaction (the "check this hash" button). */
  transfersOf(txHash: string): Promise<ObservedTransfer[] | 'not_found'>;
  isTxHash(value: string): boolean;
  /** Present when this network can send withdrawals (a hot wallet key is configured). */
  readonly sender?: ChainSender;
  /**
   * A token network's balance of any address at a past block (reconciliation and proof of reserves).
   * Absent on native-coin and BTC networks: gas moves a native balance without a ledger entry.
   */
  tokenBalanceAt?(address: string, blockNumber: bigint): Promise<bigint>;
  /** Base units as an exact decimal string; async because a token's decimals are read from its contract once. */
  toAmount?(raw: bigint): Promise<string>;
}

/** A hot wallet's signature over a text, proving the platform holds its key (proof of reserves). */
export interface ControlSignature {
  /** The address as the network shows it (T form on TRON). */
  address: string;
  message: string;
  signature: string;
  /** eip191: Ethereum's personal_sign; tron-v2: TRON's signMessageV2 ("\x19TRON Signed Message:\n" prefix). */
  scheme: 'eip191' | 'tron-v2';
}

export interface ChainSender {
  readonly hotWallet: string;
  /** Token and gas balances of the hot wallet, in base units. */
  balances(): Promise<{ token: bigint; gas: bigint }>;
  /** Converts a ledger amount (decimal string) to base units exactly, refusing what cannot be represented. */
  toBaseUnits(amount: string): Promise<bigint>;
  /** The next nonce the chain expects from the hot wallet, counting pending transactions. */
  nextNonce(): Promise<bigint>;
  /** Signs, offline, a token transfer; nothing leaves the process. */
  signTransfer(to: string, amount: bigint, nonce: bigint): Promise<SignedTransfer>;
  /** Broadcasts a signed transaction; sending the same one twice is harmless. */
  broadcast(raw: string): Promise<void>;
  txState(txHash: string): Promise<TxState>;
  /** Signs a text with the hot wallet's key, offline. */
  signMessage?(message: string): Promise<ControlSignature>;
}

/**
 * The node refused a stored transaction because it expired before being mined (TRON transactions
 * carry an expiration). It can then never be mined, so signing a new one is safe.
 */
export class TransactionExpiredError extends Error {}
