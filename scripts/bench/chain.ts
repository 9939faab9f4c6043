import { randomBytes } from 'node:crypto';
import { erc20Abi, startDevChain } from '@wallet/devchain';
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import pino from 'pino';
import { type Address, createWalletClient, custom, getAddress, numberToHex } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import type { ChainAdapter } from '../../apps/server/src/modules/chain/adapter';
import { creditDeposit } from '../../apps/server/src/modules/chain/crediting';
import { startChainJobs } from '../../apps/server/src/modules/chain/jobs';
import { confirmingDepositsUpTo, queuedDeposits, updateConfirmingDeposit } from '../../apps/server/src/modules/chain/queries';
import type { ScanDeps } from '../../apps/server/src/modules/chain/scanner';
import { createChainService } from '../../apps/server/src/modules/chain/service';
import { adaptersFromConfig } from '../../apps/server/src/modules/chain/setup';
import { systemClock } from '../../apps/server/src/platform/clock';
import { loadConfig } from '../../apps/server/src/platform/config';
import type { DatabaseHandle } from '../../apps/server/src/platform/db/database';
import { startJobs, stopJobs } from '../../apps/server/src/platform/jobs';
import { createMailer } from '../../apps/server/src/platform/mail';
import { sized } from './size';

const BLOCKS = sized(5000, 50);
const DEPOSITS = sized(1000, 10);
const PER_BLOCK = 5;
/** Deposits whose credit delay after their confirming block is timed. */
const DELAYS_TIMED = sized(5, 1);
const CONFIRMATIONS = 15;
const DEPOSIT_ADDRESS = getAddress('0x00000000000000000000000000000000000dE905');

export interface ChainFigures {
  scanBlocks: number;
  scanDeposits: number;
  scanBlocksPerSecond: number;
  /** The batched credit pass over the scanned backlog (service.credit, as the job runs it). */
  creditPassMs: number;
  /** Deposits in each credit backlog (the batched one and the per-deposit baseline's). */
  creditBacklog: number;
  creditBatchedPerSecond: number;
  /** The same backlog for other members, credited one transaction per deposit (crediting before ADR 0026). */
  creditPerDepositMs: number;
  creditPerDepositPerSecond: number;
  creditDelayMedianMs: number;
  creditDelayMaxMs: number;
}

/**
 * On the local EVM node: a catch-up scan over 5,000 blocks holding 1,000 deposits from bound users
 * (target >= 2,000 blocks/s); crediting that backlog of 1,000 confirmed deposits in batches (target
 * >= 1,000/s), beside the same backlog for 1,000 other members (same blocks, other transaction hashes)
 * credited one transaction per deposit as before batches, the baseline; then the delay from the confirming block being mined to the balance
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
  const deps: ScanDeps = {
    db: handle.db,
    directUrl: handle.directUrl,
    clock: systemClock,
    log,
    mailer: createMailer(config, handle.db, log),
  };
  const adapters = adaptersFromConfig(config);
  const service = createChainService(deps, adapters, {
    confirmations: config.CHAIN_CONFIRMATIONS,
    batchBlocks: config.CHAIN_SCAN_BATCH_BLOCKS,
    timeZone: config.TOPUP_TIME_ZONE,
  });
  let boss: PgBoss | undefined;
  try {
    const senders = await boundUsers(handle, DEPOSITS * 2 + 10);
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
    const batched = await service.credit('BSC');
    const creditPassMs = performance.now() - creditBegan;
    if (batched.credited !== DEPOSITS) throw new Error(`chain bench: the batched pass credited ${batched.credited} of ${DEPOSITS}`);

    // The baseline: the same backlog for other members, credited as before batches.
    await copyBacklog(handle, senders.slice(DEPOSITS, DEPOSITS * 2));
    const perDepositBegan = performance.now();
    const single = await creditOneByOne(deps, adapters[0] as ChainAdapter, config.CHAIN_CONFIRMATIONS.BSC, config.TOPUP_TIME_ZONE);
    const creditPerDepositMs = performance.now() - perDepositBegan;
    if (single !== DEPOSITS) throw new Error(`chain bench: the per-deposit baseline credited ${single} of ${DEPOSITS}`);

    // Crediting as it runs in production: its job queue started as main.ts starts it, a pg-boss job
    // per network queued every CHAIN_POLL_MS.
    boss = await startJobs(url, log);
    const stopJobs = await startChainJobs(boss, service, config.CHAIN_POLL_MS, log);
    const delays: number[] = [];
    for (const sender of senders.slice(DEPOSITS * 2, DEPOSITS * 2 + DELAYS_TIMED)) {
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
      creditBacklog: DEPOSITS,
      creditBatchedPerSecond: DEPOSITS / (creditPassMs / 1000),
      creditPerDepositMs,
      creditPerDepositPerSecond: DEPOSITS / (creditPerDepositMs / 1000),
      creditDelayMedianMs: delays[Math.floor(delays.length / 2)] ?? 0,
      creditDelayMaxMs: delays.at(-1) ?? 0,
    };
  } finally {
    if (boss) await stopJobs(boss, 5000);
    await chain.stop();
  }
}

/**
 * A second backlog shaped like the scanned one: each of its confirmed deposits again (same block,
 * hash and amount, so the chain check passes) under a fresh transaction hash, from another member.
 */
