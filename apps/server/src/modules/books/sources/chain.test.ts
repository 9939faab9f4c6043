import { DEPOSIT_CODES } from '@wallet/contract';
import { DEV_HOT_WALLET_KEY } from '@wallet/devchain';
import { privateKeyToAddress } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastCode, sendAccountCode, setPaymentPin } from '../../../../test/accounts';
import { type ChainTestbed, DEPOSIT_ADDRESS, randomAddress, startChainTestbed, userWithAddress } from '../../../../test/chain';
import { ManualClock } from '../../../../test/clock';
import { createLogger } from '../../../platform/logger';
import { verifyControl } from '../../chain/control';
import { createEvmAdapter } from '../../chain/evm-adapter';
import { accountId, post, SYSTEM_PURPOSES, USER_WALLET } from '../../ledger';
import { type OpenBreak, SourceUnavailable } from '../source';
import { chainSource, reservesMessage } from './chain';
import { recordEpoch } from './chain-epochs';

const PIN = '135790';
// From now: deposits and withdrawals are stamped by this clock, the epoch and the ledger by the database's.
const clock = new ManualClock(new Date());
const HOT = privateKeyToAddress(DEV_HOT_WALLET_KEY);
let bed: ChainTestbed;
let user: Awaited<ReturnType<typeof userWithAddress>>;
const db = () => bed.t.database.handle.db;
const source = () => chainSource({ chain: bed.t.app.chain, logger: createLogger('silent') });
const run = (open: OpenBreak[] = []) => source().reconcile({ db: db(), cutoffAt: new Date(), runId: 'test', open, previousPoints: [] });

beforeAll(async () => {
  bed = await startChainTestbed({ clock, env: { BSC_HOT_WALLET_KEY: DEV_HOT_WALLET_KEY, WITHDRAW_AUTO_APPROVE_BELOW: '100' } });
  // The books of BSC start now: the deposit address and the hot wallet hold what was minted.
  const head = await bed.chain.blockNumber();
  const opening = (await bed.chain.usdtBalance(DEPOSIT_ADDRESS)) + (await bed.chain.usdtBalance(HOT));
  await recordEpoch(db(), {
    network: 'BSC',
    currency: 'USDT',
    address: HOT,
    startBlock: head,
    opening: String(opening / 1_000_000n),
    reason: 'test',
  });
  // The app's clock past the epoch's start (stamped by the database), as real time would be.
  clock.advance(120);
  user = await userWithAddress(bed.t, 'BSC', randomAddress());
  await setPaymentPin(bed.t, user, PIN);
}, 60_000);
afterAll(async () => {
  await bed?.close();
});

async function depositAndWithdraw() {
  await bed.chain.mintUsdt(user.address as `0x${string}`, 500_000_000n);
  await bed.chain.sendUsdt(user.address as `0x${string}`, DEPOSIT_ADDRESS, 500_000_000n);
  await bed.chain.mine(3);
  await bed.t.app.chain.scan('BSC');
  await bed.t.app.chain.credit('BSC');
  clock.advance(61);
  await sendAccountCode(bed.t, user.token, 'withdraw');
  const res = await bed.t.app.inject({
    method: 'POST',
    url: '/api/v1/wallet/withdrawals',
    headers: { ...user.headers, 'idempotency-key': `w-${Math.random()}` },
    payload: { network: 'BSC', address: randomAddress(), amount: '40', code: await lastCode(bed.t, user.email), paymentPassword: PIN },
  });
  expect(res.statusCode, res.body).toBe(200);
  await bed.t.app.chain.sendWithdrawals('BSC');
  await bed.chain.mine(3);
  await bed.t.app.chain.sendWithdrawals('BSC');
  const row = await db().selectFrom('withdrawals').select('status').where('id', '=', res.json().id).executeTakeFirstOrThrow();
  expect(row.status).toBe('completed');
}

