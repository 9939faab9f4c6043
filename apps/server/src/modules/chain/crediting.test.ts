import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { ledgerViolations } from '../ledger';
import type { ChainAdapter } from './adapter';
import { creditConfirmed } from './crediting';

const USDT = (whole: number) => BigInt(whole) * 1_000_000n;

// 23:00 on 22 November at UTC+8, the platform's default day.
const clock = new ManualClock(new Date('2026-11-22T15:00:00.000Z'));
let bed: ChainTestbed;
beforeAll(async () => {
  bed = await startChainTestbed({ clock });
  // The first scan sets the checkpoint: from then on every block is read.
  await bed.t.app.chain.scan('BSC');
});
afterAll(async () => {
  await bed?.close();
});

/** One crediting run of BSC, settling `batchSize` deposits per transaction. */
const run = (batchSize?: number) =>
  creditConfirmed(chainDeps(bed.t, clock), bed.t.app.chain.networks.get('BSC') as ChainAdapter, {
    confirmations: 3,
    timeZone: '+08:00',
    ...(batchSize ? { batchSize } : {}),
  });

/** Gives the deposits sent so far their confirmations and records them (nothing is credited). */
async function confirmAll() {
  await bed.chain.mine(3);
  await bed.t.app.chain.scan('BSC');
}

async function member(usdt: number) {
  const user = await userWithAddress(bed.t, 'BSC', randomAddress());
  await bed.chain.mintUsdt(user.address as `0x${string}`, USDT(usdt));
  return user;
}

const send = (user: { address: string }, whole: number) => bed.chain.sendUsdt(user.address as `0x${string}`, DEPOSIT_ADDRESS, USDT(whole));

async function depositOf(hash: string) {
  return bed.t.database.handle.db
    .selectFrom('chain_deposits')
    .select(['id', 'status', 'note', 'journal_id', sql<string | null>`credit_day::text`.as('day')])
    .where('tx_hash', '=', hash)
    .executeTakeFirstOrThrow();
}

const statuses = async (hashes: string[]) => Promise.all(hashes.map(async (h) => (await depositOf(h)).status));

async function journalsOf(hash: string) {
  return bed.t.database.handle.db
    .selectFrom('ledger_journal')
    .select('id')
    .where('idempotency_key', '=', `deposit:BSC:${hash}:0`)
    .execute();
}

async function creditNotices(hash: string) {
  const notices = await notificationsAbout(bed.t, 'deposit', (await depositOf(hash)).id);
  return notices.filter((n) => n.code === 'deposit_credited');
}