async function copyBacklog(handle: DatabaseHandle, members: Array<{ userId: string; address: Address }>) {
  const scanned = await handle.db
    .selectFrom('chain_deposits')
    .selectAll()
    .where('network', '=', 'BSC')
    .orderBy('block_number')
    .orderBy('log_index')
    .execute();
  const now = new Date();
  await handle.db
    .insertInto('chain_deposits')
    .values(
      scanned.map((d, i) => {
        const member = members[i] as { userId: string; address: Address };
        return {
          network: d.network,
          currency: d.currency,
          tx_hash: `0x${randomBytes(32).toString('hex')}`,
          log_index: d.log_index,
          from_address: member.address,
          to_address: d.to_address,
          amount: d.amount,
          raw_amount: d.raw_amount,
          block_number: d.block_number,
          block_hash: d.block_hash,
          status: 'confirming' as const,
          user_id: member.userId,
          attributed_by: 'bound_address',
          detected_at: now,
          updated_at: now,
        };
      }),
    )
    .execute();
}

/**
 * Crediting as it was before batches (ADR 0026), the baseline: queued deposits first, then each
 * confirmed deposit in chain order, its block's hash asked in turn, in a transaction of its own
 * (creditDeposit, which an operator's assignment still uses).
 */
async function creditOneByOne(deps: ScanDeps, adapter: ChainAdapter, confirmations: number, timeZone: string): Promise<number> {
  let credited = 0;
  for (const row of await queuedDeposits(deps.db, adapter.network)) {
    if ((await creditDeposit(deps.db, row.id, deps.clock.now(), timeZone)) === 'credited') credited += 1;
  }
  const lastFinal = (await adapter.head()) - BigInt(confirmations) + 1n;
  const hashes = new Map<string, string | null>();
  for (const deposit of await confirmingDepositsUpTo(deps.db, adapter.network, lastFinal.toString())) {
    if (!hashes.has(deposit.block_number)) hashes.set(deposit.block_number, await adapter.blockHash(BigInt(deposit.block_number)));
    const now = deps.clock.now();
    if (hashes.get(deposit.block_number) !== deposit.block_hash) {
      await updateConfirmingDeposit(deps.db, deposit.id, deposit.block_hash, {
        status: 'dropped',
        note: 'block_left_chain',
        updated_at: now,
      });
    } else if (!deposit.user_id) {
      await updateConfirmingDeposit(deps.db, deposit.id, deposit.block_hash, {
        status: 'unattributed',
        note: 'unbound_sender',
        updated_at: now,
      });
    } else if ((await creditDeposit(deps.db, deposit.id, now, timeZone)) === 'credited') credited += 1;
  }
  return credited;
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
