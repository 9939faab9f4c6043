import { mkdtemp, readdir, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DevChain, startDevChain } from './node';

const USER = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const DEPOSIT = '0x1111111111111111111111111111111111111111';

let chain: DevChain;
let cacheDir: string;

beforeAll(async () => {
  cacheDir = await mkdtemp(path.join(os.tmpdir(), 'devchain-test-'));
  chain = await startDevChain({ cacheDir, hotWalletUsdt: 1_000_000_000n });
});
afterAll(async () => {
  await chain.stop();
  await rm(cacheDir, { recursive: true, force: true });
});

async function rpc(url: string, method: string, params: unknown[] = []) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return ((await res.json()) as { result: unknown }).result;
}

describe('devchain', () => {
  it('serves JSON-RPC over HTTP with the configured chain id', async () => {
    expect(await rpc(chain.url, 'eth_chainId')).toBe('0x7a69');
  });

  it('deploys a 6-decimal token, caches its compiled output and funds the hot wallet', async () => {
    const decimals = await chain.client.readContract({
      address: chain.token,
      abi: [{ type: 'function', name: 'decimals', stateMutability: 'view', inputs: [], outputs: [{ type: 'uint8' }] }],
      functionName: 'decimals',
    });
    expect(decimals).toBe(6);
    expect(await chain.usdtBalance(chain.hotWallet)).toBe(1_000_000_000n);
    expect((await readdir(cacheDir)).some((f) => f.startsWith('TestUSDT-') && f.endsWith('.json'))).toBe(true);
  });

  it('sends USDT from any address (impersonated) and emits a Transfer log', async () => {
    await chain.mintUsdt(USER, 5_000_000n);
    const hash = await chain.sendUsdt(USER, DEPOSIT, 1_250_000n);
    const receipt = await chain.client.getTransactionReceipt({ hash });
    expect(receipt.logs).toHaveLength(1);
    expect(receipt.logs[0]?.address.toLowerCase()).toBe(chain.token.toLowerCase());
    expect(await chain.usdtBalance(DEPOSIT)).toBe(1_250_000n);
    expect(await chain.usdtBalance(USER)).toBe(3_750_000n);
  });

  it('mints to several addresses asked at the same moment (the faucet used by two members at once)', async () => {
    const to = [
      '0x00000000000000000000000000000000000000a1',
      '0x00000000000000000000000000000000000000a2',
      '0x00000000000000000000000000000000000000a3',
    ] as const;
    await Promise.all(to.map((address) => chain.mintUsdt(address, 2_000_000n)));
    for (const address of to) expect(await chain.usdtBalance(address)).toBe(2_000_000n);
  });

  it('mines many blocks at once', async () => {
    const before = await chain.blockNumber();
    await chain.mine(500);
    expect(await chain.blockNumber()).toBe(before + 500n);
  });

  it('reverts to a snapshot: the block that held a transfer leaves the chain', async () => {
    await chain.mintUsdt(USER, 1_000_000n);
    const snapshot = await chain.snapshot();
    const hash = await chain.sendUsdt(USER, DEPOSIT, 1_000_000n);
    const receipt = await chain.client.getTransactionReceipt({ hash });
    await chain.revert(snapshot);
    await chain.mine(3);
    const replaced = await chain.client.getBlock({ blockNumber: receipt.blockNumber });
    expect(replaced.hash).not.toBe(receipt.blockHash);
    await expect(chain.client.getTransactionReceipt({ hash })).rejects.toThrow();
  });

  it('stops cleanly and frees its port', async () => {
    const other = await startDevChain({ cacheDir, blockIntervalMs: 100 });
    await other.stop();
    await new Promise<void>((resolve, reject) => {
      const server = net.createServer();
      server.once('error', reject);
      server.listen(other.port, '127.0.0.1', () => server.close(() => resolve()));
    });
  });
});
