import { TronWeb } from 'tronweb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChainTestbed, DEPOSIT_ADDRESS, randomAddress, startChainTestbed, usdtBalance, userWithAddress } from '../../../test/chain';
import { ManualClock } from '../../../test/clock';
import { testOperator } from '../../../test/operators';

const USDT = (whole: number) => BigInt(whole) * 1_000_000n;

// 23:00 on 22 November at UTC+8, the platform's default day.
const clock = new ManualClock(new Date('2026-11-22T15:00:00.000Z'));
let bed: ChainTestbed;
beforeAll(async () => {
  bed = await startChainTestbed({ clock });
});
afterAll(async () => {
  await bed?.close();
});

async function settle() {
  await bed.chain.mine(3);
  await bed.t.app.chain.scan('BSC');
  await bed.t.app.chain.credit('BSC');
}

async function deposit(from: string, amount: bigint) {
  await bed.chain.mintUsdt(from as `0x${string}`, amount);
  return bed.chain.sendUsdt(from as `0x${string}`, DEPOSIT_ADDRESS, amount);
}

const statusOf = async (hash: string) =>
  await bed.t.database.handle.db
    .selectFrom('chain_deposits')
    .select(['id', 'status', 'note', 'user_id'])
    .where('tx_hash', '=', hash)
    .executeTakeFirstOrThrow();

describe('who a deposit belongs to', () => {
  it('keeps a transfer from an unbound sender for an operator, who assigns it (audited)', async () => {
    const { t } = bed;
    const hash = await deposit(randomAddress(), USDT(20));
    await settle();
    const row = await statusOf(hash);
    expect(row).toMatchObject({ status: 'unattributed', note: 'unbound_sender', user_id: null });

    const admin = await testOperator(t, ['finance']);
    const listed = await t.app.inject({ method: 'GET', url: '/api/v1/admin/deposits/unattributed', headers: admin.headers });
    expect(listed.json().deposits.map((d: { txHash: string }) => d.txHash)).toContain(hash);

    const owner = await userWithAddress(t, 'BSC', randomAddress());
    const notAdmin = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/deposits/${row.id}/assign`,
      headers: owner.headers,
      payload: { uid: owner.uid, reason: 'mine, honest' },
    });
    expect(notAdmin.statusCode).toBe(401);
    const compliance = await testOperator(t, ['compliance']);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/deposits/${row.id}/assign`,
      headers: compliance.headers,
      payload: { uid: owner.uid, reason: 'not my desk' },
    });
    expect(refused.statusCode).toBe(403);
    const assigned = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/deposits/${row.id}/assign`,
      headers: admin.headers,
      payload: { uid: owner.uid, reason: 'sent from an exchange, ticket 42' },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json()).toMatchObject({ status: 'credited', amount: '20' });
    expect(await usdtBalance(t, owner.id)).toBe('20');
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/deposits/${row.id}/assign`,
      headers: admin.headers,
      payload: { uid: owner.uid, reason: 'twice by mistake' },
    });
    expect(again.json().error.code).toBe('DEPOSIT_NOT_UNATTRIBUTED');
    const audit = await t.database.handle.db.selectFrom('operator_audit').selectAll().where('action', '=', 'deposit.assign').execute();
    expect(audit).toEqual([expect.objectContaining({ object: `deposit:${row.id}`, operator_id: admin.id })]);
  });

  it('does not credit a user whose bound address is on another network (same key, TRON form)', async () => {
    const { t } = bed;
    const sender = randomAddress();
    const tron = TronWeb.address.fromHex(`41${sender.slice(2).toLowerCase()}`);
    const user = await userWithAddress(t, 'TRON', tron);
    const hash = await deposit(sender, USDT(15));
    await settle();
    expect(await statusOf(hash)).toMatchObject({ status: 'unattributed', user_id: null });
    expect(await usdtBalance(t, user.id)).toBe('0');
  });

  it('credits 5 top-ups a day (UTC+8) and queues the rest until the next day with room', async () => {
    const { t } = bed;
    const user = await userWithAddress(t, 'BSC', randomAddress());
    const hashes: string[] = [];
    for (let i = 1; i <= 6; i++) hashes.push(await deposit(user.address, USDT(i)));
    await settle();
    const statuses = await Promise.all(hashes.map(statusOf));
    expect(statuses.filter((s) => s.status === 'credited')).toHaveLength(5);
    expect(statuses[5]).toMatchObject({ status: 'queued', note: 'daily_limit' });
    expect(await usdtBalance(t, user.id)).toBe('15');
    const info = await t.app.inject({ method: 'GET', url: '/api/v1/topup', headers: user.headers });
    expect(info.json()).toMatchObject({ remainingToday: 0, timeZone: '+08:00' });
    const listed = await t.app.inject({ method: 'GET', url: '/api/v1/topup/deposits', headers: user.headers });
    expect(listed.json().deposits.find((d: { txHash: string }) => d.txHash === hashes[5])).toMatchObject({
      status: 'queued',
      reason: 'daily_limit',
    });

    // Still the 22nd at UTC+8 half an hour later: nothing moves.
    clock.advance(30 * 60);
    await t.app.chain.credit('BSC');
    expect(await statusOf(hashes[5] as string)).toMatchObject({ status: 'queued' });
    // 16:30 UTC is 00:30 on the 23rd at UTC+8 (still the 22nd in UTC): a new day with room.
    clock.advance(60 * 60);
    await t.app.chain.credit('BSC');
    expect(await statusOf(hashes[5] as string)).toMatchObject({ status: 'credited' });
    expect(await usdtBalance(t, user.id)).toBe('21');
    const next = await t.app.inject({ method: 'GET', url: '/api/v1/topup', headers: user.headers });
    expect(next.json().remainingToday).toBe(4);
  });
});

