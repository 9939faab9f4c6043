import { randomUUID } from 'node:crypto';
import { Decimal } from '@wallet/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { balanceOf, inbound, makeUser, system, wallet } from '../../../test/ledger-fixtures';
import { type DatabaseHandle, type Db, openDatabase } from '../../platform/db/database';
import { accountId, HOUSE_SHARDS, houseBalance, type Posting, post, postBatch, SYSTEM_PURPOSES, walletBalances } from '.';
import { ledgerViolations } from './invariants';

/**
 * House accounts (ADR 0007): a system account with no balance limit is HOUSE_SHARDS rows, a posting
 * takes a shard no one holds, and the account is the sum of its shards. What members' requests must
 * never do is queue on one of them.
 */
let database: TestDatabase;
let db: Db;
/** Enough connections for many postings at once, apart from the fixtures' small pool. */
let wide: DatabaseHandle;
const CONNECTIONS = 24;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.handle.db;
  wide = openDatabase(database.url, CONNECTIONS);
});
afterAll(async () => {
  await wide.close();
  await database.drop();
});

/** An exchange of USDT for USD as executeQuote posts it: through both desks, with a fee. */
async function exchange(on: Db, member: { usdt: string; usd: string }, amountIn: string, fee: string, amountOut: string): Promise<Posting> {
  return {
    typeCode: 41,
    userId: null,
    idempotencyKey: `exchange:${randomUUID()}`,
    legs: [
      { accountId: member.usdt, amount: `-${amountIn}` },
      { accountId: await system(on, 'USDT', SYSTEM_PURPOSES.exchangeDesk), amount: new Decimal(amountIn).minus(fee).toFixed() },
      { accountId: await system(on, 'USD', SYSTEM_PURPOSES.exchangeDesk), amount: `-${amountOut}` },
      { accountId: member.usd, amount: amountOut },
      { accountId: await system(on, 'USDT', SYSTEM_PURPOSES.feeRevenue), amount: fee },
    ],
  };
}

async function member(funding: string) {
  const userId = await makeUser(db);
  const usdt = await wallet(db, userId, 'USDT');
  await post(db, {
    typeCode: 11,
    userId,
    idempotencyKey: randomUUID(),
    legs: [
      { accountId: await inbound(db, 'USDT'), amount: `-${funding}` },
      { accountId: usdt, amount: funding },
    ],
  });
  return { userId, usdt, usd: await wallet(db, userId, 'USD') };
}

/** Sessions of this database waiting for a lock while they read or write ledger accounts. */
async function waitingOnAccounts(): Promise<number> {
  const row = await sql<{ n: number }>`select count(*)::integer as n from pg_stat_activity
    where datname = current_database() and wait_event_type = 'Lock' and query ilike '%ledger_accounts%'`.execute(db);
  return row.rows[0]?.n ?? 0;
}

