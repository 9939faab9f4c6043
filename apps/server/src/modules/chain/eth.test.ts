import { afterAll, beforeAll, expect, it } from 'vitest';
import { type ChainTestbed, DEPOSIT_ADDRESS, randomAddress, startChainTestbed, userWithAddress } from '../../../test/chain';

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
