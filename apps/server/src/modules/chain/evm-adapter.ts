import type { Currency, Network } from '@wallet/contract';
import {
  type Address,
  BlockNotFoundError,
  createPublicClient,
  decodeEventLog,
  encodeFunctionData,
  formatUnits,
  getAddress,
  type Hex,
  http,
  keccak256,
  type PublicClient,
  parseAbi,
  parseUnits,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { ChainAdapter, ChainSender, ObservedTransfer, TxState } from './adapter';

const ERC20 = parseAbi([
  'event Transfer(address indexed from, address indexed to, uint256 value)',
  'function transfer(address to, uint256 value) returns (bool)',
  'function balanceOf(address owner) view returns (uint256)',
  'function decimals() view returns (uint8)',
]);
const TRANSFER_EVENT = ERC20[0];
// A token transfer needs about 35-55k gas; a fixed generous limit lets us sign offline, before broadcast.
const TOKEN_TRANSFER_GAS = 100_000n;

export interface EvmAdapterOptions {
  network: Network;
  currency: Currency;
  rpcUrl: string;
  /** A token contract (USDT) or the chain's own coin (ETH). */
  asset: { kind: 'token'; contract: string } | { kind: 'native'; decimals: number };
  depositAddress: string;
  hotWalletKey?: string | undefined;
  /** Parallel block reads when scanning native transfers, which eth_getLogs cannot see. */
  blockConcurrency?: number;
}

const isNotFound = (error: unknown) =>
  error instanceof BlockNotFoundError || error instanceof TransactionNotFoundError || error instanceof TransactionReceiptNotFoundError;

/** BSC and Ethereum (and the local devchain) through viem over JSON-RPC. */
export function createEvmAdapter(options: EvmAdapterOptions): ChainAdapter {
  const client = createPublicClient({ transport: http(options.rpcUrl, { retryCount: 1, timeout: 15_000 }) }) as PublicClient;
  const deposit = getAddress(options.depositAddress);
  const token = options.asset.kind === 'token' ? getAddress(options.asset.contract) : null;
  let decimals: Promise<number> | undefined;
  const tokenDecimals = () => {
    if (options.asset.kind === 'native') return Promise.resolve(options.asset.decimals);
    decimals ??= client.readContract({ address: token as Address, abi: ERC20, functionName: 'decimals' }).catch((error) => {
      decimals = undefined;
      throw error;
    });
    return decimals;
  };

  const observed = (
    txHash: Hex,
    index: number,
    from: Address,
    raw: bigint,
    blockNumber: bigint,
    blockHash: Hex,
    places: number,
  ): ObservedTransfer => ({
    network: options.network,
    currency: options.currency,
    txHash,
    index,
    from: getAddress(from),
    to: deposit,
    rawAmount: raw,
    amount: formatUnits(raw, places),
    blockNumber,
    blockHash,
  });

  async function tokenTransfersIn(from: bigint, to: bigint): Promise<ObservedTransfer[]> {
    const places = await tokenDecimals();
    const logs = await client.getLogs({
      address: token as Address,
      event: TRANSFER_EVENT,
      args: { to: deposit },
      fromBlock: from,
      toBlock: to,
    });
    return logs
      .filter((log) => !log.removed && log.args.value !== undefined && log.args.value > 0n && log.args.from)
      .map((log) =>
        observed(
          log.transactionHash,
          log.logIndex,
          log.args.from as Address,
          log.args.value as bigint,
          log.blockNumber,
          log.blockHash,
          places,
        ),
      );
  }

  async function nativeTransfersInBlock(blockNumber: bigint, places: number): Promise<ObservedTransfer[]> {
    const block = await client.getBlock({ blockNumber, includeTransactions: true });
    const found: ObservedTransfer[] = [];
    for (const tx of block.transactions) {
      if (!tx.to || getAddress(tx.to) !== deposit || tx.value === 0n) continue;
      // A reverted transaction moved nothing.
      const receipt = await client.getTransactionReceipt({ hash: tx.hash });
      if (receipt.status !== 'success') continue;
      found.push(observed(tx.hash, 0, tx.from, tx.value, blockNumber, block.hash as Hex, places));
    }
    return found;
  }

  async function nativeTransfersIn(from: bigint, to: bigint): Promise<ObservedTransfer[]> {
    const places = await tokenDecimals();
    const found: ObservedTransfer[] = [];
    const step = BigInt(options.blockConcurrency ?? 16);
    for (let start = from; start <= to; start += step) {
      const heights: bigint[] = [];
      for (let n = start; n < start + step && n <= to; n++) heights.push(n);
      for (const list of await Promise.all(heights.map((n) => nativeTransfersInBlock(n, places)))) found.push(...list);
    }
    return found;
  }

  async function transfersOf(hash: string): Promise<ObservedTransfer[] | 'not_found'> {
    let receipt: Awaited<ReturnType<PublicClient['getTransactionReceipt']>>;
    try {
      receipt = await client.getTransactionReceipt({ hash: hash as Hex });
    } catch (error) {
      if (isNotFound(error)) return 'not_found';
      throw error;
    }
    if (receipt.status !== 'success') return [];
    const places = await tokenDecimals();
    if (options.asset.kind === 'native') {
      const tx = await client.getTransaction({ hash: hash as Hex });
      if (!tx.to || getAddress(tx.to) !== deposit || tx.value === 0n) return [];
      return [observed(tx.hash, 0, tx.from, tx.value, receipt.blockNumber, receipt.blockHash, places)];
    }
    const found: ObservedTransfer[] = [];
    for (const log of receipt.logs) {
      if (getAddress(log.address) !== token) continue;
      try {
        const event = decodeEventLog({ abi: [TRANSFER_EVENT], data: log.data, topics: log.topics });
        if (getAddress(event.args.to) !== deposit || event.args.value === 0n) continue;
        found.push(
          observed(
            receipt.transactionHash,
            log.logIndex,
            event.args.from,
            event.args.value,
            receipt.blockNumber,
            receipt.blockHash,
            places,
          ),
        );
      } catch {
        // Another event of the token (e.g. Approval): not a transfer.
      }
    }
    return found;
  }

  const adapter: ChainAdapter = {
    network: options.network,
    currency: options.currency,
    depositAddress: deposit,
    head: () => client.getBlockNumber({ cacheTime: 0 }),
    async blockHash(blockNumber) {
      try {
        return (await client.getBlock({ blockNumber })).hash;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    transfersIn: (from, to) => (options.asset.kind === 'token' ? tokenTransfersIn(from, to) : nativeTransfersIn(from, to)),
    transfersOf,
    isTxHash: (value) => /^0x[0-9a-fA-F]{64}$/.test(value),
    toAmount: async (raw) => formatUnits(raw, await tokenDecimals()),
    ...(token
      ? {
          tokenBalanceAt: (address: string, blockNumber: bigint) =>
            client.readContract({ address: token, abi: ERC20, functionName: 'balanceOf', args: [getAddress(address)], blockNumber }),
        }
      : {}),
  };
  if (options.hotWalletKey && token) return { ...adapter, sender: evmSender(client, token, options.hotWalletKey as Hex, tokenDecimals) };
  return adapter;
}

function evmSender(client: PublicClient, token: Address, key: Hex, tokenDecimals: () => Promise<number>): ChainSender {
  const account = privateKeyToAccount(key);
  let chainId: Promise<number> | undefined;
  return {
    hotWallet: account.address,
    signMessage: async (message) => ({
      address: account.address,
      message,
      signature: await account.signMessage({ message }),
      scheme: 'eip191',
    }),
    async balances() {
      const [tokenBalance, gas] = await Promise.all([
        client.readContract({ address: token, abi: ERC20, functionName: 'balanceOf', args: [account.address] }),
        client.getBalance({ address: account.address }),
      ]);
      return { token: tokenBalance, gas };
    },
    async toBaseUnits(amount) {
      const places = await tokenDecimals();
      const [, fraction = ''] = amount.split('.');
      if (fraction.replace(/0+$/, '').length > places) throw new Error(`amount ${amount} is finer than the token's ${places} decimals`);
      return parseUnits(amount, places);
    },
    nextNonce: async () => BigInt(await client.getTransactionCount({ address: account.address, blockTag: 'pending' })),
    async signTransfer(to, amount, nonce) {
      chainId ??= client.getChainId();
      const gasPrice = await client.getGasPrice();
      const raw = await account.signTransaction({
        type: 'legacy',
        chainId: await chainId,
        nonce: Number(nonce),
        to: token,
        data: encodeFunctionData({ abi: ERC20, functionName: 'transfer', args: [getAddress(to), amount] }),
        gas: TOKEN_TRANSFER_GAS,
        // Headroom over the current price so the stored transaction still gets mined a little later.
        gasPrice: (gasPrice * 12n) / 10n,
        value: 0n,
      });
      return { raw, txHash: keccak256(raw), nonce };
    },
    async broadcast(raw) {
      try {
        await client.request({ method: 'eth_sendRawTransaction', params: [raw as Hex] });
      } catch (error) {
        // A node that already has it ("already known", "nonce too low" once mined) is a success for us.
        try {
          await client.getTransaction({ hash: keccak256(raw as Hex) });
          return;
        } catch {
          throw error;
        }
      }
    },
    async txState(txHash): Promise<TxState> {
      try {
        const receipt = await client.getTransactionReceipt({ hash: txHash as Hex });
        return { kind: 'mined', blockNumber: receipt.blockNumber, blockHash: receipt.blockHash, success: receipt.status === 'success' };
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
      try {
        await client.getTransaction({ hash: txHash as Hex });
        return { kind: 'pending' };
      } catch (error) {
        if (isNotFound(error)) return { kind: 'unknown' };
        throw error;
      }
    },
  };
}
