import { erc20Abi } from '@wallet/devchain';
import { encodeFunctionData } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ChainTestbed,
  chainDeps,
  DEPOSIT_ADDRESS,
  randomAddress,
  startChainTestbed,
  usdtBalance,
  userWithAddress,
} from '../../../test/chain';
import { failNotificationWrites, notificationsAbout, notificationsOf } from '../../../test/notifications';
import { systemClock } from '../../platform/clock';
import { loadConfig } from '../../platform/config';
import { ledgerViolations } from '../ledger';
import type { ChainAdapter } from './adapter';
import { createChainService } from './service';
import { adaptersFromConfig } from './setup';

const USDT = (whole: number) => BigInt(whole) * 1_000_000n;

let bed: ChainTestbed;
beforeAll(async () => {
  bed = await startChainTestbed();
});
afterAll(async () => {
  await bed?.close();
});

async function depositRows(txHash: string) {
  return bed.t.database.handle.db.selectFrom('chain_deposits').selectAll().where('tx_hash', '=', txHash).execute();
}

async function journalsFor(txHash: string) {
  return bed.t.database.handle.db
    .selectFrom('ledger_journal')
    .select(['id', 'type_code'])
    .where('idempotency_key', 'like', `deposit:BSC:${txHash}:%`)
    .execute();
}

