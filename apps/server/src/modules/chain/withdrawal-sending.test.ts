import { Decimal } from '@wallet/contract';
import { DEV_HOT_WALLET_KEY } from '@wallet/devchain';
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
import { mailsTo, notificationsAbout, setLanguage } from '../../../test/notifications';
import { testOperator } from '../../../test/operators';
import { loadConfig } from '../../platform/config';
import { ledgerViolations } from '../ledger';
import { createChainService } from './service';
import { adaptersFromConfig } from './setup';

const PIN = '135790';
// Moved by hand past the one-minute wait between emailed codes.
const clock = new ManualClock();
let bed: ChainTestbed;
let user: Awaited<ReturnType<typeof userWithAddress>>;

beforeAll(async () => {
  bed = await startChainTestbed({
    clock,
    env: { BSC_HOT_WALLET_KEY: DEV_HOT_WALLET_KEY, WITHDRAW_AUTO_APPROVE_BELOW: '100' },
  });
  // The user's money arrives the real way: a deposit on the local chain, confirmed and credited.
  user = await userWithAddress(bed.t, 'BSC', randomAddress());
  await bed.chain.mintUsdt(user.address as `0x${string}`, 1_000_000_000n);
  await bed.chain.sendUsdt(user.address as `0x${string}`, DEPOSIT_ADDRESS, 1_000_000_000n);
  await bed.chain.mine(3);
  await bed.t.app.chain.scan('BSC');
  await bed.t.app.chain.credit('BSC');
  expect(await usdtBalance(bed.t, user.id)).toBe('1000');
  await setPaymentPin(bed.t, user, PIN);
});
afterAll(async () => {
  await bed?.close();
});

