import { randomUUID } from 'node:crypto';
import { Decimal } from '@wallet/contract';
import fc from 'fast-check';
import { type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { balanceOf, inbound, makeUser, wallet } from '../../../test/ledger-fixtures';
import type { Db } from '../../platform/db/database';
import { type AccountKey, type AccountSnapshot, accountId, accountIds, type Posting, planCheckedBatch, post, postBatch, postMany } from '.';
import { ledgerViolations } from './invariants';

let database: TestDatabase;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.handle.db;
});
afterAll(() => database.drop());

const move = (from: string, to: string, amount: string, key: string = randomUUID()): Posting => ({
  typeCode: 23,
  userId: null,
  idempotencyKey: key,
  legs: [
    { accountId: from, amount: `-${amount}` },
    { accountId: to, amount },
  ],
});

async function funded(amount: string) {
  const account = await wallet(db, await makeUser(db), 'USDT');
  await post(db, move(await inbound(db, 'USDT'), account, amount));
  return account;
}

describe('postBatch', () => {
  it('decides each posting on its own, in order, within one transaction', async () => {
    const a = await funded('10');
    const b = await wallet(db, await makeUser(db), 'USDT');
    const already = randomUUID();
    await post(db, move(a, b, '1', already));
    const twice = randomUUID();
    const results = await postBatch(db, [
      move(a, b, '4'),
      move(a, b, '6'), // only 5 left after the first
      move(a, b, '5', twice),
      move(a, b, '5', twice), // same key in the same batch: replays the one above
      move(a, b, '1', already), // key already in the ledger: replays
      {
        ...move(a, b, '1'),
        legs: [
          { accountId: a, amount: '-1' },
          { accountId: b, amount: '2' },
        ],
      },
    ]);
    expect(results.map((r) => (r.status === 'fulfilled' ? (r.value.replayed ? 'replayed' : 'ok') : (r.reason.code ?? 'error')))).toEqual([
      'ok',
      'INSUFFICIENT_BALANCE',
      'ok',
      'replayed',
      'replayed',
      'error',
    ]);
    expect(new Decimal(await balanceOf(db, a)).toFixed()).toBe('0');
    expect(new Decimal(await balanceOf(db, b)).toFixed()).toBe('10');
    expect(await ledgerViolations(db)).toEqual([]);
  });

  it('agrees with posting one by one, over random batches (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            from: fc.nat(2),
            to: fc.nat(2),
            cents: fc.integer({ min: 1, max: 800 }),
            repeatOf: fc.option(fc.nat(30), { nil: undefined }),
          }),
          { minLength: 1, maxLength: 30 },
        ),
        async (moves) => {
          const accounts = [await funded('5'), await funded('5'), await funded('5')];
          const keys: string[] = [];
          const postings = moves
            .filter((m) => m.from !== m.to)
            .map((m, i) => {
              const key = m.repeatOf !== undefined && m.repeatOf < i ? (keys[m.repeatOf] ?? randomUUID()) : randomUUID();
              keys.push(key);
              return move(accounts[m.from] as string, accounts[m.to] as string, new Decimal(m.cents).div(100).toFixed(), key);
            });
          // The model: apply in order, first use of a key counts, overdrafts are refused.
          const model = accounts.map(() => new Decimal(5));
          const used = new Set<string>();
          for (const p of postings) {
            if (used.has(p.idempotencyKey)) continue;
            const from = accounts.indexOf(p.legs[0]?.accountId as string);
            const to = accounts.indexOf(p.legs[1]?.accountId as string);
            const amount = new Decimal(p.legs[1]?.amount as string);
            if (model[from]?.lt(amount)) continue;
            used.add(p.idempotencyKey);
            model[from] = (model[from] as Decimal).minus(amount);
            model[to] = (model[to] as Decimal).plus(amount);
          }
          await postBatch(db, postings);
          for (let i = 0; i < accounts.length; i++) {
            expect(new Decimal(await balanceOf(db, accounts[i] as string)).toFixed()).toBe((model[i] as Decimal).toFixed());
          }
        },
      ),
      { numRuns: 30 },
    );
    expect(await ledgerViolations(db)).toEqual([]);
  });
});

