import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HDKey } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChainTestbed, randomAddress, startChainTestbed, userWithAddress } from '../../../test/chain';
import { createBtcAddressBook } from './btc-address';
import { satsToBtc } from './esplora-adapter';

/**
 * BTC deposits through an Esplora HTTP API. No Bitcoin node can run here, so a small local server
 * answers the endpoints we call exactly as Esplora documents them (/blocks/tip/height,
 * /block-height/:height, /block/:hash/txs/:start in pages of 25, /tx/:txid) from blocks the test
 * writes, including a reorganisation.
 */
type Tx = { txid: string; vout: Array<{ scriptpubkey_address: string; value: number }>; status: Record<string, unknown> };
const blocks: Array<{ hash: string; txs: Tx[] }> = [{ hash: hex(), txs: [] }];
const xpub = HDKey.fromMasterSeed(randomBytes(32)).publicExtendedKey;
let esplora: Server;
let bed: ChainTestbed;

function hex() {
  return randomBytes(32).toString('hex');
}

function mine(txs: Tx[] = []) {
  const block = { hash: hex(), txs };
  for (const tx of txs) tx.status = { confirmed: true, block_height: blocks.length, block_hash: block.hash };
  blocks.push(block);
  return block;
}

function payment(address: string, sats: number): Tx {
  return {
    txid: hex(),
    vout: [
      { scriptpubkey_address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', value: 1234 },
      { scriptpubkey_address: address, value: sats },
    ],
    status: { confirmed: false },
  };
}

beforeAll(async () => {
  esplora = createServer((req, res) => {
    const url = req.url ?? '';
    const text = (body: string) => res.writeHead(200, { 'content-type': 'text/plain' }).end(body);
    const json = (body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const height = /^\/block-height\/(\d+)$/.exec(url);
    const page = /^\/block\/([0-9a-f]{64})\/txs\/(\d+)$/.exec(url);
    const single = /^\/tx\/([0-9a-f]{64})$/.exec(url);
    if (url === '/blocks/tip/height') return text(String(blocks.length - 1));
    if (height) {
      const block = blocks[Number(height[1])];
      return block ? text(block.hash) : res.writeHead(404).end('Block not found');
    }
    if (page) {
      const block = blocks.find((b) => b.hash === page[1]);
      return block ? json(block.txs.slice(Number(page[2]), Number(page[2]) + 25)) : res.writeHead(404).end('Block not found');
    }
    if (single) {
      const tx = blocks.flatMap((b) => b.txs).find((t) => t.txid === single[1]);
      return tx ? json(tx) : res.writeHead(404).end('Transaction not found');
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => esplora.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(esplora.address() as AddressInfo).port}`;
  bed = await startChainTestbed({ env: { BSC_RPC_URL: '', BTC_ESPLORA_URL: url, BTC_XPUB: xpub } });
});
afterAll(async () => {
  await bed?.close();
  await new Promise((resolve) => esplora?.close(resolve));
});

const depositOf = (txid: string) =>
  bed.t.database.handle.db.selectFrom('chain_deposits').selectAll().where('tx_hash', '=', txid).executeTakeFirstOrThrow();

describe('BTC deposits (watch-only, a deposit address per user)', () => {
  it('converts satoshis to BTC exactly', () => {
    expect(satsToBtc(150_000n)).toBe('0.0015');
    expect(satsToBtc(2_100_000_000_000_000n)).toBe('21000000');
    expect(satsToBtc(1n)).toBe('0.00000001');
  });

  it('gives each user a stable address derived from the xpub', async () => {
    const user = await userWithAddress(bed.t, 'TRON', 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7');
    const book = createBtcAddressBook(xpub);
    const info = await bed.t.app.inject({ method: 'GET', url: '/api/v1/topup', headers: user.headers });
    const btc = info.json().networks.find((n: { network: string }) => n.network === 'BTC');
    expect(btc).toMatchObject({ currency: 'BTC', confirmationsRequired: 2, depositAddress: book.addressOf(user.uid) });
    expect(btc.depositAddress).toMatch(/^bc1q[0-9a-z]{38}$/);
    const other = await userWithAddress(bed.t, 'BSC', randomAddress());
    expect(book.addressOf(other.uid)).not.toBe(btc.depositAddress);
  });

  it('credits an output to my address after 2 confirmations (code 243), reading blocks page by page', async () => {
    const { t } = bed;
    const user = await userWithAddress(t, 'TRON', 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7');
    const address = createBtcAddressBook(xpub).addressOf(user.uid);
    const filler = Array.from({ length: 30 }, () => payment('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 1000));
    const tx = payment(address, 150_000);
    mine([...filler, tx]); // the deposit is on the second page of its block
    await t.app.chain.scan('BTC');
    await t.app.chain.credit('BTC');
    expect(await depositOf(tx.txid)).toMatchObject({
      status: 'confirming',
      user_id: user.id,
      log_index: 1,
      attributed_by: 'deposit_address',
    });

    mine();
    await t.app.chain.scan('BTC');
    await t.app.chain.credit('BTC');
    expect(await depositOf(tx.txid)).toMatchObject({ status: 'credited' });
    const balance = await t.app.inject({ method: 'GET', url: '/api/v1/wallet/balances', headers: user.headers });
    expect(balance.json().balances).toEqual(expect.arrayContaining([expect.objectContaining({ currency: 'BTC', balance: '0.0015' })]));
    const journal = await t.database.handle.db
      .selectFrom('ledger_journal')
      .select('type_code')
      .where('idempotency_key', '=', `deposit:BTC:${tx.txid}:1`)
      .executeTakeFirst();
    expect(journal?.type_code).toBe(243);

    const checked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/topup/check',
      headers: user.headers,
      payload: { network: 'BTC', txHash: tx.txid },
    });
    expect(checked.json().deposits).toEqual([expect.objectContaining({ status: 'credited', amount: '0.0015' })]);
  });

  it('drops a deposit whose block was replaced before its confirmations', async () => {
    const { t } = bed;
    const user = await userWithAddress(t, 'BSC', randomAddress());
    const tx = payment(createBtcAddressBook(xpub).addressOf(user.uid), 5_000);
    mine([tx]);
    await t.app.chain.scan('BTC');
    // A competing block at the same height without it, then one more on top.
    blocks[blocks.length - 1] = { hash: hex(), txs: [] };
    mine();
    await t.app.chain.scan('BTC');
    await t.app.chain.credit('BTC');
    expect(await depositOf(tx.txid)).toMatchObject({ status: 'dropped' });
  });
});
