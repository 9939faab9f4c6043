import { randomUUID } from 'node:crypto';
import { Decimal } from '@wallet/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { balanceOf, inbound, makeUser, wallet } from '../../../test/ledger-fixtures';
import type { Db } from '../../platform/db/database';
import { post } from '.';
import { ledgerViolations } from './invariants';

let database: TestDatabase;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.handle.db;
});
afterAll(() => database.drop());

async function deposit(userAccount: string, amount: string, key = randomUUID()) {
  return post(db, {
    typeCode: 11,
    userId: null,
    idempotencyKey: key,
    legs: [
      { accountId: await inbound(db, 'USDT'), amount: `-${amount}` },
      { accountId: userAccount, amount },
    ],
  });
}

const transfer = (from: string, to: string, amount: string, key = randomUUID()) =>
  post(db, {
    typeCode: 23,
    userId: null,
    idempotencyKey: key,
    legs: [
      { accountId: from, amount: `-${amount}` },
      { accountId: to, amount },
    ],
  });

describe('posting', () => {
  it('moves money, recording the balance before and after on every entry', async () => {
    const alice = await wallet(db, await makeUser(db), 'USDT');
    const { journalId } = await deposit(alice, '100.5');
    expect(await balanceOf(db, alice)).toBe('100.500000000000000000');
    const entries = await db.selectFrom('ledger_entries').selectAll().where('journal_id', '=', journalId).orderBy('amount').execute();
    expect(
      entries.map((e) => [
        new Decimal(e.amount).toFixed(),
        new Decimal(e.balance_before).toFixed(),
        new Decimal(e.balance_after).toFixed(),
      ]),
    ).toEqual([
      ['-100.5', '0', '-100.5'],
      ['100.5', '0', '100.5'],
    ]);
    expect(await ledgerViolations(db)).toEqual([]);
  });

  it('refuses to overdraw a user account and leaves no trace', async () => {
    const alice = await wallet(db, await makeUser(db), 'USDT');
    const bob = await wallet(db, await makeUser(db), 'USDT');
    await deposit(alice, '5');
    const key = randomUUID();
    await expect(transfer(alice, bob, '5.000001', key)).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    expect(await db.selectFrom('ledger_journal').select('id').where('idempotency_key', '=', key).execute()).toEqual([]);
    expect(new Decimal(await balanceOf(db, alice)).toFixed()).toBe('5');
    // The failed attempt did not burn the key: the same request can succeed later.
    await deposit(alice, '1');
    await expect(transfer(alice, bob, '5.000001', key)).resolves.toMatchObject({ replayed: false });
  });

  it('refuses journals that do not sum to zero, and amounts finer than the currency allows', async () => {
    const alice = await wallet(db, await makeUser(db), 'USDT');
    await expect(
      post(db, {
        typeCode: 13,
        userId: null,
        idempotencyKey: randomUUID(),
        legs: [
          { accountId: await inbound(db, 'USDT'), amount: '-1' },
          { accountId: alice, amount: '2' },
        ],
      }),
    ).rejects.toThrow(/does not balance/);
    await expect(deposit(alice, '0.0000001')).rejects.toMatchObject({ code: 'AMOUNT_TOO_PRECISE' });
    expect(await ledgerViolations(db)).toEqual([]);
  });

  it('keeps entries and journals append-only', async () => {
    const alice = await wallet(db, await makeUser(db), 'USDT');
    await deposit(alice, '1');
    await expect(sql`update ledger_entries set amount = 1000`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from ledger_journal`.execute(db)).rejects.toThrow(/append-only/);
  });
});

describe('idempotency', () => {
  it('moves money once for a key sent twice, or 20 times at once', async () => {
    const alice = await wallet(db, await makeUser(db), 'USDT');
    const key = randomUUID();
    expect((await deposit(alice, '10', key)).replayed).toBe(false);
    expect((await deposit(alice, '10', key)).replayed).toBe(true);
    const parallelKey = randomUUID();
    const results = await Promise.all(Array.from({ length: 20 }, () => deposit(alice, '1', parallelKey)));
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(new Set(results.map((r) => r.journalId)).size).toBe(1);
    expect(new Decimal(await balanceOf(db, alice)).toFixed()).toBe('11');
  });

  it('refuses a key reused for a different event', async () => {
    const alice = await wallet(db, await makeUser(db), 'USDT');
    const key = randomUUID();
    await deposit(alice, '10', key);
    await expect(post(db, { typeCode: 13, userId: null, idempotencyKey: key, legs: [] })).rejects.toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
  });
});

describe('under concurrency', () => {
  it('lets exactly 100 of 200 parallel transfers through from an account that can afford 100', async () => {
    const alice = await wallet(db, await makeUser(db), 'USDT');
    const others = await Promise.all(Array.from({ length: 10 }, async () => wallet(db, await makeUser(db), 'USDT')));
    await deposit(alice, '100');
    const results = await Promise.allSettled(Array.from({ length: 200 }, (_, i) => transfer(alice, others[i % 10] as string, '1')));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(100);
    const failures = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason.code);
    expect(new Set(failures)).toEqual(new Set(['INSUFFICIENT_BALANCE']));
    expect(new Decimal(await balanceOf(db, alice)).toFixed()).toBe('0');
    expect(await ledgerViolations(db)).toEqual([]);
  });

  it('never deadlocks when transfers cross in both directions', async () => {
    const a = await wallet(db, await makeUser(db), 'USDT');
    const b = await wallet(db, await makeUser(db), 'USDT');
    await deposit(a, '1000');
    await deposit(b, '1000');
    const results = await Promise.allSettled(Array.from({ length: 100 }, (_, i) => (i % 2 ? transfer(a, b, '3') : transfer(b, a, '2'))));
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    expect(new Decimal(await balanceOf(db, a)).plus(await balanceOf(db, b)).toFixed()).toBe('2000');
    expect(await ledgerViolations(db)).toEqual([]);
  });
});
