import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChainTestbed, DEPOSIT_ADDRESS, randomAddress, startChainTestbed, usdtBalance, userWithAddress } from '../../../test/chain';
import { hexToTron, tronToHex, tronTxId } from './tron-address';

// TRON full nodes answer Ethereum's JSON-RPC; no TRON node can run here, so the local EVM node
// answers the very same calls (eth_blockNumber, eth_getLogs, eth_getBlockByNumber, receipts).
let bed: ChainTestbed;
beforeAll(async () => {
  bed = await startChainTestbed({
    env: { BSC_RPC_URL: '' }, // TRON only in this file
    tron: true,
  });
});
afterAll(async () => {
  await bed?.close();
});

describe('TRON addresses', () => {
  it('convert between the T form and the 0x form both ways', () => {
    expect(tronToHex('TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7')).toBe('0x74472e7d35395a6b5add427eecb7f4b62ad2b071');
    expect(hexToTron('0x74472e7d35395a6b5add427eecb7f4b62ad2b071')).toBe('TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7');
    expect(tronTxId(`0x${'AB'.repeat(32)}`)).toBe('ab'.repeat(32));
    expect(() => tronToHex('0x74472e7d35395a6b5add427eecb7f4b62ad2b071')).toThrow();
  });
});

describe('USDT (TRC20) deposits through TRON’s JSON-RPC', () => {
  it('attributes by the bound T address, waits for confirmations and credits once with code 11', async () => {
    const { chain, t } = bed;
    const sender = randomAddress();
    const user = await userWithAddress(t, 'TRON', hexToTron(sender));
    await chain.mintUsdt(sender, 8_000_000n);
    const hash = await chain.sendUsdt(sender, DEPOSIT_ADDRESS, 8_000_000n);

    await t.app.chain.scan('TRON');
    const [row] = await t.database.handle.db.selectFrom('chain_deposits').selectAll().where('network', '=', 'TRON').execute();
    expect(row).toMatchObject({
      status: 'confirming',
      from_address: hexToTron(sender),
      to_address: hexToTron(DEPOSIT_ADDRESS),
      tx_hash: tronTxId(hash),
      user_id: user.id,
    });

    await chain.mine(2);
    // Pasted as TronScan shows it: no 0x.
    const checked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/topup/check',
      headers: user.headers,
      payload: { network: 'TRON', txHash: tronTxId(hash) },
    });
    expect(checked.json().deposits).toEqual([expect.objectContaining({ status: 'credited', amount: '8', network: 'TRON' })]);
    await t.app.chain.scan('TRON');
    await t.app.chain.credit('TRON');
    expect(await usdtBalance(t, user.id)).toBe('8');
    const info = await t.app.inject({ method: 'GET', url: '/api/v1/topup', headers: user.headers });
    expect(info.json().networks).toEqual([expect.objectContaining({ network: 'TRON', depositAddress: hexToTron(DEPOSIT_ADDRESS) })]);
  });
});
