import { randomBytes } from 'node:crypto';
import { erc20Abi, startDevChain } from '@wallet/devchain';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import pino from 'pino';
import { type Address, createWalletClient, custom, getAddress, numberToHex } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { startChainJobs } from '../../apps/server/src/modules/chain/jobs';
import { createChainService } from '../../apps/server/src/modules/chain/service';
import { adaptersFromConfig } from '../../apps/server/src/modules/chain/setup';
import { systemClock } from '../../apps/server/src/platform/clock';
import { loadConfig } from '../../apps/server/src/platform/config';
import type { DatabaseHandle } from '../../apps/server/src/platform/db/database';
import { createMailer } from '../../apps/server/src/platform/mail';

const BLOCKS = 5000;
const DEPOSITS = 1000;
const PER_BLOCK = 5;
const CONFIRMATIONS = 15;
const DEPOSIT_ADDRESS = getAddress('0x00000000000000000000000000000000000dE905');

export interface ChainFigures {
  scanBlocks: number;
  scanDeposits: number;
  scanBlocksPerSecond: number;
  creditPassMs: number;
  creditDelayMedianMs: number;
  creditDelayMaxMs: number;
}

/**
 * On the local EVM node: a catch-up scan over 5,000 blocks holding 1,000 deposits from bound users
 * (target >= 2,000 blocks/s), then the delay from the confirming block being mined to the balance
 * being credited, through the pg-boss job loop as `npm start` runs it (target < 1 s).
 */
export async function chainBench(handle: DatabaseHandle, url: string): Promise<ChainFigures> {
  const chain = await startDevChain();
  const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
  const config = loadConfig({
    NODE_ENV: 'test',
    BSC_RPC_URL: chain.url,
    BSC_USDT_CONTRACT: chain.token,
    BSC_DEPOSIT_ADDRESS: DEPOSIT_ADDRESS,
  });
  const service = createChainService(
    { db: handle.db, clock: systemClock, log, mailer: createMailer(config, handle.db, log) },
    adaptersFromConfig(config),
    {
      confirmations: config.CHAIN_CONFIRMATIONS,
      batchBlocks: config.CHAIN_SCAN_BATCH_BLOCKS,
      timeZone: config.TOPUP_TIME_ZONE,
    },
  );
  let boss: PgBoss | undefined;
  try {
    const senders = await boundUsers(handle, DEPOSITS + 10);
    const start = (await chain.blockNumber()) + 1n;
    await placeDeposits(chain, senders.slice(0, DEPOSITS));
    const end = await chain.blockNumber();
    await handle.db
      .insertInto('chain_checkpoints')
      .values({ network: 'BSC', next_block: start.toString(), head_block: start.toString() })
      .onConflict((oc) => oc.column('network').doUpdateSet({ next_block: start.toString() }))
      .execute();

    const began = performance.now();
    await service.scan('BSC');
    const scanSeconds = (performance.now() - began) / 1000;
    const found = await handle.db
      .selectFrom('chain_deposits')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();

    const creditBegan = performance.now();
    await service.credit('BSC');
    const creditPassMs = performance.now() - creditBegan;

    // Crediting as it runs in production: a pg-boss job per network queued every CHAIN_POLL_MS.
    boss = new PgBoss({ connectionString: url, max: 4 });
    await boss.start();
    const stopJobs = await startChainJobs(boss, service, config.CHAIN_POLL_MS, log);
    const delays: number[] = [];
    for (const sender of senders.slice(DEPOSITS, DEPOSITS + 5)) {
      await chain.mintUsdt(sender.address, 1_000_000n);
      await chain.sendUsdt(sender.address, DEPOSIT_ADDRESS, 1_000_000n);
      await chain.mine(CONFIRMATIONS - 2);
      await new Promise((r) => setTimeout(r, 1500)); // let the job see it "confirming"
      await chain.mine(1); // the confirming block
      const mined = performance.now();
      while (!(await credited(handle, sender.userId))) await new Promise((r) => setTimeout(r, 5));
      delays.push(performance.now() - mined);
    }
    stopJobs();
    delays.sort((a, b) => a - b);
    return {
      scanBlocks: Number(end - start + 1n),
      scanDeposits: Number(found.n),
      scanBlocksPerSecond: Number(end - start + 1n) / scanSeconds,
      creditPassMs,
      creditDelayMedianMs: delays[Math.floor(delays.length / 2)] ?? 0,
      creditDelayMaxMs: delays.at(-1) ?? 0,
    };
  } finally {
    await boss?.stop({ graceful: true, wait: true, timeout: 5000 });
    await chain.stop();
  }
}

async function credited(handle: DatabaseHandle, userId: string): Promise<boolean> {
  const row = await handle.db
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('user_id', '=', userId)
    .where('purpose', '=', 'wallet')
    .executeTakeFirst();
  return row !== undefined && Number(row.balance) > 0;
}

/**
 * Users bound to fresh BSC addresses, inserted in bulk (sign-up is not what is measured). The
 * database is fresh, so consecutive UIDs are unique; random ones collided about one run in twenty.
 */
async function boundUsers(handle: DatabaseHandle, count: number): Promise<Array<{ userId: string; address: Address }>> {
  const rows = Array.from({ length: count }, (_, i) => ({
    uid: String(20_000_000 + i),
    email: `chain-bench-${i}-${randomBytes(3).toString('hex')}@example.com`,
    password_hash: 'not-a-real-hash',
    bound_network: 'BSC' as const,
    bound_address: privateKeyToAddress(generatePrivateKey()),
    invite_code: randomBytes(5).toString('hex').toUpperCase(),
  }));
  const inserted = await handle.db.insertInto('users').values(rows).returning(['id', 'bound_address']).execute();
  return inserted.map((r) => ({ userId: r.id, address: r.bound_address as Address }));
}

/** 1,000 transfers to the deposit address, 5 per block, spread evenly over 5,000 blocks. */
async function placeDeposits(chain: Awaited<ReturnType<typeof startDevChain>>, senders: Array<{ address: Address }>) {
  const provider = { request: ({ method, params }: { method: string; params?: unknown }) => chain.request(method, params as unknown[]) };
  const transport = custom(provider);
  const deployer = createWalletClient({ chain: chain.chain, transport, account: chain.deployer });
  await chain.setAutomine(false);
  const groups = DEPOSITS / PER_BLOCK;
  const gap = Math.floor(BLOCKS / groups) - 2;
  for (let g = 0; g < groups; g++) {
    const group = senders.slice(g * PER_BLOCK, (g + 1) * PER_BLOCK);
    for (const s of group) {
      await chain.request('hardhat_setBalance', [s.address, numberToHex(10n ** 18n)]);
      await chain.request('hardhat_impersonateAccount', [s.address]);
      await deployer.writeContract({
        address: chain.token,
        abi: erc20Abi,
        functionName: 'mint',
        args: [s.address, 5_000_000n],
        gas: 100_000n,
      });
    }
    await chain.mine(1);
    for (const s of group) {
      const wallet = createWalletClient({ chain: chain.chain, transport, account: s.address });
      await wallet.writeContract({
        address: chain.token,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [DEPOSIT_ADDRESS, 5_000_000n],
        gas: 100_000n,
      });
    }
    await chain.mine(1);
    await chain.mine(gap);
  }
  await chain.setAutomine(true);
}
