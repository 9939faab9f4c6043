import { randomUUID } from 'node:crypto';
import { Decimal } from '@wallet/contract';
import fc from 'fast-check';
import { type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { balanceOf, inbound, makeUser, wallet } from '../../../test/ledger-fixtures';
import type { Db } from '../../platform/db/database';
import { type AccountSnapshot, type Posting, planCheckedBatch, post, postBatch } from '.';
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
