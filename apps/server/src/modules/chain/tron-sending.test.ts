import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEV_HOT_WALLET_KEY } from '@wallet/devchain';
import { TronWeb } from 'tronweb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastCode, sendAccountCode, setPaymentPin } from '../../../test/accounts';
import {
  type ChainTestbed,
  chainDeps,
  DEPOSIT_ADDRESS,
  randomAddress,
  startChainTestbed,
  usdtBalance,
  userWithAddress,
} from '../../../test/chain';
import { ManualClock } from '../../../test/clock';
import { notificationsAbout } from '../../../test/notifications';
import { createChainService } from './service';
import { hexToTron } from './tron-address';

/**
 * TRON withdrawals: built and signed offline with tronweb, broadcast to the TRON HTTP API. No TRON
 * node can run here, so a small local server answers the two endpoints we call exactly as the TRON
 * HTTP API documents them (wallet/broadcasttransaction, wallet/gettransactioninfobyid): it checks
 * that the transaction id is the hash of its raw data and that the signature recovers the hot
 * wallet, then carries the USDT transfer out on the local EVM node, which plays TRON's state.
 */
type SignedTx = {
  txID: string;
  raw_data_hex: string;
  signature: string[];
  raw_data: { contract: Array<{ parameter: { value: { data: string } } }> };
};

const PIN = '135790';
const clock = new ManualClock();
let bed: ChainTestbed;
let tronApi: Server;
const executed = new Map<string, bigint>();
const broadcasts: string[] = [];
const expired = new Set<string>();
let user: Awaited<ReturnType<typeof userWithAddress>>;
const verifier = new TronWeb({ fullHost: 'http://127.0.0.1:1' });

async function startTronApi(): Promise<string> {
  tronApi = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', async () => {
      const json = JSON.parse(body || '{}');
      const reply = (value: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      if (req.url === '/wallet/broadcasttransaction') {
        const tx = json as SignedTx;
        broadcasts.push(tx.txID);
        if (expired.has(tx.txID)) return reply({ code: 'TRANSACTION_EXPIRATION_ERROR', message: 'transaction expired' });
        if (createHash('sha256').update(Buffer.from(tx.raw_data_hex, 'hex')).digest('hex') !== tx.txID)
          return reply({ result: false, code: 'TRANSACTION_ID_ERROR' });
        if (verifier.trx.ecRecover(tx as never) !== hexToTron(bed.chain.hotWallet)) return reply({ result: false, code: 'SIGERROR' });
        if (executed.has(tx.txID)) return reply({ code: 'DUP_TRANSACTION_ERROR', message: 'dup transaction' });
        const data = tx.raw_data.contract[0]?.parameter.value.data ?? '';
        const to = `0x${data.slice(8 + 24, 8 + 64)}` as `0x${string}`;
        const amount = BigInt(`0x${data.slice(72, 136)}`);
        const hash = await bed.chain.sendUsdt(bed.chain.hotWallet, to, amount);
        const receipt = await bed.chain.client.getTransactionReceipt({ hash });
        executed.set(tx.txID, receipt.blockNumber);
        return reply({ result: true, txid: tx.txID });
      }
      if (req.url === '/wallet/gettransactioninfobyid') {
        const block = executed.get(json.value);
        return reply(block === undefined ? {} : { id: json.value, blockNumber: Number(block), receipt: { result: 'SUCCESS' } });
      }
      res.writeHead(404).end('{}');
    });
  });
  await new Promise<void>((resolve) => tronApi.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(tronApi.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  const apiUrl = await startTronApi();
  bed = await startChainTestbed({
    clock,
    tron: true,
    env: { BSC_RPC_URL: '', TRON_API_URL: apiUrl, TRON_HOT_WALLET_KEY: DEV_HOT_WALLET_KEY, WITHDRAW_AUTO_APPROVE_BELOW: '100' },
  });
  const sender = randomAddress();
  user = await userWithAddress(bed.t, 'TRON', hexToTron(sender));
  await bed.chain.mintUsdt(sender, 500_000_000n);
  await bed.chain.sendUsdt(sender, DEPOSIT_ADDRESS, 500_000_000n);
  await bed.chain.mine(3);
  await bed.t.app.chain.scan('TRON');
  await bed.t.app.chain.credit('TRON');
  expect(await usdtBalance(bed.t, user.id)).toBe('500');
  await setPaymentPin(bed.t, user, PIN);
});
afterAll(async () => {
  await bed?.close();
  await new Promise((resolve) => tronApi?.close(resolve));
});