describe('a house account', () => {
  it('is HOUSE_SHARDS rows of one purpose, named by shard 0, its balance the sum of them', async () => {
    const id = await accountId(db, { userId: null, currency: 'HKD', purpose: SYSTEM_PURPOSES.exchangeDesk });
    const rows = await db
      .selectFrom('ledger_accounts')
      .select(['id', 'shard', 'house'])
      .where('currency', '=', 'HKD')
      .where('purpose', '=', SYSTEM_PURPOSES.exchangeDesk)
      .orderBy('shard')
      .execute();
    expect(rows.map((r) => r.shard)).toEqual(Array.from({ length: HOUSE_SHARDS }, (_, i) => i));
    expect(rows.every((r) => r.house)).toBe(true);
    expect(rows[0]?.id).toBe(id);
    // Asked for again by a new process, which makes the shards it finds missing: the same shard 0, no more rows.
    const fresh = openDatabase(database.url, 1);
    try {
      expect(await accountId(fresh.db, { userId: null, currency: 'HKD', purpose: SYSTEM_PURPOSES.exchangeDesk })).toBe(id);
    } finally {
      await fresh.close();
    }
    expect(
      await db
        .selectFrom('ledger_accounts')
        .select('id')
        .where('currency', '=', 'HKD')
        .where('purpose', '=', SYSTEM_PURPOSES.exchangeDesk)
        .execute(),
    ).toHaveLength(HOUSE_SHARDS);

    const user = await makeUser(db);
    const hkd = await wallet(db, user, 'HKD');
    for (const amount of ['1.25', '2.50', '3.75'])
      await post(db, {
        typeCode: 11,
        userId: user,
        idempotencyKey: randomUUID(),
        legs: [
          { accountId: id, amount: `-${amount}` },
          { accountId: hkd, amount },
        ],
      });
    expect(await houseBalance(db, 'HKD', SYSTEM_PURPOSES.exchangeDesk)).toBe('-7.5');
    expect(await balanceOf(db, hkd)).toBe('7.500000000000000000');
    // A member's own accounts are never split.
    expect(await db.selectFrom('ledger_accounts').select('id').where('user_id', '=', user).where('shard', '<>', 0).execute()).toEqual([]);
  });

  it('never keeps a posting waiting while another transaction holds one of its shards', async () => {
    const payer = await member('100');
    const others = await Promise.all(Array.from({ length: 8 }, () => member('100')));
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let holding!: () => void;
    const posted = new Promise<void>((resolve) => {
      holding = resolve;
    });
    // One exchange posted and left uncommitted: it holds a shard of each desk and of fee revenue.
    const held = wide.db.transaction().execute(async (trx) => {
      await post(trx, await exchange(db, payer, '10', '0.01', '9.9'));
      holding();
      await released;
    });
    await posted;
    // Were they to wait for its rows, they would wait for ever: it commits only once they are done.
    const results = await Promise.all(others.map(async (m) => post(wide.db, await exchange(db, m, '10', '0.01', '9.9'))));
    expect(results.every((r) => !r.replayed)).toBe(true);
    release();
    await held;
    expect(await ledgerViolations(db)).toEqual([]);
  });
});

it('keeps every ledger invariant exact while many clients exchange through one pair, none waiting on a house row', async () => {
  const clients = 64;
  const rounds = 6;
  const members = await Promise.all(Array.from({ length: clients }, () => member('1000')));
  const deskUsdtBefore = new Decimal(await houseBalance(db, 'USDT', SYSTEM_PURPOSES.exchangeDesk));
  const deskUsdBefore = new Decimal(await houseBalance(db, 'USD', SYSTEM_PURPOSES.exchangeDesk));
  const feesBefore = new Decimal(await houseBalance(db, 'USDT', SYSTEM_PURPOSES.feeRevenue));

  let sampling = true;
  let samples = 0;
  let waits = 0;
  const sampler = (async () => {
    while (sampling) {
      waits += await waitingOnAccounts();
      samples += 1;
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  // 64 clients over CONNECTIONS connections, each posting its rounds one after another, half of them in batches.
  await Promise.all(
    members.map(async (m, i) => {
      for (let round = 0; round < rounds; round++) {
        const posting = await exchange(wide.db, m, '10', '0.01', '9.95');
        if (i % 2 === 0) await post(wide.db, posting);
        else {
          const [result] = await postBatch(wide.db, [posting]);
          if (result?.status !== 'fulfilled') throw result?.reason;
        }
      }
    }),
  );
  sampling = false;
  await sampler;

  expect(samples).toBeGreaterThan(0);
  expect(waits).toBe(0);
  expect(await ledgerViolations(db)).toEqual([]);
  const n = clients * rounds;
  expect(await houseBalance(db, 'USDT', SYSTEM_PURPOSES.exchangeDesk)).toBe(deskUsdtBefore.plus(new Decimal('9.99').mul(n)).toFixed());
  expect(await houseBalance(db, 'USD', SYSTEM_PURPOSES.exchangeDesk)).toBe(deskUsdBefore.minus(new Decimal('9.95').mul(n)).toFixed());
  expect(await houseBalance(db, 'USDT', SYSTEM_PURPOSES.feeRevenue)).toBe(feesBefore.plus(new Decimal('0.01').mul(n)).toFixed());
  for (const m of members) {
    const balances = Object.fromEntries((await walletBalances(db, m.userId)).map((b) => [b.currency, b.balance]));
    expect(balances).toEqual({ USDT: new Decimal(1000 - 10 * rounds).toFixed(), USD: new Decimal('9.95').mul(rounds).toFixed() });
  }
  // The load spread: more than one shard of the desk took postings.
  const used = await sql<{ n: number }>`select count(*)::integer as n from ledger_accounts
    where user_id is null and currency = 'USD' and purpose = ${SYSTEM_PURPOSES.exchangeDesk} and version > 0`.execute(db);
  expect(used.rows[0]?.n).toBeGreaterThan(1);
});