describe('checking a transaction hash now', () => {
  it('records it at once and credits it once confirmed; a pasted hash never attributes to the paster', async () => {
    const { t, chain } = bed;
    const owner = await userWithAddress(t, 'BSC', randomAddress());
    const stranger = await userWithAddress(t, 'BSC', randomAddress());
    const hash = await deposit(owner.address, USDT(9));
    const check = (user: typeof owner) =>
      t.app.inject({ method: 'POST', url: '/api/v1/topup/check', headers: user.headers, payload: { network: 'BSC', txHash: hash } });

    const byStranger = await check(stranger);
    expect(byStranger.statusCode, byStranger.body).toBe(200);
    expect(byStranger.json().deposits).toEqual([]);
    const byOwner = await check(owner);
    expect(byOwner.json().deposits).toEqual([expect.objectContaining({ status: 'confirming', confirmations: 1, amount: '9' })]);

    await chain.mine(2);
    const confirmed = await check(owner);
    expect(confirmed.json().deposits).toEqual([expect.objectContaining({ status: 'credited' })]);
    expect(await usdtBalance(t, owner.id)).toBe('9');
    expect(await usdtBalance(t, stranger.id)).toBe('0');
    await check(owner);
    expect(await usdtBalance(t, owner.id)).toBe('9');
  });

  it('answers stable codes for a malformed, an unknown or an unsupported hash', async () => {
    const { t } = bed;
    const user = await userWithAddress(t, 'BSC', randomAddress());
    const ask = (network: string, txHash: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/topup/check',
        headers: { ...user.headers, 'accept-language': 'zh' },
        payload: { network, txHash },
      });
    expect((await ask('BSC', 'not-a-hash-at-all')).json().error.code).toBe('TX_HASH_INVALID');
    const unknown = await ask('BSC', `0x${'ab'.repeat(32)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatchObject({ code: 'TX_NOT_FOUND', message: '链上暂未找到该交易，请稍后再试。' });
    expect((await ask('TRON', `${'ab'.repeat(32)}`)).json().error.code).toBe('NETWORK_UNAVAILABLE');
  });
});
