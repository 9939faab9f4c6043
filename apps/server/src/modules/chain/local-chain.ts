import net from 'node:net';
import path from 'node:path';
import type { DevChain } from '@wallet/devchain';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/database';
import { deleteCheckpoints } from './queries';
import { hexToTron } from './tron-address';

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

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}
