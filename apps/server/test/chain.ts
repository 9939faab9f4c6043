import { Decimal } from '@wallet/contract';
import { type DevChain, startDevChain } from '@wallet/devchain';
import { type Address, getAddress } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import type { ScanDeps } from '../src/modules/chain/scanner';
import { hexToTron } from '../src/modules/chain/tron-address';
import type { Clock } from '../src/platform/clock';
import { loadConfig } from '../src/platform/config';
import { createMailer } from '../src/platform/mail';
import { registerUser } from './accounts';
import { createTestApp, type TestApp } from './app';

/** The deposit address the chain tests watch (any address works: the local node needs no key to receive). */
export const DEPOSIT_ADDRESS = getAddress('0x00000000000000000000000000000000000dE905');

export interface ChainTestbed {
  chain: DevChain;
  t: TestApp;
  close(): Promise<void>;
}

/** A local EVM node with the test token and the real app on a fresh database, scanning BSC on that node. */
export async function startChainTestbed({
  env = {},
  clock,
  faucet = false,
  tron = false,
  eth = false,
}: {
  env?: Record<string, string>;
  clock?: Clock;
  /** Registers the development-only faucet routes on this chain. */
  faucet?: boolean;
  /** Also scan the chain as TRON (its JSON-RPC is Ethereum's), with T-form addresses. */
  tron?: boolean;
  /** Also scan the chain's own coin as Ethereum's ETH. */
  eth?: boolean;
} = {}): Promise<ChainTestbed> {
  const chain = await startDevChain({ hotWalletUsdt: 1_000_000_000_000n });
  const tronEnv: Record<string, string> = tron
    ? { TRON_RPC_URL: chain.url, TRON_USDT_CONTRACT: hexToTron(chain.token), TRON_DEPOSIT_ADDRESS: hexToTron(DEPOSIT_ADDRESS) }
    : {};
  const t = await createTestApp({
    env: {
      BSC_RPC_URL: chain.url,
      BSC_USDT_CONTRACT: chain.token,
      BSC_DEPOSIT_ADDRESS: DEPOSIT_ADDRESS,
      CHAIN_CONFIRMATIONS: JSON.stringify({ BSC: 3, TRON: 3 }),
      ...env,
      ...tronEnv,
      ...(eth ? { ETH_RPC_URL: chain.url, ETH_DEPOSIT_ADDRESS: DEPOSIT_ADDRESS } : {}),
    },
    ...(clock ? { clock } : {}),
    ...(faucet ? { devchain: chain } : {}),
  });
  return {
    chain,
    t,
    async close() {
      await t.close();
      await chain.stop();
    },
  };
}

export function randomAddress(): Address {
  return privateKeyToAddress(generatePrivateKey());
}

/** Binds an address to a user directly in the database (the binding API itself is tested in auth). */
export async function bindAddress(t: TestApp, userId: string, network: 'BSC' | 'TRON', address: string) {
  await t.database.handle.db
    .updateTable('users')
    .set({ bound_network: network, bound_address: address })
    .where('id', '=', userId)
    .execute();
}

export async function usdtBalance(t: TestApp, userId: string): Promise<string> {
  const row = await t.database.handle.db
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('user_id', '=', userId)
    .where('currency', '=', 'USDT')
    .where('purpose', '=', 'wallet')
    .executeTakeFirst();
  return row ? new Decimal(row.balance).toFixed() : '0';
}

/** A registered user (through the API) whose bound address is `address` on `network`. */
export async function userWithAddress(t: TestApp, network: 'BSC' | 'TRON', address: string) {
  const user = await registerUser(t);
  const row = await t.database.handle.db
    .selectFrom('users')
    .select(['id', 'uid'])
    .where('email', '=', user.email)
    .executeTakeFirstOrThrow();
  await bindAddress(t, row.id, network, address);
  return { ...user, id: row.id, uid: row.uid, address };
}

/** What a chain service the test builds itself needs: the test app's database and log, its clock, and the development outbox. */
export function chainDeps(t: TestApp, clock: Clock): ScanDeps {
  const db = t.database.handle.db;
  return {
    db,
    directUrl: t.database.handle.directUrl,
    clock,
    log: t.app.log,
    mailer: createMailer(loadConfig({ NODE_ENV: 'test' }), db, t.app.log),
  };
}