describe('the chain source', () => {
  it('finds nothing on a fresh epoch with a deposit credited and a withdrawal sent, and says where it stood', async () => {
    await depositAndWithdraw();
    const reading = await run();
    expect(reading.differences).toEqual([]);
    const head = await bed.chain.blockNumber();
    expect(reading.points).toEqual([expect.objectContaining({ source: 'chain:BSC:USDT', block: head.toString() })]);
    expect(reading.points[0]?.checked).toBeGreaterThanOrEqual(3);
  });

  it('finds a transfer the ledger does not know as a balance break, and names its cause', async () => {
    const stranger = randomAddress();
    await bed.chain.mintUsdt(stranger, 25_000_000n);
    await bed.chain.sendUsdt(stranger, DEPOSIT_ADDRESS, 25_000_000n);
    const before = await run();
    const balance = before.differences.find((d) => d.identity === 'chain:balance:BSC:USDT');
    expect(balance).toMatchObject({ kind: 'chain_balance', difference: '25', cause: 'unrecorded_inbound_transfer' });
    expect(before.differences.find((d) => d.kind === 'transfer_not_credited')).toMatchObject({ observed: '25' });
    // Once the scanner records it (unattributed: no one bound the sender), the cause names it.
    await bed.t.app.chain.scan('BSC');
    const after = await run();
    expect(after.differences.find((d) => d.identity === 'chain:balance:BSC:USDT')).toMatchObject({
      cause: 'deposits_awaiting_credit',
      details: expect.objectContaining({ depositsNotCreditedSum: '25' }),
    });
    expect(after.differences.some((d) => d.kind === 'transfer_not_credited')).toBe(false);
    // Put right (the operator gives it to a member): nothing is left.
    await db().updateTable('chain_deposits').set({ status: 'confirming', user_id: user.id }).where('from_address', '=', stranger).execute();
    await bed.chain.mine(3);
    await bed.t.app.chain.credit('BSC');
    expect((await run()).differences).toEqual([]);
  });

  it('finds a credited deposit whose transaction is not on chain, found again from its open break', async () => {
    const txHash = `0x${'ab'.repeat(32)}`;
    const head = await bed.chain.blockNumber();
    const wallet = await accountId(db(), { userId: user.id, currency: 'USDT', purpose: USER_WALLET });
    const inbound = await accountId(db(), { userId: null, currency: 'USDT', purpose: SYSTEM_PURPOSES.chainInbound('BSC') });
    const journal = await post(db(), {
      typeCode: DEPOSIT_CODES.USDT,
      userId: user.id,
      reference: 'test',
      idempotencyKey: `fake-deposit:${txHash}`,
      memo: {},
      legs: [
        { accountId: wallet, amount: '7' },
        { accountId: inbound, amount: '-7' },
      ],
    });
    await db()
      .insertInto('chain_deposits')
      .values({
        network: 'BSC',
        currency: 'USDT',
        tx_hash: txHash,
        log_index: 0,
        from_address: user.address,
        to_address: DEPOSIT_ADDRESS,
        amount: '7',
        raw_amount: '7000000',
        block_number: head.toString(),
        block_hash: `0x${'cd'.repeat(32)}`,
        status: 'credited',
        user_id: user.id,
        journal_id: journal.journalId,
        detected_at: new Date(),
        updated_at: new Date(),
        credited_at: new Date(),
      })
      .execute();
    const reading = await run();
    const identity = `chain:deposit:BSC:${txHash}:0`;
    expect(reading.differences.find((d) => d.identity === identity)).toMatchObject({
      kind: 'deposit_without_transfer',
      cause: 'credited_without_chain_transfer',
      expected: '7',
      difference: '-7',
    });
    expect(reading.differences.find((d) => d.kind === 'chain_balance')).toMatchObject({
      difference: '-7',
      cause: 'unrecorded_outbound_transfer',
    });
    // A later run whose window has passed its block still finds it, through the open break.
    const later = await source().reconcile({
      db: db(),
      cutoffAt: new Date(),
      runId: 'later',
      open: [{ identity, kind: 'deposit_without_transfer', network: 'BSC', currency: 'USDT', subject: `${txHash}:0`, details: {} }],
      previousPoints: reading.points,
    });
    expect(later.differences.map((d) => d.identity)).toContain(identity);
    await db().deleteFrom('chain_deposits').where('tx_hash', '=', txHash).execute();
    await post(db(), {
      typeCode: DEPOSIT_CODES.USDT,
      userId: user.id,
      reference: 'test',
      idempotencyKey: `fake-deposit-undo:${txHash}`,
      memo: {},
      legs: [
        { accountId: wallet, amount: '-7' },
        { accountId: inbound, amount: '7' },
      ],
    });
    expect((await run()).differences).toEqual([]);
  });

  it('signs its reserves with the hot wallet, and the signature verifies (and a changed message does not)', async () => {
    const cutoffAt = new Date('2025-06-01T00:00:00Z');
    const reserves = await source().reserves({ db: db(), cutoffAt });
    const hot = reserves.find((r) => r.address === HOT);
    expect(hot).toMatchObject({ source: 'chain', network: 'BSC', currency: 'USDT', message: reservesMessage('SBC Wallet', cutoffAt, HOT) });
    expect(reserves.find((r) => r.address === DEPOSIT_ADDRESS)?.signature).toBeUndefined();
    expect(await verifyControl('BSC', HOT, hot?.message as string, hot?.signature as string)).toBe(true);
    expect(await verifyControl('BSC', HOT, `${hot?.message}!`, hot?.signature as string)).toBe(false);
    expect(await verifyControl('BSC', DEPOSIT_ADDRESS, hot?.message as string, hot?.signature as string)).toBe(false);
  });

  it('fails as unavailable when the node does not answer, and when a network has no opening balance', async () => {
    const down = createEvmAdapter({
      network: 'BSC',
      currency: 'USDT',
      rpcUrl: 'http://127.0.0.1:9',
      asset: { kind: 'token', contract: bed.chain.token },
      depositAddress: DEPOSIT_ADDRESS,
    });
    const offline = chainSource({ chain: { networks: new Map([['BSC', down]]) }, logger: createLogger('silent') });
    const failure = offline.reconcile({ db: db(), cutoffAt: new Date(), runId: 'down', open: [], previousPoints: [] });
    await expect(failure).rejects.toBeInstanceOf(SourceUnavailable);
    await expect(failure).rejects.toMatchObject({ source: 'chain:BSC' });
    await db().deleteFrom('recon_chain_epochs').execute();
    await expect(run()).rejects.toMatchObject({ name: 'SourceUnavailable', message: 'no opening balance recorded for BSC' });
  });
});