describe('planCheckedBatch', () => {
  /** Reads accounts as a caller does before planning: no lock. */
  const snapshot = async (ids: string[]) =>
    (
      await sql<AccountSnapshot>`select id::text, user_id, currency, balance::text, version::text
        from ledger_accounts where id = any(${ids}::bigint[])`.execute(db)
    ).rows;
  const write = (batch: ReturnType<typeof planCheckedBatch>) =>
    sql`with ${batch.ctes as RawBuilder<unknown>} select write_guard(${batch.complete}) as ok`.execute(db);

  it('writes what it planned on balances read without a lock, refusing what they cannot cover', async () => {
    const a = await funded('10');
    const b = await wallet(db, await makeUser(db), 'USDT');
    const batch = planCheckedBatch(await snapshot([a, b]), [move(a, b, '4'), move(a, b, '7'), move(a, b, '6')]);
    expect([...batch.refused.keys()]).toEqual([1]);
    expect(batch.refused.get(1)).toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    await write(batch);
    expect([Number(await balanceOf(db, a)), Number(await balanceOf(db, b))]).toEqual([0, 10]);
    expect(batch.after.get(a)).toMatchObject({ balance: '0' });
    expect(await ledgerViolations(db)).toEqual([]);
  });

  it('writes nothing when an account moved after it was read, so a balance is never written over', async () => {
    const a = await funded('10');
    const b = await wallet(db, await makeUser(db), 'USDT');
    const batch = planCheckedBatch(await snapshot([a, b]), [move(a, b, '8')]);
    await post(db, move(a, b, '5'));
    await expect(write(batch)).rejects.toMatchObject({ code: '40001' });
    expect([Number(await balanceOf(db, a)), Number(await balanceOf(db, b))]).toEqual([5, 5]);
    expect(await ledgerViolations(db)).toEqual([]);
  });
});

