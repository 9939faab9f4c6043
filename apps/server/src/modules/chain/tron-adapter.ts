import { type Address, createPublicClient, http, parseAbi } from 'viem';
import type { ChainAdapter, ObservedTransfer } from './adapter';
import { createEvmAdapter } from './evm-adapter';
import { hexToTron, tronToHex, tronTxId } from './tron-address';
import { createTronSender } from './tron-sender';

const BALANCE_OF = parseAbi(['function balanceOf(address owner) view returns (uint256)']);

export interface TronAdapterOptions {
  /** The full node's Ethereum-compatible JSON-RPC endpoint (e.g. https://host/jsonrpc). */
  rpcUrl: string;
  /** USDT (TRC20) contract, T form. */
  usdtContract: string;
  /** Where users send TRON top-ups, T form. */
  depositAddress: string;
  /** TRON HTTP API and hot wallet key: with both, this network sends withdrawals too. */
  apiUrl?: string | undefined;
  hotWalletKey?: string | undefined;
}

/**
 * USDT on TRON, scanned through the JSON-RPC that TRON full nodes expose (eth_blockNumber,
 * eth_getLogs, eth_getBlockByNumber, eth_getTransactionReceipt with 20-byte hex addresses): the EVM
 * adapter does the reading, and this one speaks TRON's forms to the rest of the server (T addresses,
 * transaction ids without 0x). Withdrawals are built and signed with tronweb (tron-sender.ts).
 */
export function createTronAdapter(options: TronAdapterOptions): ChainAdapter {
  const evm = createEvmAdapter({
    network: 'TRON',
    currency: 'USDT',
    rpcUrl: options.rpcUrl,
    asset: { kind: 'token', contract: tronToHex(options.usdtContract) },
    depositAddress: tronToHex(options.depositAddress),
  });
  const evmBalanceAt = evm.tokenBalanceAt as NonNullable<ChainAdapter['tokenBalanceAt']>;
  const latestClient = createPublicClient({ transport: http(options.rpcUrl, { retryCount: 1, timeout: 15_000 }) });
  const latestBalance = (address: Address) =>
    latestClient.readContract({ address: tronToHex(options.usdtContract), abi: BALANCE_OF, functionName: 'balanceOf', args: [address] });
  const toTron = (t: ObservedTransfer): ObservedTransfer => ({
    ...t,
    from: hexToTron(t.from),
    to: options.depositAddress,
    txHash: tronTxId(t.txHash),
  });
  return {
    network: 'TRON',
    currency: 'USDT',
    depositAddress: options.depositAddress,
    head: () => evm.head(),
    blockHash: (n) => evm.blockHash(n),
    transfersIn: async (from, to) => (await evm.transfersIn(from, to)).map(toTron),
    async transfersOf(txHash) {
      const found = await evm.transfersOf(`0x${tronTxId(txHash)}`);
      return found === 'not_found' ? found : found.map(toTron);
    },
    isTxHash: (value) => /^(0x)?[0-9a-fA-F]{64}$/.test(value),
    // eth_call with a block number. The local chain plays TRON on an EVM node, which answers for any
    // past block. A real TRON full node's JSON-RPC answers eth_call only at "latest" (java-tron refuses
    // other block tags): then the balance is read at "latest" between two reads of the head, and is
    // taken only if the head was still the block asked for; otherwise the read fails (SourceUnavailable).
    async tokenBalanceAt(address, blockNumber) {
      try {
        return await evmBalanceAt(tronToHex(address), blockNumber);
      } catch (error) {
        if ((await evm.head()) !== blockNumber) throw error;
        const balance = await latestBalance(tronToHex(address));
        if ((await evm.head()) !== blockNumber) throw error;
        return balance;
      }
    },
    toAmount: (raw) => (evm.toAmount as NonNullable<ChainAdapter['toAmount']>)(raw),
    ...(options.apiUrl && options.hotWalletKey
      ? {
          sender: createTronSender({
            apiUrl: options.apiUrl,
            rpcUrl: options.rpcUrl,
            usdtContract: options.usdtContract,
            hotWalletKey: options.hotWalletKey,
          }),
        }
      : {}),
  };
}
