import { JsonRpcServer } from 'hardhat/internal/hardhat-network/jsonrpc/server.js';
import { createHardhatNetworkProvider } from 'hardhat/internal/hardhat-network/provider/provider.js';
import type { EIP1193Provider } from 'hardhat/types';
import {
  type Address,
  type Chain,
  createPublicClient,
  createWalletClient,
  custom,
  defineChain,
  type Hash,
  type Hex,
  numberToHex,
  type PublicClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { compileTestToken } from './compile';

/**
 * Well-known development keys (hardhat's default accounts 0 and 1): public knowledge, so they are
 * only ever used on this local chain.
 */
export const DEV_DEPLOYER_KEY: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
export const DEV_HOT_WALLET_KEY: Hex = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';

const ETHER = 10n ** 18n;

export interface DevChainOptions {
  /** JSON-RPC port on 127.0.0.1; 0 picks a free one. */
  port?: number;
  host?: string;
  chainId?: number;
  /** Milliseconds between blocks mined on a timer (the demo); 0 mines only on transactions and mine(). */
  blockIntervalMs?: number;
  /** Where the compiled token is cached (e.g. DATA_DIR/devchain). */
  cacheDir?: string;
  /** The hot wallet the server withdraws from; funded with ETH for gas and with test USDT. */
  hotWalletKey?: Hex;
  /** Test USDT minted to the hot wallet, in base units (6 decimals). */
  hotWalletUsdt?: bigint;
}

export interface DevChain {
  url: string;
  port: number;
  chainId: number;
  chain: Chain;
  /** The test USDT token contract. */
  token: Address;
  deployer: Address;
  hotWallet: Address;
  client: PublicClient;
  request<T = unknown>(method: string, params?: unknown[]): Promise<T>;
  blockNumber(): Promise<bigint>;
  /** Mines `blocks` empty blocks at once (hardhat_mine). */
  mine(blocks?: number): Promise<void>;
  setAutomine(on: boolean): Promise<void>;
  /** A snapshot of the whole chain; revert() goes back to it (a reorg, as the scanner sees it). */
  snapshot(): Promise<Hex>;
  revert(id: Hex): Promise<void>;
  /**
   * Deploys one more test USDT, for a second network played by the same node (TRON beside BSC): its
   * own contract keeps one network's transfers out of the other's scan.
   */
  deployToken(): Promise<Address>;
  /** The token helpers act on `token`, the first test USDT unless given. */
  mintUsdt(to: Address, amount: bigint, token?: Address): Promise<Hash>;
  /** A USDT transfer from any address (impersonated: the local node signs for everyone). */
  sendUsdt(from: Address, to: Address, amount: bigint, token?: Address): Promise<Hash>;
  sendEth(from: Address, to: Address, amount: bigint): Promise<Hash>;
  /** A contract call from any address (impersonated), mined; what the TRON HTTP API stand-in carries out. */
  callAs(from: Address, to: Address, data: Hex): Promise<Hash>;
  usdtBalance(of: Address, token?: Address): Promise<bigint>;
  stop(): Promise<void>;
}

export const erc20Abi = [
  {
    type: 'function',
    name: 'transfer',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'to', type: 'address' },
      { name: 'value', type: 'uint256' },
    ],
    outputs: [{ type: 'bool' }],
  },
  {
    type: 'function',
    name: 'mint',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'to', type: 'address' },
      { name: 'value', type: 'uint256' },
    ],
    outputs: [],
  },
  {
    type: 'function',
    name: 'balanceOf',
    stateMutability: 'view',
    inputs: [{ name: 'owner', type: 'address' }],
    outputs: [{ type: 'uint256' }],
  },
] as const;

