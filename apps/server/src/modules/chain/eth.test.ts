import { randomUUID } from 'node:crypto';
import { numberToHex } from 'viem';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { lastCode, sendAccountCode, setPaymentPin } from '../../../test/accounts';
import { type ChainTestbed, DEPOSIT_ADDRESS, randomAddress, startChainTestbed, userWithAddress } from '../../../test/chain';
import { houseBalance, ledgerViolations, SYSTEM_PURPOSES } from '../ledger';

const PIN = '135790';

// Ether itself (not a token): eth_getLogs cannot see it, so the adapter reads each block's
// transactions. The local EVM node plays Ethereum.
let bed: ChainTestbed;
beforeAll(async () => {
  bed = await startChainTestbed({ env: { BSC_RPC_URL: '', CHAIN_CONFIRMATIONS: '{"ETH":3}' }, eth: true });
});
afterAll(async () => {
  await bed?.close();
});

it('credits ETH from my bound EVM address after its confirmations (code 242), keeping ETH from other senders for an operator', async () => {
  const { chain, t } = bed;
  const user = await userWithAddress(t, 'BSC', randomAddress());
  const mine = await chain.sendEth(user.address as `0x${string}`, DEPOSIT_ADDRESS, 1_234_500_000_000_000_000n);
  const stranger = await chain.sendEth(randomAddress(), DEPOSIT_ADDRESS, 10n ** 17n);
  await t.app.chain.scan('ETH');
  await chain.mine(3);
  await t.app.chain.scan('ETH');
  await t.app.chain.credit('ETH');
  const rows = await t.database.handle.db.selectFrom('chain_deposits').selectAll().where('network', '=', 'ETH').execute();
  expect(rows.find((r) => r.tx_hash === mine)).toMatchObject({ status: 'credited', user_id: user.id, currency: 'ETH' });
  expect(rows.find((r) => r.tx_hash === stranger)).toMatchObject({ status: 'unattributed' });
  const balances = await t.app.inject({ method: 'GET', url: '/api/v1/wallet/balances', headers: user.headers });
  expect(balances.json().balances).toEqual(expect.arrayContaining([expect.objectContaining({ currency: 'ETH', balance: '1.2345' })]));
  const journal = await t.database.handle.db
    .selectFrom('ledger_journal')
    .select('type_code')
    .where('idempotency_key', '=', `deposit:ETH:${mine}:0`)
    .executeTakeFirst();
  expect(journal?.type_code).toBe(242);
});