describe('crediting confirmed deposits in batches', () => {
  it('credits each deposit once, with one notice, when runs race over the same backlog', async () => {
    const members = [];
    for (let i = 0; i < 6; i++) members.push(await member(20)); // one at a time: the minter's nonces
    for (let round = 0; round < 2; round++) {
      const hashes: string[] = [];
      for (const amount of [1, 2]) for (const m of members) hashes.push(await send(m, amount));
      await confirmAll();
      const results = await Promise.all([run(2), run(3), run(5), run(), bed.t.app.chain.credit('BSC')]);
      expect(results.reduce((sum, r) => sum + r.credited, 0)).toBe(hashes.length);
      expect(await statuses(hashes)).toEqual(hashes.map(() => 'credited'));
      for (const hash of hashes) {
        expect(await journalsOf(hash)).toHaveLength(1);
        expect(await creditNotices(hash)).toHaveLength(1);
      }
      // Each member's deposits were posted in their order, whichever run took them.
      for (let i = 0; i < members.length; i++) {
        const [first, second] = [await depositOf(hashes[i] as string), await depositOf(hashes[i + members.length] as string)];
        expect(BigInt(first.journal_id as string)).toBeLessThan(BigInt(second.journal_id as string));
      }
    }
    for (const m of members) expect(await usdtBalance(bed.t, m.id)).toBe('6');
    expect(await ledgerViolations(bed.t.database.handle.db)).toEqual([]);
  });

  it("leaves a member's later deposits while an earlier one is held elsewhere, so none overtakes it", async () => {
    const [a, b] = [await member(10), await member(10)];
    const [a1, b1, a2] = [await send(a, 1), await send(b, 2), await send(a, 3)];
    await confirmAll();
    const held = (await depositOf(a1)).id;
    // Another transaction (a scan moving it to another block, an operator's credit) holds a1's row.
    await bed.t.database.handle.db.transaction().execute(async (trx) => {
      await trx.selectFrom('chain_deposits').select('id').where('id', '=', held).forUpdate().execute();
      await run();
    });
    expect(await statuses([a1, b1, a2])).toEqual(['confirming', 'credited', 'confirming']);

    await run();
    const [first, second] = [await depositOf(a1), await depositOf(a2)];
    expect([first.status, second.status]).toEqual(['credited', 'credited']);
    // Posted in their place: a1's journal before a2's.
    expect(BigInt(first.journal_id as string)).toBeLessThan(BigInt(second.journal_id as string));
    expect(await usdtBalance(bed.t, a.id)).toBe('4');
    expect(await ledgerViolations(bed.t.database.handle.db)).toEqual([]);
  });

  it('drops the deposits of a batch whose block left the chain (reorg) and credits the others', async () => {
    const { chain } = bed;
    const [a, b, c] = [await member(10), await member(10), await member(10)];
    const [a1, b1] = [await send(a, 1), await send(b, 2)];
    const snapshot = await chain.snapshot();
    const [c1, a2] = [await send(c, 3), await send(a, 4)];
    await bed.t.app.chain.scan('BSC');
    expect(await statuses([a1, b1, c1, a2])).toEqual(['confirming', 'confirming', 'confirming', 'confirming']);

    // The branch holding c1 and a2 is replaced by a longer one without them.
    await chain.revert(snapshot);
    await chain.mine(4);
    await bed.t.app.chain.scan('BSC');
    const result = await run();
    expect(result).toMatchObject({ credited: 2, dropped: 2 });
    expect(await statuses([a1, b1, c1, a2])).toEqual(['credited', 'credited', 'dropped', 'dropped']);
    expect((await depositOf(c1)).note).toBe('block_left_chain');
    expect(await journalsOf(c1)).toHaveLength(0);
    expect(await journalsOf(a2)).toHaveLength(0);
    expect(await creditNotices(c1)).toHaveLength(0);
    expect([await usdtBalance(bed.t, a.id), await usdtBalance(bed.t, b.id), await usdtBalance(bed.t, c.id)]).toEqual(['1', '2', '0']);
    expect(await ledgerViolations(bed.t.database.handle.db)).toEqual([]);
  });

  it('credits five a day from a batch holding seven deposits of one member; the two queued go first the next day', async () => {
    const [m, other] = [await member(100), await member(10)];
    const hashes: string[] = [];
    for (let amount = 1; amount <= 7; amount++) {
      hashes.push(await send(m, amount));
      if (amount === 3) await send(other, 5);
    }
    await confirmAll();
    const result = await run();
    expect(result).toMatchObject({ credited: 6, queued: 2 });
    expect(await statuses(hashes)).toEqual(['credited', 'credited', 'credited', 'credited', 'credited', 'queued', 'queued']);
    expect((await depositOf(hashes[5] as string)).note).toBe('daily_limit');
    expect(await usdtBalance(bed.t, m.id)).toBe('15');
    expect(await usdtBalance(bed.t, other.id)).toBe('5');
    // Still the 22nd at UTC+8: nothing moves.
    await run();
    expect(await statuses(hashes.slice(5))).toEqual(['queued', 'queued']);

    // 01:00 on the 23rd at UTC+8: four more arrive. The two queued take their place first, then three
    // of the four; the last waits. Batches of two, so the day's count carries across batches.
    clock.advance(2 * 60 * 60);
    for (let amount = 8; amount <= 11; amount++) hashes.push(await send(m, amount));
    await confirmAll();
    expect(await run(2)).toMatchObject({ credited: 5, queued: 1 });
    expect(await statuses(hashes)).toEqual([...Array.from({ length: 10 }, () => 'credited'), 'queued']);
    expect((await depositOf(hashes[5] as string)).day).toBe('2026-11-23');
    expect((await depositOf(hashes[0] as string)).day).toBe('2026-11-22');
    expect(await usdtBalance(bed.t, m.id)).toBe(String(15 + 6 + 7 + 8 + 9 + 10));
    for (const hash of hashes.slice(0, 10)) expect(await creditNotices(hash)).toHaveLength(1);
    expect(await creditNotices(hashes[10] as string)).toHaveLength(0);
    expect(await ledgerViolations(bed.t.database.handle.db)).toEqual([]);
  });
});