describe('BSC USDT deposits on the local chain', () => {
  it('is seen at once, waits for its confirmations, then is credited once with code 11', async () => {
    const { chain, t } = bed;
    const user = await userWithAddress(t, 'BSC', randomAddress());
    await chain.mintUsdt(user.address as `0x${string}`, USDT(100));
    const hash = await chain.sendUsdt(user.address as `0x${string}`, DEPOSIT_ADDRESS, 12_345_678n);

    await t.app.chain.scan('BSC');
    await t.app.chain.credit('BSC');
    const [seen] = await depositRows(hash);
    expect(seen).toMatchObject({ status: 'confirming', user_id: user.id, amount: expect.stringMatching(/^12\.345678/) });
    expect(await usdtBalance(t, user.id)).toBe('0');

    const listed = await t.app.inject({ method: 'GET', url: '/api/v1/topup/deposits', headers: user.headers });
    expect(listed.json().deposits[0]).toMatchObject({
      status: 'confirming',
      confirmations: 1,
      confirmationsRequired: 3,
      txHash: hash,
      amount: '12.345678',
    });

    await chain.mine(1); // 2 of 3
    await t.app.chain.scan('BSC');
    await t.app.chain.credit('BSC');
    expect(await usdtBalance(t, user.id)).toBe('0');

    await chain.mine(1); // 3 of 3
    await t.app.chain.scan('BSC');
    await t.app.chain.credit('BSC');
    expect(await usdtBalance(t, user.id)).toBe('12.345678');
    const [credited] = await depositRows(hash);
    expect(credited?.status).toBe('credited');
    expect(await journalsFor(hash)).toEqual([expect.objectContaining({ type_code: 11 })]);
    const info = await t.app.inject({ method: 'GET', url: '/api/v1/topup', headers: user.headers });
    expect(info.json()).toMatchObject({
      devFaucet: null,
      remainingToday: 4,
      perDay: 5,
      networks: [{ network: 'BSC', depositAddress: DEPOSIT_ADDRESS, confirmationsRequired: 3 }],
    });
  });

  it('credits once however many scans overlap or repeat, even from the start of the chain', async () => {
    const { chain, t } = bed;
    const user = await userWithAddress(t, 'BSC', randomAddress());
    await chain.mintUsdt(user.address as `0x${string}`, USDT(10));
    const hash = await chain.sendUsdt(user.address as `0x${string}`, DEPOSIT_ADDRESS, USDT(10));
    await chain.mine(5);
    await Promise.all([t.app.chain.scan('BSC'), t.app.chain.scan('BSC'), t.app.chain.scan('BSC')]);
    await Promise.all([t.app.chain.credit('BSC'), t.app.chain.credit('BSC'), t.app.chain.credit('BSC')]);
    // A rescan from block 0 (an operator moved the checkpoint back) finds the same transfer again.
    await t.database.handle.db.updateTable('chain_checkpoints').set({ next_block: '0' }).execute();
    await t.app.chain.scan('BSC');
    await Promise.all([t.app.chain.credit('BSC'), t.app.chain.credit('BSC')]);
    expect(await depositRows(hash)).toHaveLength(1);
    expect(await journalsFor(hash)).toHaveLength(1);
    expect(await usdtBalance(t, user.id)).toBe('10');
    expect(await ledgerViolations(t.database.handle.db)).toEqual([]);
  });

  it('drops a deposit whose block left the chain before its confirmations (reorg)', async () => {
    const { chain, t } = bed;
    const user = await userWithAddress(t, 'BSC', randomAddress());
    await chain.mintUsdt(user.address as `0x${string}`, USDT(50));
    const snapshot = await chain.snapshot();
    const hash = await chain.sendUsdt(user.address as `0x${string}`, DEPOSIT_ADDRESS, USDT(50));
    await t.app.chain.scan('BSC');
    expect((await depositRows(hash))[0]?.status).toBe('confirming');

    // The branch holding the transfer is replaced by a longer one without it.
    await chain.revert(snapshot);
    await chain.mine(4);
    await t.app.chain.scan('BSC');
    await t.app.chain.credit('BSC');
    expect((await depositRows(hash))[0]).toMatchObject({ status: 'dropped', note: 'block_left_chain' });
    expect(await usdtBalance(t, user.id)).toBe('0');
    expect(await journalsFor(hash)).toHaveLength(0);
  });

  it('follows a transfer mined again in another block after a reorg, and credits it there', async () => {
    const { chain, t } = bed;
    const key = generatePrivateKey();
    const sender = privateKeyToAccount(key);
    const user = await userWithAddress(t, 'BSC', sender.address);
    await chain.mintUsdt(sender.address, USDT(7));
    await chain.request('hardhat_setBalance', [sender.address, '0xde0b6b3a7640000']);
    // Signed by the user's own key, so the very same bytes can be mined again on another branch.
    const signed = await sender.signTransaction({
      type: 'legacy',
      chainId: chain.chainId,
      nonce: 0,
      to: chain.token,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [DEPOSIT_ADDRESS, USDT(7)] }),
      gas: 100_000n,
      gasPrice: 10_000_000_000n,
    });
    const snapshot = await chain.snapshot();
    await chain.mine(1);
    const hash = await chain.request<`0x${string}`>('eth_sendRawTransaction', [signed]);
    await t.app.chain.scan('BSC');
    const [first] = await depositRows(hash);
    expect(first?.status).toBe('confirming');

    await chain.revert(snapshot);
    await chain.request('eth_sendRawTransaction', [signed]); // one block earlier this time
    await chain.mine(3);
    await t.app.chain.scan('BSC');
    await t.app.chain.credit('BSC');
    const rows = await depositRows(hash);
    expect(rows).toHaveLength(1);
    expect(Number(rows[0]?.block_number)).toBe(Number(first?.block_number) - 1);
    expect(rows[0]?.status).toBe('credited');
    expect(await usdtBalance(t, user.id)).toBe('7');
    // Seen once (following it into its new block is no new deposit), credited once.
    expect((await notificationsOf(t, user.id)).map((n) => n.code)).toEqual(['deposit_seen', 'deposit_credited']);
  });

  it('resumes a long catch-up after a crash in the middle and credits each deposit once', async () => {
    const { chain, t } = bed;
    const users = await Promise.all([1, 2, 3].map(() => userWithAddress(t, 'BSC', randomAddress())));
    const start = await chain.blockNumber();
    for (const user of users) {
      await chain.mintUsdt(user.address as `0x${string}`, USDT(3));
      await chain.sendUsdt(user.address as `0x${string}`, DEPOSIT_ADDRESS, USDT(3));
      await chain.mine(25);
    }
    await t.database.handle.db.updateTable('chain_checkpoints').set({ next_block: start.toString() }).execute();

    // A "process" that dies while reading its second range of blocks.
    const real = adaptersFromConfig(testConfig())[0] as ChainAdapter;
    let calls = 0;
    const crashing: ChainAdapter = {
      ...real,
      transfersIn: async (from, to) => {
        calls += 1;
        if (calls === 2) throw new Error('killed');
        return real.transfersIn(from, to);
      },
    };
    const settings = { confirmations: { BSC: 3, TRON: 19, ETH: 12, BTC: 2 }, batchBlocks: 20, timeZone: '+08:00' };
    const deps = chainDeps(t, systemClock);
    await expect(createChainService(deps, [crashing], settings).scan('BSC')).rejects.toThrow('killed');
    const saved = await t.database.handle.db.selectFrom('chain_checkpoints').select('next_block').executeTakeFirstOrThrow();
    expect(BigInt(saved.next_block)).toBeGreaterThan(start);

    // The next process starts from the saved checkpoint and finishes the job.
    const restarted = createChainService(deps, adaptersFromConfig(testConfig()), settings);
    await restarted.scan('BSC');
    await restarted.credit('BSC');
    await restarted.credit('BSC');
    for (const user of users) expect(await usdtBalance(t, user.id)).toBe('3');
    expect(await ledgerViolations(t.database.handle.db)).toEqual([]);
  });
});