async function withdraw(amount: string) {
  clock.advance(61);
  const to = randomAddress();
  await sendAccountCode(bed.t, user.token, 'withdraw');
  const res = await bed.t.app.inject({
    method: 'POST',
    url: '/api/v1/wallet/withdrawals',
    headers: { ...user.headers, 'idempotency-key': `tw-${Math.random()}` },
    payload: { network: 'TRON', address: hexToTron(to), amount, code: await lastCode(bed.t, user.email), paymentPassword: PIN },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { id: res.json().id as string, to };
}

const status = async (id: string) =>
  (await bed.t.app.inject({ method: 'GET', url: `/api/v1/wallet/withdrawals/${id}`, headers: user.headers })).json();

describe('TRON withdrawal sending', () => {
  it('signs offline with the hot wallet key, broadcasts once and completes after the confirmations (code 234)', async () => {
    const { t, chain } = bed;
    const w = await withdraw('30');
    await t.app.chain.sendWithdrawals('TRON');
    const sent = await status(w.id);
    expect(sent).toMatchObject({ status: 'confirming', txHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(executed.has(sent.txHash)).toBe(true);
    expect(await chain.usdtBalance(w.to)).toBe(30_000_000n);
    await chain.mine(3);
    await t.app.chain.sendWithdrawals('TRON');
    expect((await status(w.id)).status).toBe('completed');
    const codes = await t.database.handle.db
      .selectFrom('ledger_journal')
      .select('type_code')
      .where('reference', '=', `withdrawal:${w.id}`)
      .execute();
    expect(codes.map((c) => c.type_code)).toEqual([234, 234]);
  });

  /** A sender that stops right after signing and saving the transaction, as a power cut would. */
  const crashAfterSigning = async () => {
    const { t } = bed;
    const crashing = createChainService(chainDeps(t, clock), [...t.app.chain.networks.values()], {
      confirmations: { BSC: 3, TRON: 3, ETH: 12, BTC: 2 },
      batchBlocks: 100,
      timeZone: '+08:00',
      send: {
        crashAfterSign: () => {
          throw new Error('power cut');
        },
      },
    });
    await expect(crashing.sendWithdrawals('TRON')).rejects.toThrow('power cut');
  };

  it('re-broadcasts the stored transaction after a crash between signing and broadcasting, and pays once', async () => {
    const { t, chain } = bed;
    const w = await withdraw('12');
    await crashAfterSigning();
    const stored = await t.database.handle.db.selectFrom('withdrawals').selectAll().where('id', '=', w.id).executeTakeFirstOrThrow();
    expect(stored.status).toBe('sending');
    expect(executed.has(stored.tx_hash as string)).toBe(false);

    await t.app.chain.sendWithdrawals('TRON');
    await t.app.chain.sendWithdrawals('TRON');
    expect(executed.has(stored.tx_hash as string)).toBe(true);
    expect(broadcasts.filter((id) => id === stored.tx_hash).length).toBeGreaterThanOrEqual(1);
    expect(await chain.usdtBalance(w.to)).toBe(12_000_000n);
    await chain.mine(3);
    await t.app.chain.sendWithdrawals('TRON');
    expect((await status(w.id)).status).toBe('completed');
  });

  it('signs a new transaction when the stored one expired unmined (TRON transactions expire)', async () => {
    const { t, chain } = bed;
    const w = await withdraw('17');
    await crashAfterSigning();
    const first = await t.database.handle.db.selectFrom('withdrawals').selectAll().where('id', '=', w.id).executeTakeFirstOrThrow();
    // Down for longer than the expiration: the node now refuses the stored transaction.
    expired.add(first.tx_hash as string);
    await chain.mine(1);
    // The same run puts it back to approved and signs a new one.
    await t.app.chain.sendWithdrawals('TRON');
    const resent = await status(w.id);
    expect(resent.status).toBe('confirming');
    expect(resent.txHash).not.toBe(first.tx_hash);
    expect(executed.has(first.tx_hash as string)).toBe(false);
    expect(await chain.usdtBalance(w.to)).toBe(17_000_000n);
    expect(resent.history.map((h: { status: string }) => h.status)).toContain('approved');
  });

  it('tells the member once that it was sent, even when a lost transaction expired and a new one is sent', async () => {
    const { t } = bed;
    const w = await withdraw('19');
    await t.app.chain.sendWithdrawals('TRON');
    const first = await t.database.handle.db.selectFrom('withdrawals').selectAll().where('id', '=', w.id).executeTakeFirstOrThrow();
    expect(first.status).toBe('confirming');
    const notices = async () => (await notificationsAbout(t, 'withdrawal', w.id)).map((n) => n.code);
    expect(await notices()).toEqual(['withdrawal_sent']);
    // The node lost the broadcast transaction before mining it, and it has expired since.
    executed.delete(first.tx_hash as string);
    expired.add(first.tx_hash as string);
    await t.app.chain.sendWithdrawals('TRON');
    const resent = await status(w.id);
    expect(resent.txHash).not.toBe(first.tx_hash);
    expect(resent.history.map((h: { status: string }) => h.status)).toEqual([
      'pending_review',
      'approved',
      'sending',
      'confirming',
      'approved',
      'sending',
      'confirming',
    ]);
    expect(await notices()).toEqual(['withdrawal_sent']);
  });
});