describe('postMany', () => {
  const outcome = (r: PromiseSettledResult<{ replayed: boolean }>) =>
    r.status === 'fulfilled' ? (r.value.replayed ? 'replayed' : 'ok') : ((r.reason as { code?: string }).code ?? 'error');

  it("posts in the caller's transaction: kept with its commit, gone with its rollback", async () => {
    const a = await funded('10');
    const b = await wallet(db, await makeUser(db), 'USDT');
    const key = randomUUID();
    await expect(
      db.transaction().execute(async (trx) => {
        await postMany(trx, [move(a, b, '3', key)]);
        throw new Error('the caller failed');
      }),
    ).rejects.toThrow('the caller failed');
    expect([Number(await balanceOf(db, a)), Number(await balanceOf(db, b))]).toEqual([10, 0]);

    // The key was never used: it posts now, once.
    const results = await db.transaction().execute((trx) => postMany(trx, [move(a, b, '3', key), move(a, b, '8'), move(a, b, '3', key)]));
    expect(results.map(outcome)).toEqual(['ok', 'INSUFFICIENT_BALANCE', 'replayed']);
    expect(results[2]).toMatchObject({
      status: 'fulfilled',
      value: { journalId: (results[0] as PromiseFulfilledResult<{ journalId: string }>).value.journalId },
    });
    expect([Number(await balanceOf(db, a)), Number(await balanceOf(db, b))]).toEqual([7, 3]);
    expect(await ledgerViolations(db)).toEqual([]);
  });

  it('writes each account once for the lot, its entries one after another as if posted in turn', async () => {
    const a = await funded('10');
    const b = await wallet(db, await makeUser(db), 'USDT');
    await db.transaction().execute((trx) => postMany(trx, [move(a, b, '1'), move(a, b, '2'), move(a, b, '3')]));
    const entries = await db
      .selectFrom('ledger_entries')
      .select(['balance_before', 'balance_after', 'account_version'])
      .where('account_id', '=', b)
      .orderBy('id')
      .execute();
    expect(entries.map((e) => [Number(e.balance_before), Number(e.balance_after), Number(e.account_version)])).toEqual([
      [0, 1, 1],
      [1, 3, 2],
      [3, 6, 3],
    ]);
    const account = await db.selectFrom('ledger_accounts').select(['balance', 'version']).where('id', '=', b).executeTakeFirstOrThrow();
    expect([Number(account.balance), Number(account.version)]).toEqual([6, 3]);
    expect(await ledgerViolations(db)).toEqual([]);
  });

  it("refuses to run outside a caller's transaction", async () => {
    const a = await funded('1');
    const b = await wallet(db, await makeUser(db), 'USDT');
    await expect(postMany(db, [move(a, b, '1')])).rejects.toThrow("caller's transaction");
    expect(Number(await balanceOf(db, a))).toBe(1);
  });

  it('never deadlocks: batches naming the same accounts in any order, at once, all commit', async () => {
    const accounts = [await funded('100'), await funded('100'), await funded('100')];
    const batches = Array.from({ length: 6 }, (_, n) =>
      Array.from({ length: 10 }, (_, i) => {
        const from = (n + i) % 3;
        const to = (from + 1 + ((n * i) % 2)) % 3;
        return move(accounts[from] as string, accounts[to] as string, '0.5');
      }),
    );
    const expected = accounts.map(() => new Decimal(100));
    for (const p of batches.flat()) {
      const from = accounts.indexOf(p.legs[0]?.accountId as string);
      const to = accounts.indexOf(p.legs[1]?.accountId as string);
      expected[from] = (expected[from] as Decimal).minus('0.5');
      expected[to] = (expected[to] as Decimal).plus('0.5');
    }
    const results = await Promise.all(
      batches.map((postings) =>
        db.transaction().execute(async (trx) => {
          const posted = await postMany(trx, postings);
          // Held a moment, so the other batches queue on these accounts.
          await sql`select pg_sleep(0.01)`.execute(trx);
          return posted;
        }),
      ),
    );
    expect(
      results
        .flat()
        .map(outcome)
        .every((o) => o === 'ok'),
    ).toBe(true);
    for (let i = 0; i < accounts.length; i++) {
      expect(new Decimal(await balanceOf(db, accounts[i] as string)).toFixed()).toBe((expected[i] as Decimal).toFixed());
    }
    expect(await ledgerViolations(db)).toEqual([]);
  });
});

describe('accountIds', () => {
  const walletKey = (userId: string): AccountKey => ({ userId, currency: 'USDT', purpose: 'wallet' });

  it('finds and makes many accounts in one go: the very accounts accountId finds, in the order asked', async () => {
    const [known, fresh] = [await makeUser(db), await makeUser(db)];
    const existing = await wallet(db, known, 'USDT');
    const system: AccountKey = { userId: null, currency: 'USDT', purpose: 'chain_inbound:TRON' };
    const ids = await accountIds(db, [walletKey(known), walletKey(fresh), system, walletKey(fresh)]);
    expect(ids[0]).toBe(existing);
    expect(ids[1]).toBe(ids[3]);
    expect(ids[2]).toBe(await inbound(db, 'USDT'));
    expect(await accountId(db, walletKey(fresh))).toBe(ids[1]);
    expect(new Set(ids).size).toBe(3);
  });

  it('agrees with another caller making the same new accounts at the same time', async () => {
    const keys = [await makeUser(db), await makeUser(db), await makeUser(db), await makeUser(db)].map(walletKey);
    const [forward, backward] = await Promise.all([accountIds(db, keys), accountIds(db, [...keys].reverse())]);
    expect([...backward].reverse()).toEqual(forward);
    const rows = await db
      .selectFrom('ledger_accounts')
      .select('id')
      .where(
        'user_id',
        'in',
        keys.map((k) => k.userId as string),
      )
      .execute();
    expect(rows.map((r) => r.id).sort()).toEqual([...forward].sort());
  });
});