describe('what the member is told of a deposit', () => {
  const depositId = async (hash: string) => (await depositRows(hash))[0]?.id as string;

  it('once when it is first seen and once when it is credited, however often scans and credits repeat', async () => {
    const { chain, t } = bed;
    const user = await userWithAddress(t, 'BSC', randomAddress());
    await chain.mintUsdt(user.address as `0x${string}`, USDT(100));
    const hash = await chain.sendUsdt(user.address as `0x${string}`, DEPOSIT_ADDRESS, 12_345_600n);
    await Promise.all([t.app.chain.scan('BSC'), t.app.chain.scan('BSC'), t.app.chain.scan('BSC')]);
    await t.app.chain.credit('BSC');
    const id = await depositId(hash);
    // The ledger's amount, trailing zeros trimmed (12.3456, not 12.345600).
    const params = { amount: '12.3456', currency: 'USDT', network: 'BSC' };
    expect(await notificationsOf(t, user.id)).toEqual([{ code: 'deposit_seen', params, ref_kind: 'deposit', ref_id: id }]);

    await chain.mine(2);
    await Promise.all([t.app.chain.scan('BSC'), t.app.chain.credit('BSC'), t.app.chain.credit('BSC'), t.app.chain.credit('BSC')]);
    // A rescan from block 0 finds the credited transfer again, and crediting runs again.
    await t.database.handle.db.updateTable('chain_checkpoints').set({ next_block: '0' }).execute();
    await t.app.chain.scan('BSC');
    await t.app.chain.credit('BSC');
    expect(await usdtBalance(t, user.id)).toBe('12.3456');
    expect(await notificationsOf(t, user.id)).toEqual([
      { code: 'deposit_seen', params, ref_kind: 'deposit', ref_id: id },
      { code: 'deposit_credited', params, ref_kind: 'deposit', ref_id: id },
    ]);
  });

  it('not again when its block leaves the chain (reorg), nor when it is found again', async () => {
    const { chain, t } = bed;
    const user = await userWithAddress(t, 'BSC', randomAddress());
    await chain.mintUsdt(user.address as `0x${string}`, USDT(50));
    const snapshot = await chain.snapshot();
    const hash = await chain.sendUsdt(user.address as `0x${string}`, DEPOSIT_ADDRESS, USDT(50));
    await t.app.chain.scan('BSC');
    await chain.revert(snapshot);
    await chain.mine(4);
    await t.app.chain.scan('BSC');
    await t.app.chain.credit('BSC');
    expect((await depositRows(hash))[0]?.status).toBe('dropped');
    expect((await notificationsOf(t, user.id)).map((n) => n.code)).toEqual(['deposit_seen']);
  });

  it('nothing at all for a deposit no member is known to have sent', async () => {
    const { chain, t } = bed;
    const stranger = randomAddress();
    await chain.mintUsdt(stranger, USDT(5));
    const hash = await chain.sendUsdt(stranger, DEPOSIT_ADDRESS, USDT(5));
    await chain.mine(3);
    await t.app.chain.scan('BSC');
    await t.app.chain.credit('BSC');
    expect((await depositRows(hash))[0]?.status).toBe('unattributed');
    expect(await notificationsAbout(t, 'deposit', await depositId(hash))).toEqual([]);
  });

  it('nothing when recording or crediting rolls back: the notice is written in their transaction', async () => {
    const { chain, t } = bed;
    const user = await userWithAddress(t, 'BSC', randomAddress());
    await chain.mintUsdt(user.address as `0x${string}`, USDT(8));
    const hash = await chain.sendUsdt(user.address as `0x${string}`, DEPOSIT_ADDRESS, USDT(8));
    let restore = await failNotificationWrites(t);
    await expect(t.app.chain.scan('BSC')).rejects.toThrow();
    await restore();
    expect(await depositRows(hash)).toEqual([]);
    await t.app.chain.scan('BSC');
    expect((await notificationsOf(t, user.id)).map((n) => n.code)).toEqual(['deposit_seen']);

    await chain.mine(3);
    await t.app.chain.scan('BSC');
    restore = await failNotificationWrites(t);
    await expect(t.app.chain.credit('BSC')).rejects.toThrow();
    await restore();
    expect((await depositRows(hash))[0]?.status).toBe('confirming');
    expect(await usdtBalance(t, user.id)).toBe('0');
    expect((await notificationsOf(t, user.id)).map((n) => n.code)).toEqual(['deposit_seen']);
    await t.app.chain.credit('BSC');
    expect(await usdtBalance(t, user.id)).toBe('8');
    expect((await notificationsOf(t, user.id)).map((n) => n.code)).toEqual(['deposit_seen', 'deposit_credited']);
  });
});

function testConfig() {
  return loadConfig({
    NODE_ENV: 'test',
    BSC_RPC_URL: bed.chain.url,
    BSC_USDT_CONTRACT: bed.chain.token,
    BSC_DEPOSIT_ADDRESS: DEPOSIT_ADDRESS,
  });
}
