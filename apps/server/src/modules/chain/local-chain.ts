import net from 'node:net';
import path from 'node:path';
import type { DevChain } from '@wallet/devchain';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/database';
import { deleteCheckpoints } from './queries';

/** Test USDT minted to the demo hot wallet at each start, in base units (1,000,000 USDT). */
const HOT_WALLET_USDT = 1_000_000n * 1_000_000n;

/**
 * Development only: starts the local EVM node (packages/devchain) with the test USDT token and a
 * funded hot wallet, and points the BSC settings that are not set explicitly at it (and ETH, played by
 * the node's own coin), so `npm start` shows the whole deposit and withdrawal path without any real chain. Loaded with a dynamic import:
 * production never loads hardhat.
 */
export async function startLocalChain(config: Config, log: FastifyBaseLogger): Promise<{ config: Config; devchain: DevChain }> {
  const { startDevChain, DEV_HOT_WALLET_KEY } = await import('@wallet/devchain');
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
  log.info(
    { url: devchain.url, usdtContract: devchain.token, hotWallet: devchain.hotWallet },
    'local chain started (BSC and ETH point at it)',
  );
  return {
    devchain,
    config: {
      ...config,
      BSC_RPC_URL: config.BSC_RPC_URL ?? devchain.url,
      BSC_USDT_CONTRACT: config.BSC_USDT_CONTRACT ?? devchain.token,
      // The hot wallet receives deposits too, so demo top-ups fund demo withdrawals.
      BSC_DEPOSIT_ADDRESS: config.BSC_DEPOSIT_ADDRESS ?? devchain.hotWallet,
      BSC_HOT_WALLET_KEY: config.BSC_HOT_WALLET_KEY ?? DEV_HOT_WALLET_KEY,
      ETH_RPC_URL: config.ETH_RPC_URL ?? devchain.url,
      ETH_DEPOSIT_ADDRESS: config.ETH_DEPOSIT_ADDRESS ?? devchain.hotWallet,
    },
  };
}

/**
 * The local chain starts from block 0 at every start (it lives in memory), while the database
 * remembers how far the last one was scanned: forget that, or the scanner would wait for the new
 * chain to reach the old height.
 */
export async function forgetLocalChainCheckpoint(db: Db): Promise<void> {
  await deleteCheckpoints(db, ['BSC', 'ETH']);
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}