/** Starts an in-process EVM node (hardhat 2, EDR), serves it over JSON-RPC HTTP and deploys the token. */
export async function startDevChain(options: DevChainOptions = {}): Promise<DevChain> {
  const chainId = options.chainId ?? 31337;
  const deployerAccount = privateKeyToAccount(DEV_DEPLOYER_KEY);
  const hotAccount = privateKeyToAccount(options.hotWalletKey ?? DEV_HOT_WALLET_KEY);
  const compiled = await compileTestToken(options.cacheDir);

  const provider = await createHardhatNetworkProvider(
    {
      hardfork: 'cancun',
      chainId,
      networkId: chainId,
      blockGasLimit: 30_000_000,
      minGasPrice: 0n,
      automine: true,
      intervalMining: options.blockIntervalMs ?? 0,
      mempoolOrder: 'priority',
      chains: new Map(),
      genesisAccounts: [
        { privateKey: DEV_DEPLOYER_KEY, balance: (10_000n * ETHER).toString() },
        { privateKey: options.hotWalletKey ?? DEV_HOT_WALLET_KEY, balance: (10_000n * ETHER).toString() },
      ],
      allowUnlimitedContractSize: false,
      throwOnTransactionFailures: true,
      throwOnCallFailures: true,
      allowBlocksWithSameTimestamp: true,
      enableTransientStorage: false,
      enableRip7212: false,
    },
    { enabled: false },
  );
  const server = new JsonRpcServer({ hostname: options.host ?? '127.0.0.1', port: options.port ?? 0, provider });
  let listening: { address: string; port: number };
  try {
    listening = await server.listen();
  } catch (error) {
    // The node's interval-mining timer would keep the process alive after a failed start.
    await provider.request({ method: 'evm_setIntervalMining', params: [0] }).catch(() => {});
    throw error;
  }
  const url = `http://${listening.address}:${listening.port}`;
  const chain = defineChain({
    id: chainId,
    name: 'Local devchain',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [url] } },
  });
  // In-process transport: the helpers below skip HTTP; the server under test talks to `url`.
  const transport = custom(provider as EIP1193Provider & { request: (args: { method: string; params?: unknown }) => Promise<unknown> });
  const client = createPublicClient({ chain, transport, pollingInterval: 50 }) as PublicClient;
  const deployer = createWalletClient({ chain, transport, account: deployerAccount });

  const request = <T>(method: string, params: unknown[] = []) => provider.request({ method, params }) as Promise<T>;
  const mined = async (hash: Hash) => {
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    if (receipt.status !== 'success') throw new Error(`devchain: transaction ${hash} reverted`);
    return hash;
  };

  const deployToken = async () => {
    const deployHash = await deployer.deployContract({ abi: compiled.abi, bytecode: compiled.bytecode });
    const receipt = await client.waitForTransactionReceipt({ hash: deployHash, pollingInterval: 20 });
    if (!receipt.contractAddress) throw new Error('devchain: token deployment failed');
    return receipt.contractAddress;
  };
  const token = await deployToken();

  // One mint at a time: each is the deployer's next transaction, and two sent at once would take the
  // same nonce ("nonce too low" for the second) when two members use the faucet together.
  let mints: Promise<unknown> = Promise.resolve();
  const mintUsdt = (to: Address, amount: bigint, contract: Address = token): Promise<Hash> => {
    const mint = mints
      .catch(() => undefined)
      .then(async () =>
        mined(await deployer.writeContract({ address: contract, abi: erc20Abi, functionName: 'mint', args: [to, amount] })),
      );
    mints = mint;
    return mint;
  };

  // Impersonated senders may hold no ETH: top them up for gas so any address can send.
  const impersonate = async (from: Address) => {
    await request('hardhat_impersonateAccount', [from]);
    const balance = await client.getBalance({ address: from });
    if (balance < ETHER) await request('hardhat_setBalance', [from, numberToHex(balance + 10n * ETHER)]);
  };

  if (options.hotWalletUsdt && options.hotWalletUsdt > 0n) await mintUsdt(hotAccount.address, options.hotWalletUsdt);

  return {
    url,
    port: listening.port,
    chainId,
    chain,
    token,
    deployer: deployerAccount.address,
    hotWallet: hotAccount.address,
    client,
    request,
    blockNumber: () => client.getBlockNumber({ cacheTime: 0 }),
    async mine(blocks = 1) {
      await request('hardhat_mine', [numberToHex(blocks)]);
    },
    async setAutomine(on) {
      await request('evm_setAutomine', [on]);
    },
    snapshot: () => request<Hex>('evm_snapshot'),
    async revert(id) {
      const ok = await request<boolean>('evm_revert', [id]);
      if (!ok) throw new Error(`devchain: snapshot ${id} not found`);
    },
    deployToken,
    mintUsdt,
    async sendUsdt(from, to, amount, contract = token) {
      await impersonate(from);
      const sender = createWalletClient({ chain, transport, account: from });
      return mined(await sender.writeContract({ address: contract, abi: erc20Abi, functionName: 'transfer', args: [to, amount] }));
    },
    async sendEth(from, to, amount) {
      await impersonate(from);
      const sender = createWalletClient({ chain, transport, account: from });
      return mined(await sender.sendTransaction({ to, value: amount }));
    },
    async callAs(from, to, data) {
      await impersonate(from);
      const sender = createWalletClient({ chain, transport, account: from });
      return mined(await sender.sendTransaction({ to, data }));
    },
    usdtBalance: (of, contract = token) => client.readContract({ address: contract, abi: erc20Abi, functionName: 'balanceOf', args: [of] }),
    async stop() {
      // Interval mining runs on a timer inside the node: stop it so the process can exit.
      await request('evm_setIntervalMining', [0]).catch(() => {});
      await server.close();
    },
  };
}
