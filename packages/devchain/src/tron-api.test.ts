import { createHash } from 'node:crypto';
import { encodeFunctionData, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAddress, sign } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DevChain, erc20Abi, startDevChain } from './node';
import { startTronHttpApi, type TronHttpApi } from './tron-api';

const RECEIVER = '0x2222222222222222222222222222222222222222';

let chain: DevChain;
let api: TronHttpApi;
let tronToken: `0x${string}`;

beforeAll(async () => {
  chain = await startDevChain();
  tronToken = await chain.deployToken();
  api = await startTronHttpApi(chain);
});
afterAll(async () => {
  await api?.close();
  await chain?.stop();
});

const tronHex = (address: string) => `41${address.slice(2).toLowerCase()}`;

/**
 * A USDT transfer as tronweb signs it: raw data (here any bytes that hold the call), its SHA-256 as
 * the id, and a secp256k1 signature of the id (r, s, v).
 */
async function signedTransfer(key: Hex, amount: bigint, { expiration = Date.now() + 600_000, signer = key } = {}) {
  const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [RECEIVER, amount] }).slice(2);
  const rawHex = `0a02beef${data}${Date.now().toString(16)}${Math.random().toString(16).slice(2)}`.padEnd(200, '0');
  const rawDataHex = rawHex.length % 2 ? `${rawHex}0` : rawHex;
  const txID = createHash('sha256').update(Buffer.from(rawDataHex, 'hex')).digest('hex');
  const signature = await sign({ hash: `0x${txID}`, privateKey: signer, to: 'hex' });
  return {
    txID,
    raw_data_hex: rawDataHex,
    signature: [signature.slice(2)],
    raw_data: {
      expiration,
      contract: [
        {
          type: 'TriggerSmartContract',
          parameter: { value: { owner_address: tronHex(privateKeyToAddress(key)), contract_address: tronHex(tronToken), data } },
        },
      ],
    },
  };
}

const post = async (path: string, body: unknown) =>
  (await fetch(`${api.url}${path}`, { method: 'POST', body: JSON.stringify(body) })).json() as Promise<Record<string, unknown>>;

describe('the TRON HTTP API stand-in', () => {
  it('carries out a signed transfer on the second token once, then reports it mined', async () => {
    const key = generatePrivateKey();
    const owner = privateKeyToAddress(key);
    await chain.mintUsdt(owner, 5_000_000n, tronToken);
    const tx = await signedTransfer(key, 2_000_000n);

    expect(await post('/wallet/broadcasttransaction', tx)).toEqual({ result: true, txid: tx.txID });
    expect(await chain.usdtBalance(RECEIVER, tronToken)).toBe(2_000_000n);
    // The first token is another network's: untouched.
    expect(await chain.usdtBalance(RECEIVER)).toBe(0n);
    expect(await post('/wallet/broadcasttransaction', tx)).toMatchObject({ code: 'DUP_TRANSACTION_ERROR' });
    expect(await chain.usdtBalance(RECEIVER, tronToken)).toBe(2_000_000n);

    const info = await post('/wallet/gettransactioninfobyid', { value: tx.txID });
    expect(info).toMatchObject({ id: tx.txID, receipt: { result: 'SUCCESS' } });
    expect(info.blockNumber).toBe(Number(await chain.blockNumber()));
    expect(await post('/wallet/gettransactioninfobyid', { value: 'ab'.repeat(32) })).toEqual({});
  });

  it('refuses what a TRON node refuses: another signer, a changed id, an expired transaction', async () => {
    const key = generatePrivateKey();
    await chain.mintUsdt(privateKeyToAddress(key), 5_000_000n, tronToken);
    const before = await chain.usdtBalance(RECEIVER, tronToken);

    const forged = await signedTransfer(key, 1_000_000n, { signer: generatePrivateKey() });
    expect(await post('/wallet/broadcasttransaction', forged)).toMatchObject({ result: false, code: 'SIGERROR' });
    const changed = { ...(await signedTransfer(key, 1_000_000n)), txID: 'cd'.repeat(32) };
    expect(await post('/wallet/broadcasttransaction', changed)).toMatchObject({ result: false, code: 'TRANSACTION_ID_ERROR' });
    const old = await signedTransfer(key, 1_000_000n, { expiration: Date.now() - 60_000 });
    expect(await post('/wallet/broadcasttransaction', old)).toMatchObject({ result: false, code: 'TRANSACTION_EXPIRATION_ERROR' });

    expect(await chain.usdtBalance(RECEIVER, tronToken)).toBe(before);
  });
});