async function withdraw(amount: string, address = randomAddress()) {
  clock.advance(61);
  await sendAccountCode(bed.t, user.token, 'withdraw');
  const res = await bed.t.app.inject({
    method: 'POST',
    url: '/api/v1/wallet/withdrawals',
    headers: { ...user.headers, 'idempotency-key': `w-${Math.random()}` },
    payload: { network: 'BSC', address, amount, code: await lastCode(bed.t, user.email), paymentPassword: PIN },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { id: res.json().id as string, address, status: res.json().status as string };
}

async function withdrawal(id: string) {
  const res = await bed.t.app.inject({ method: 'GET', url: `/api/v1/wallet/withdrawals/${id}`, headers: user.headers });
  return res.json();
}

const notices = (id: string) => notificationsAbout(bed.t, 'withdrawal', id);
/** The "withdrawal sent" mails to the member (in Korean: the test sets their language). */
const sentMails = async (amount: string) =>
  (await mailsTo(bed.t, user.email)).filter((m) => m.subject === `출금 전송 완료: ${amount} USDT`);

function service(send: { crashAfterSign?: () => void } = {}) {
  const config = loadConfig({
    NODE_ENV: 'test',
    BSC_RPC_URL: bed.chain.url,
    BSC_USDT_CONTRACT: bed.chain.token,
    BSC_DEPOSIT_ADDRESS: DEPOSIT_ADDRESS,
    BSC_HOT_WALLET_KEY: DEV_HOT_WALLET_KEY,
  });
  return createChainService(chainDeps(bed.t, clock), adaptersFromConfig(config), {
    confirmations: { BSC: 3, TRON: 19, ETH: 12, BTC: 2 },
    batchBlocks: 100,
    timeZone: '+08:00',
    send,
  });
}

describe('withdrawal sending on the local chain', () => {
  it('approves a small withdrawal itself, signs, broadcasts and completes it after its confirmations', async () => {
    const { chain, t } = bed;
    const hotBefore = await chain.usdtBalance(chain.hotWallet);
    await setLanguage(t, user.id, 'ko');
    const w = await withdraw('25.5');
    expect(w.status).toBe('approved');
    expect(await notices(w.id)).toEqual([]);

    await t.app.chain.sendWithdrawals('BSC');
    const sent = await withdrawal(w.id);
    expect(sent).toMatchObject({ status: 'confirming', txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    // Told once it is broadcast: a notification and a mail in the member's language, the amount exactly.
    const params = { amount: '25.5', currency: 'USDT', network: 'BSC', address: sent.address };
    expect(await notices(w.id)).toEqual([{ user_id: user.id, code: 'withdrawal_sent', params }]);
    const [mail] = await sentMails('25.5');
    expect(mail?.text_body).toContain(sent.address);
    expect(await chain.usdtBalance(w.address)).toBe(25_500_000n);
    expect(await chain.usdtBalance(chain.hotWallet)).toBe(hotBefore - 25_500_000n);

    await t.app.chain.sendWithdrawals('BSC'); // 1 confirmation of 3: still confirming
    expect((await withdrawal(w.id)).status).toBe('confirming');
    await chain.mine(2);
    await t.app.chain.sendWithdrawals('BSC');
    const done = await withdrawal(w.id);
    expect(done.status).toBe('completed');
    expect(done.history.map((h: { status: string }) => h.status)).toEqual([
      'pending_review',
      'approved',
      'sending',
      'confirming',
      'completed',
    ]);
    // Codes the app words in the member's language; the nonce stays with the operators.
    expect(done.history.map((h: { note: unknown }) => h.note)).toEqual([
      null,
      { code: 'auto_approved', params: { amount: '100' } },
      { code: 'signed', params: { txHash: done.txHash } },
      { code: 'sent', params: { txHash: done.txHash } },
      { code: 'confirmed', params: { block: expect.stringMatching(/^\d+$/) } },
    ]);
    const journals = await t.database.handle.db
      .selectFrom('ledger_journal')
      .select('type_code')
      .where('reference', '=', `withdrawal:${w.id}`)
      .execute();
    expect(journals.map((j) => j.type_code)).toEqual([241, 241]);
    expect(await ledgerViolations(t.database.handle.db)).toEqual([]);
    // Later runs (confirmations, completion) tell nothing more.
    expect(await notices(w.id)).toEqual([{ user_id: user.id, code: 'withdrawal_sent', params }]);
    expect(await sentMails('25.5')).toHaveLength(1);
  });

  it('waits for an operator above the automatic amount, then sends what they approve', async () => {
    const { chain, t } = bed;
    const w = await withdraw('150');
    expect(w.status).toBe('pending_review');
    await t.app.chain.sendWithdrawals('BSC');
    expect(await chain.usdtBalance(w.address)).toBe(0n);
    const admin = await testOperator(t, ['finance']);
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/withdrawals/${w.id}/approve`,
      headers: admin.headers,
      payload: {},
    });
    expect(approved.json().status).toBe('approved');
    await t.app.chain.sendWithdrawals('BSC');
    await chain.mine(3);
    await t.app.chain.sendWithdrawals('BSC');
    expect((await withdrawal(w.id)).status).toBe('completed');
    expect(await chain.usdtBalance(w.address)).toBe(150_000_000n);
  });

  it('never sends twice when the process dies between signing and broadcasting', async () => {
    const { chain, t } = bed;
    const w = await withdraw('12');
    const nonceBefore = await chain.client.getTransactionCount({ address: chain.hotWallet });
    await expect(
      service({
        crashAfterSign: () => {
          throw new Error('power cut');
        },
      }).sendWithdrawals('BSC'),
    ).rejects.toThrow('power cut');
    const stored = await t.database.handle.db.selectFrom('withdrawals').selectAll().where('id', '=', w.id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ status: 'sending', raw_tx: expect.stringMatching(/^0x/), tx_hash: expect.stringMatching(/^0x/) });
    expect(await chain.usdtBalance(w.address)).toBe(0n);

    // The restarted process re-broadcasts the stored transaction, and running again changes nothing.
    expect(await notices(w.id)).toEqual([]);
    await service().sendWithdrawals('BSC');
    await service().sendWithdrawals('BSC');
    expect((await notices(w.id)).map((n) => n.code)).toEqual(['withdrawal_sent']);
    expect(await sentMails('12')).toHaveLength(1);
    expect((await withdrawal(w.id)).txHash).toBe(stored.tx_hash);
    expect(await chain.usdtBalance(w.address)).toBe(12_000_000n);
    expect(await chain.client.getTransactionCount({ address: chain.hotWallet })).toBe(nonceBefore + 1);
    await chain.mine(3);
    await service().sendWithdrawals('BSC');
    expect((await withdrawal(w.id)).status).toBe('completed');
  });

  it('never sends twice when the process dies after broadcasting but before saving it', async () => {
    const { chain, t } = bed;
    const w = await withdraw('13');
    const nonceBefore = await chain.client.getTransactionCount({ address: chain.hotWallet });
    await expect(
      service({
        crashAfterSign: () => {
          throw new Error('power cut');
        },
      }).sendWithdrawals('BSC'),
    ).rejects.toThrow();
    const stored = await t.database.handle.db.selectFrom('withdrawals').selectAll().where('id', '=', w.id).executeTakeFirstOrThrow();
    // The broadcast did reach the node before the crash.
    await chain.request('eth_sendRawTransaction', [stored.raw_tx]);
    await chain.mine(1);
    await service().sendWithdrawals('BSC');
    expect(await chain.usdtBalance(w.address)).toBe(13_000_000n);
    expect(await chain.client.getTransactionCount({ address: chain.hotWallet })).toBe(nonceBefore + 1);
    await chain.mine(3);
    await service().sendWithdrawals('BSC');
    expect((await withdrawal(w.id)).status).toBe('completed');
  });

  it('keeps an approved withdrawal waiting while the hot wallet is short, and sends it once refilled', async () => {
    const { chain } = bed;
    const hot = await chain.usdtBalance(chain.hotWallet);
    const parking = randomAddress();
    await chain.sendUsdt(chain.hotWallet, parking, hot - 5_000_000n);
    const w = await withdraw('20');
    const result = await service().sendWithdrawals('BSC');
    expect(result.waitingForFunds).toBe(1);
    expect((await withdrawal(w.id)).status).toBe('approved');
    await chain.sendUsdt(parking, chain.hotWallet, hot - 5_000_000n);
    await service().sendWithdrawals('BSC');
    expect((await withdrawal(w.id)).status).toBe('confirming');
    expect(await chain.usdtBalance(w.address)).toBe(20_000_000n);
  });

  it('marks a transaction that failed on chain as failed and returns the hold (code 14)', async () => {
    const { chain, t } = bed;
    const before = await usdtBalance(t, user.id);
    // The token refuses transfers to the zero address: the transaction is mined but reverts.
    const w = await withdraw('11', '0x0000000000000000000000000000000000000000');
    await t.app.chain.sendWithdrawals('BSC');
    await chain.mine(3);
    await t.app.chain.sendWithdrawals('BSC');
    const failed = await withdrawal(w.id);
    expect(failed.status).toBe('failed');
    expect(await usdtBalance(t, user.id)).toBe(before);
    await t.app.chain.sendWithdrawals('BSC');
    expect(await notices(w.id)).toEqual([
      { user_id: user.id, code: 'withdrawal_sent', params: expect.objectContaining({ amount: '11' }) },
      {
        user_id: user.id,
        code: 'withdrawal_failed',
        params: { amount: '11', returned: new Decimal('11').plus(failed.fee).toFixed(), currency: 'USDT', network: 'BSC' },
      },
    ]);
    const refund = await t.database.handle.db
      .selectFrom('ledger_journal')
      .select('type_code')
      .where('idempotency_key', '=', `hold:withdrawal:${w.id}:released`)
      .executeTakeFirst();
    expect(refund?.type_code).toBe(14);
    expect(await ledgerViolations(t.database.handle.db)).toEqual([]);
  });
});
