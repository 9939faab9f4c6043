import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastCode, sendAccountCode, setPaymentPin } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { randomAddress, usdtBalance, userWithAddress } from '../../../test/chain';
import { ManualClock } from '../../../test/clock';
import { freePort } from '../../../test/free-port';
import { loadConfig } from '../../platform/config';
import { createLogger } from '../../platform/logger';
import { type LocalChain, startLocalChain } from './local-chain';
import { hexToTron, tronToHex } from './tron-address';

/**
 * What `npm start` gets with no chain settings: the local chain plays BSC, TRON (its own test USDT,
 * T-form addresses, the TRON HTTP API played on the node) and ETH, with one hot wallet that both
 * receives top-ups and sends withdrawals. The app here runs on exactly the settings it hands back.
 */
const clock = new ManualClock();
let local: LocalChain;
let t: TestApp;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'local-chain-test-'));
  const development = loadConfig({
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    DEVCHAIN_PORT: String(await freePort()),
    DEVCHAIN_BLOCK_MS: '0',
  });
  local = await startLocalChain(development, createLogger('silent'));
  const c = local.config;
  const chainEnv = {
    BSC_RPC_URL: c.BSC_RPC_URL,
    BSC_USDT_CONTRACT: c.BSC_USDT_CONTRACT,
    BSC_DEPOSIT_ADDRESS: c.BSC_DEPOSIT_ADDRESS,
    BSC_HOT_WALLET_KEY: c.BSC_HOT_WALLET_KEY,
    TRON_RPC_URL: c.TRON_RPC_URL,
    TRON_USDT_CONTRACT: c.TRON_USDT_CONTRACT,
    TRON_DEPOSIT_ADDRESS: c.TRON_DEPOSIT_ADDRESS,
    TRON_API_URL: c.TRON_API_URL,
    TRON_HOT_WALLET_KEY: c.TRON_HOT_WALLET_KEY,
    ETH_RPC_URL: c.ETH_RPC_URL,
    ETH_DEPOSIT_ADDRESS: c.ETH_DEPOSIT_ADDRESS,
  };
  t = await createTestApp({
    clock,
    devchain: local.devchain,
    env: {
      ...Object.fromEntries(Object.entries(chainEnv).map(([name, value]) => [name, String(value ?? '')])),
      CHAIN_CONFIRMATIONS: '{"BSC":3,"TRON":3}',
      WITHDRAW_AUTO_APPROVE_BELOW: '100',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await local?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('the local chain on npm start', () => {
  it('plays TRON as well as BSC and ETH, with a token of its own and T-form addresses', () => {
    const c = local.config;
    expect(local.networks.sort()).toEqual(['BSC', 'ETH', 'TRON']);
    expect(c.TRON_RPC_URL).toBe(local.devchain.url);
    expect(c.TRON_DEPOSIT_ADDRESS).toBe(hexToTron(local.devchain.hotWallet));
    expect(c.TRON_USDT_CONTRACT).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    // Its own contract: a BSC transfer is never a TRON deposit, nor the other way round.
    expect(tronToHex(c.TRON_USDT_CONTRACT as string).toLowerCase()).not.toBe(local.devchain.token.toLowerCase());
    expect(c.TRON_API_URL).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(c.TRON_HOT_WALLET_KEY).toBe(c.BSC_HOT_WALLET_KEY);
  });

  it('leaves TRON alone when a TRON node is configured', async () => {
    const configured = loadConfig({
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      DEVCHAIN_PORT: String(await freePort()),
      DEVCHAIN_BLOCK_MS: '0',
      TRON_RPC_URL: 'http://127.0.0.1:9/jsonrpc',
    });
    const other = await startLocalChain(configured, createLogger('silent'));
    try {
      expect(other.networks.sort()).toEqual(['BSC', 'ETH']);
      expect(other.config.TRON_RPC_URL).toBe('http://127.0.0.1:9/jsonrpc');
      expect(other.config.TRON_USDT_CONTRACT).toBeUndefined();
      expect(other.config.TRON_API_URL).toBeUndefined();
    } finally {
      await other.stop();
    }
  });

  it('lets a TRON-bound member top up from /dev/chain and withdraw on TRON', async () => {
    const sender = randomAddress();
    const member = await userWithAddress(t, 'TRON', hexToTron(sender));
    const info = await t.app.inject({ method: 'GET', url: '/api/v1/topup', headers: member.headers });
    expect(info.json().networks).toEqual(
      expect.arrayContaining([expect.objectContaining({ network: 'TRON', depositAddress: local.config.TRON_DEPOSIT_ADDRESS })]),
    );
    const page = await t.app.inject({ method: 'GET', url: '/dev/chain' });
    expect(page.body).toContain(local.config.TRON_DEPOSIT_ADDRESS);

    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/v1/dev/chain/deposits',
      headers: member.headers,
      payload: { amount: '250' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({
      network: 'TRON',
      from: hexToTron(sender),
      to: local.config.TRON_DEPOSIT_ADDRESS,
      txHash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    await local.devchain.mine(3);
    await t.app.chain.scan('TRON');
    await t.app.chain.credit('TRON');
    expect(await usdtBalance(t, member.id)).toBe('250');
    // The BSC scan of the same node does not see it: another token.
    await t.app.chain.scan('BSC');
    const bsc = await t.database.handle.db.selectFrom('chain_deposits').select('id').where('network', '=', 'BSC').execute();
    expect(bsc).toEqual([]);

    const tronToken = tronToHex(local.config.TRON_USDT_CONTRACT as string);
    const to = randomAddress();
    await setPaymentPin(t, member, '135790');
    clock.advance(61);
    await sendAccountCode(t, member.token, 'withdraw');
    const withdrawal = await t.app.inject({
      method: 'POST',
      url: '/api/v1/wallet/withdrawals',
      headers: { ...member.headers, 'idempotency-key': `local-tron-${Date.now()}` },
      payload: { network: 'TRON', address: hexToTron(to), amount: '40', code: await lastCode(t, member.email), paymentPassword: '135790' },
    });
    expect(withdrawal.statusCode, withdrawal.body).toBe(200);
    await t.app.chain.sendWithdrawals('TRON');
    const status = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/v1/wallet/withdrawals/${withdrawal.json().id}`, headers: member.headers })).json();
    expect(await status()).toMatchObject({ status: 'confirming', txHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    // On TRON's token only (the fee is the member's, on top).
    expect(await local.devchain.usdtBalance(to, tronToken)).toBe(40_000_000n);
    expect(await local.devchain.usdtBalance(to)).toBe(0n);
    await local.devchain.mine(3);
    await t.app.chain.sendWithdrawals('TRON');
    expect((await status()).status).toBe('completed');
  });
});