it('credits and sends 18-decimal ETH exactly once the ETH inbound account is past a million ether', async () => {
  const { chain, t } = bed;
  const db = t.database.handle.db;
  const ether = 10n ** 18n;
  const inbound = async () => {
    // A house account: the sum of its shards.
    return weiOf(await houseBalance(db, 'ETH', SYSTEM_PURPOSES.chainInbound('ETH')));
  };
  const deposit = async (from: string, wei: bigint) => {
    await chain.request('hardhat_setBalance', [from, numberToHex(wei + 10n * ether)]);
    const hash = await chain.sendEth(from as `0x${string}`, DEPOSIT_ADDRESS, wei);
    await t.app.chain.scan('ETH');
    await chain.mine(3);
    await t.app.chain.scan('ETH');
    await t.app.chain.credit('ETH');
    return hash;
  };
  const balance = async (user: { headers: Record<string, string> }) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/wallet/balances', headers: user.headers });
    return res.json().balances.find((b: { currency: string }) => b.currency === 'ETH')?.balance;
  };
  const latestRecord = async (user: { headers: Record<string, string> }) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/wallet/records?currency=ETH', headers: user.headers });
    return res.json().records[0];
  };

  // A whale's deposit takes the inbound account past a million ether, to its last wei.
  const whale = await userWithAddress(t, 'BSC', randomAddress());
  const alice = await userWithAddress(t, 'BSC', randomAddress());
  const before = await inbound();
  await deposit(whale.address, 1_000_000n * ether + 1n);
  expect(await balance(whale)).toBe('1000000.000000000000000001');
  expect(await inbound()).toBe(before - 1_000_000n * ether - 1n);
  expect(await inbound()).toBeLessThan(-1_000_000n * ether);

  // Then an 18-decimal deposit: every wei arrives, in the wallet, the deposit and the record.
  const hash = await deposit(alice.address, 60_123_456_789_012_345_678n);
  const row = await db.selectFrom('chain_deposits').selectAll().where('tx_hash', '=', hash).executeTakeFirstOrThrow();
  expect(row).toMatchObject({ status: 'credited', user_id: alice.id, currency: 'ETH', raw_amount: '60123456789012345678' });
  expect(weiOf(row.amount)).toBe(60_123_456_789_012_345_678n);
  expect(await balance(alice)).toBe('60.123456789012345678');
  const listed = await t.app.inject({ method: 'GET', url: '/api/v1/topup/deposits', headers: alice.headers });
  expect(listed.json().deposits.find((d: { txHash: string }) => d.txHash === hash)).toMatchObject({ amount: '60.123456789012345678' });
  expect(await latestRecord(alice)).toMatchObject({
    typeCode: 242,
    amount: '60.123456789012345678',
    balanceAfter: '60.123456789012345678',
  });
  expect(await inbound()).toBe(before - 1_000_060_123_456_789_012_345_679n);

  // ETH leaves a wallet only by transfer to a UID (no exchange pair or withdrawal takes ETH), typed with at
  // most ETH's 8 input decimals: the wei below stay in the wallet, exactly, both ways.
  const send = async (from: { token: string; email: string; headers: Record<string, string> }, to: { uid: string }, amount: string) => {
    await sendAccountCode(t, from.token, 'transfer');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/wallet/transfers',
      headers: { ...from.headers, 'idempotency-key': randomUUID() },
      payload: { toUid: to.uid, currency: 'ETH', amount, code: await lastCode(t, from.email), paymentPassword: PIN },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ currency: 'ETH', amount });
  };
  await setPaymentPin(t, alice, PIN);
  await setPaymentPin(t, whale, PIN);
  const wei = await t.app.inject({
    method: 'POST',
    url: '/api/v1/wallet/transfers',
    headers: { ...alice.headers, 'idempotency-key': randomUUID() },
    payload: { toUid: whale.uid, currency: 'ETH', amount: '60.123456789012345678', code: '000000', paymentPassword: PIN },
  });
  expect(wei.json().error).toMatchObject({ code: 'AMOUNT_TOO_MANY_DECIMALS', details: { currency: 'ETH', decimals: 8 } });
  await send(alice, whale, '60.12345678');
  expect(await balance(alice)).toBe('0.000000009012345678');
  expect(await balance(whale)).toBe('1000060.123456780000000001');
  expect(await latestRecord(alice)).toMatchObject({ typeCode: 239, amount: '-60.12345678', balanceAfter: '0.000000009012345678' });
  expect(await latestRecord(whale)).toMatchObject({
    typeCode: 240,
    amount: '60.12345678',
    balanceAfter: '1000060.123456780000000001',
  });

  await send(whale, alice, '1000000.00000001');
  expect(await balance(whale)).toBe('60.123456770000000001');
  expect(await balance(alice)).toBe('1000000.000000019012345678');
  expect(await latestRecord(whale)).toMatchObject({
    typeCode: 239,
    amount: '-1000000.00000001',
    balanceAfter: '60.123456770000000001',
  });
  expect(await latestRecord(alice)).toMatchObject({
    typeCode: 240,
    amount: '1000000.00000001',
    balanceAfter: '1000000.000000019012345678',
  });
  expect(await ledgerViolations(db)).toEqual([]);
});

/** A numeric(38, 18) ETH amount as read from PostgreSQL, in wei, by its digits alone (not through Decimal). */
function weiOf(text: string): bigint {
  const negative = text.startsWith('-');
  const [whole = '', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const wei = BigInt(whole + fraction.padEnd(18, '0'));
  return negative ? -wei : wei;
}
