import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock';
import type { Config } from '../../platform/config';
import type { DatabaseHandle, Db } from '../../platform/db/database';
import type { Mailer } from '../../platform/mail';
import type { ChainAdapter } from './adapter';
import { type BtcAddressBook, createBtcAddressBook } from './btc-address';
import { createEsploraAdapter } from './esplora-adapter';
import { createEvmAdapter } from './evm-adapter';
import { createChainService } from './service';
import { createTronAdapter } from './tron-adapter';

/**
 * The networks this server scans, from configuration: a network is on when its RPC URL and deposit
 * address are set (and, for BSC, the USDT contract); it also sends withdrawals when a hot wallet key is.
 */
export function adaptersFromConfig(config: Config, btcBook?: BtcAddressBook, db?: Db): ChainAdapter[] {
  const adapters: ChainAdapter[] = [];
  if (config.BSC_RPC_URL && config.BSC_DEPOSIT_ADDRESS && config.BSC_USDT_CONTRACT)
    adapters.push(
      createEvmAdapter({
        network: 'BSC',
        currency: 'USDT',
        rpcUrl: config.BSC_RPC_URL,
        asset: { kind: 'token', contract: config.BSC_USDT_CONTRACT },
        depositAddress: config.BSC_DEPOSIT_ADDRESS,
        hotWalletKey: config.BSC_HOT_WALLET_KEY,
      }),
    );
  if (config.TRON_RPC_URL && config.TRON_USDT_CONTRACT && config.TRON_DEPOSIT_ADDRESS)
    adapters.push(
      createTronAdapter({
        rpcUrl: config.TRON_RPC_URL,
        usdtContract: config.TRON_USDT_CONTRACT,
        depositAddress: config.TRON_DEPOSIT_ADDRESS,
        apiUrl: config.TRON_API_URL,
        hotWalletKey: config.TRON_HOT_WALLET_KEY,
      }),
    );
  if (config.ETH_RPC_URL && config.ETH_DEPOSIT_ADDRESS)
    adapters.push(
      createEvmAdapter({
        network: 'ETH',
        currency: 'ETH',
        rpcUrl: config.ETH_RPC_URL,
        asset: { kind: 'native', decimals: 18 },
        depositAddress: config.ETH_DEPOSIT_ADDRESS,
      }),
    );
  if (config.BTC_ESPLORA_URL && btcBook && db)
    adapters.push(createEsploraAdapter({ apiUrl: config.BTC_ESPLORA_URL, book: btcBook, refreshAddresses: () => btcBook.refresh(db) }));
  return adapters;
}

export function chainServiceFromConfig(
  config: Config,
  database: Pick<DatabaseHandle, 'db' | 'directUrl'>,
  clock: Clock,
  log: FastifyBaseLogger,
  mailer: Mailer,
  devFaucet?: string,
) {
  const { db, directUrl } = database;
  // Watch-only BTC: users' deposit addresses derive from BTC_XPUB.
  const btcBook = config.BTC_XPUB ? createBtcAddressBook(config.BTC_XPUB) : undefined;
  const adapters = adaptersFromConfig(config, btcBook, db);
  const btcOwners = btcBook ? (addresses: string[]) => btcBook.owners(db, addresses) : undefined;
  return createChainService({ db, directUrl, clock, log, mailer, ...(btcOwners ? { btcOwners } : {}) }, adapters, {
    confirmations: config.CHAIN_CONFIRMATIONS,
    batchBlocks: config.CHAIN_SCAN_BATCH_BLOCKS,
    timeZone: config.TOPUP_TIME_ZONE,
    ...(devFaucet ? { devFaucet } : {}),
  });
}
