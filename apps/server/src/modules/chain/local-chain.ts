import net from 'node:net';
import path from 'node:path';
import { Decimal } from '@wallet/contract';
import type { DevChain } from '@wallet/devchain';
import type { FastifyBaseLogger } from 'fastify';
import { formatUnits, parseAbi } from 'viem';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/database';
import { recordEpoch } from '../books/sources/chain-epochs';
import { deleteCheckpoints } from './queries';
import { hexToTron, tronToHex } from './tron-address';

const BALANCE_OF = parseAbi(['function balanceOf(address owner) view returns (uint256)']);

/** Test USDT minted to the demo hot wallet at each start, in base units (1,000,000 USDT). */
const HOT_WALLET_USDT = 1_000_000n * 1_000_000n;

/** What the local chain plays: its node, the networks pointed at it, and what else it runs. */
export interface LocalChain {
  devchain: DevChain;
  config: Config;
  /** The networks whose settings now point at the local chain (their checkpoints start afresh). */
  networks: Array<'BSC' | 'TRON' | 'ETH'>;
  stop(): Promise<void>;
}

/**
 * Development only: starts the local EVM node (packages/devchain) with the test USDT token and a
 * funded hot wallet, and points the chain settings that are not set explicitly at it, so `npm start`
 * shows the whole deposit and withdrawal path without any real chain: BSC with the first test USDT,
 * TRON with a second one (TRON's JSON-RPC is Ethereum's; addresses shown in T form) and the TRON HTTP
 * API's broadcast and lookup played on the same node, and ETH with the node's own coin. The hot wallet
 * is one key on every network, and also the deposit address, so demo top-ups fund demo withdrawals.
 * Loaded with a dynamic import: production never loads hardhat.
 */
export async function startLocalChain(config: Config, log: FastifyBaseLogger): Promise<LocalChain> {
  const { startDevChain, startTronHttpApi, DEV_HOT_WALLET_KEY } = await import('@wallet/devchain');
  // Only this server talks to the node, so any free port will do when another copy holds ours
  // (hardhat's server cannot report a taken port without crashing the process, so we look first).
  let port = config.DEVCHAIN_PORT;
  if (!(await portFree(port))) {
    log.warn({ port }, 'DEVCHAIN_PORT is taken: the local chain listens on a free port instead');
    port = 0;
  }
  const devchain = await startDevChain({
    port,
    blockIntervalMs: config.DEVCHAIN_BLOCK_MS,
    cacheDir: path.join(config.DATA_DIR, 'devchain'),
    hotWalletUsdt: HOT_WALLET_USDT,
  });
  const stops = [() => devchain.stop()];
  const stop = async () => {
    for (const s of stops.reverse()) await s();
  };
  try {
    const networks: LocalChain['networks'] = [];
    if (!config.BSC_RPC_URL) networks.push('BSC');
    if (!config.ETH_RPC_URL) networks.push('ETH');
    let tron: Partial<Config> = {};
    // TRON is played only as a whole: a real TRON node with the local chain's contract would be neither.
    if (!config.TRON_RPC_URL) {
      const token = await devchain.deployToken();
      await devchain.mintUsdt(devchain.hotWallet, HOT_WALLET_USDT, token);
      const api = await startTronHttpApi(devchain);
      stops.push(() => api.close());
      networks.push('TRON');
      tron = {
        TRON_RPC_URL: devchain.url,
        TRON_USDT_CONTRACT: hexToTron(token),
        TRON_DEPOSIT_ADDRESS: hexToTron(devchain.hotWallet),
        TRON_API_URL: api.url,
        TRON_HOT_WALLET_KEY: DEV_HOT_WALLET_KEY,
      };
      log.info({ usdtContract: tron.TRON_USDT_CONTRACT, hotWallet: tron.TRON_DEPOSIT_ADDRESS, api: api.url }, 'local chain plays TRON');
    }
    log.info({ url: devchain.url, usdtContract: devchain.token, hotWallet: devchain.hotWallet, networks }, 'local chain started');
    return {
      devchain,
      networks,
      stop,
      config: {
        ...config,
        BSC_RPC_URL: config.BSC_RPC_URL ?? devchain.url,
        BSC_USDT_CONTRACT: config.BSC_USDT_CONTRACT ?? devchain.token,
        BSC_DEPOSIT_ADDRESS: config.BSC_DEPOSIT_ADDRESS ?? devchain.hotWallet,
        BSC_HOT_WALLET_KEY: config.BSC_HOT_WALLET_KEY ?? DEV_HOT_WALLET_KEY,
        ...tron,
        ETH_RPC_URL: config.ETH_RPC_URL ?? devchain.url,
        ETH_DEPOSIT_ADDRESS: config.ETH_DEPOSIT_ADDRESS ?? devchain.hotWallet,
      },
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * The local chain starts from block 0 at every start (it lives in memory), while the database
 * remembers how far the last one was scanned: forget that, or the scanner would wait for the new
 * chain to reach the old height.
 */
export async function forgetLocalChainCheckpoint(db: Db, networks: LocalChain['networks']): Promise<void> {
  await deleteCheckpoints(db, [...networks]);
}

/**
 * The local chain's books start afresh with it: one epoch per token network it plays, opening with the
 * hot wallet's balance (the minted test USDT) at the block reached once the start-up minting is done,
 * so the mint itself is before the epoch and is not a transfer the ledger should know. ETH is not
 * balanced (gas moves it without a ledger entry), so it has no epoch.
 */
export async function recordLocalChainEpochs(db: Db, local: Pick<LocalChain, 'devchain' | 'config' | 'networks'>): Promise<void> {
  const { devchain, config } = local;
  const block = await devchain.blockNumber();
  const tokens: Array<{ network: 'BSC' | 'TRON'; token: `0x${string}`; address: string }> = [];
  if (local.networks.includes('BSC')) tokens.push({ network: 'BSC', token: devchain.token, address: devchain.hotWallet });
  if (local.networks.includes('TRON') && config.TRON_USDT_CONTRACT)
    tokens.push({ network: 'TRON', token: tronToHex(config.TRON_USDT_CONTRACT), address: hexToTron(devchain.hotWallet) });
  for (const { network, token, address } of tokens) {
    const raw = await devchain.client.readContract({
      address: token,
      abi: BALANCE_OF,
      functionName: 'balanceOf',
      args: [devchain.hotWallet],
      blockNumber: block,
    });
    await recordEpoch(db, {
      network,
      currency: 'USDT',
      address,
      startBlock: block,
      // The test USDT has 6 decimals, as HOT_WALLET_USDT counts.
      opening: new Decimal(formatUnits(raw, 6)).toFixed(),
      reason: 'local_chain_start',
    });
  }
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}
