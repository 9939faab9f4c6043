import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type ChainTestbed, DEPOSIT_ADDRESS, randomAddress, startChainTestbed, usdtBalance, userWithAddress } from '../../../test/chain';
import { startJobs } from '../../platform/jobs';
import { startChainJobs } from './jobs';

let bed: ChainTestbed;
let boss: PgBoss;
beforeAll(async () => {
  bed = await startChainTestbed();
  boss = await startJobs(bed.t.database.handle.directUrl, bed.t.app.log);
});
afterAll(async () => {
  await boss?.stop({ graceful: true, wait: true, timeout: 5000 });
  await bed?.close();
});

it('scans and credits through pg-boss jobs, with no one calling the scanner', async () => {
  const { chain, t } = bed;
  const user = await userWithAddress(t, 'BSC', randomAddress());
  const stop = await startChainJobs(boss, t.app.chain, 200, t.app.log);
  try {
    await chain.mintUsdt(user.address as `0x${string}`, 4_000_000n);
    await chain.sendUsdt(user.address as `0x${string}`, DEPOSIT_ADDRESS, 4_000_000n);
    await chain.mine(3);
    const deadline = Date.now() + 15_000;
    while ((await usdtBalance(t, user.id)) !== '4' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(await usdtBalance(t, user.id)).toBe('4');
  } finally {
    stop();
  }
});
