import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../test/database';
import { card, device, freshAddress, member, payee, type TestMember } from '../../../../test/referral-abuse';
import type { Db } from '../../../platform/db/database';
import { flaggedPairs, pairKey } from './index';

/** The abuse signals, read for a batch of pairs at once: each holds its pair and opens a review; nothing else does. */
let database: TestDatabase;
let db: Db;
const now = new Date('2026-12-05T08:00:00.000Z');

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.handle.db;
});
afterAll(() => database?.drop());

async function pair(): Promise<[TestMember, TestMember]> {
  const inviter = await member(db);
  return [inviter, await member(db, { invitedBy: inviter.id })];
}

const check = (pairs: [TestMember, TestMember][], at = now) =>
  db.transaction().execute((trx) =>
    flaggedPairs(
      trx,
      pairs.map(([b, m]) => ({ beneficiaryId: b.id, memberId: m.id })),
      at,
    ),
  );

const reviewOf = (inviter: TestMember, invitee: TestMember) =>
  db
    .selectFrom('referral_reviews')
    .selectAll()
    .where('inviter_id', '=', inviter.id)
    .where('invitee_id', '=', invitee.id)
    .executeTakeFirst();

describe('flaggedPairs', () => {
  it('lets a pair that shares nothing pay, and opens no review for it', async () => {
    const [inviter, invitee] = await pair();
    const verdicts = await check([[inviter, invitee]]);
    expect(verdicts.size).toBe(0);
    expect(await reviewOf(inviter, invitee)).toBeUndefined();
  });

  it('holds a pair bound to the same address, and says which (masked)', async () => {
    const address = freshAddress();
    const inviter = await member(db, { address });
    const invitee = await member(db, { address, invitedBy: inviter.id });
    expect((await check([[inviter, invitee]])).get(pairKey(inviter.id, invitee.id))).toBe('held');
    const review = await reviewOf(inviter, invitee);
    expect(review).toMatchObject({ status: 'open', created_at: now });
    expect(review?.signals).toEqual([{ kind: 'same_address', detail: `TRON ${address.slice(0, 6)}…${address.slice(-4)}` }]);
    expect(JSON.stringify(review?.signals)).not.toContain(address);
  });

  it('compares BSC addresses whatever their letter case, and not across networks', async () => {
    const address = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    const inviter = await member(db, { network: 'BSC', address });
    const invitee = await member(db, { network: 'BSC', address: address.toLowerCase(), invitedBy: inviter.id });
    const other = await member(db, { network: 'TRON', address, invitedBy: inviter.id });
    const verdicts = await check([
      [inviter, invitee],
      [inviter, other],
    ]);
    expect(verdicts.get(pairKey(inviter.id, invitee.id))).toBe('held');
    expect(verdicts.has(pairKey(inviter.id, other.id))).toBe(false);
  });

  it('holds a pair with a live payee of the same account, not one the member deleted', async () => {
    const [inviter, invitee] = await pair();
    const [inviter2, invitee2] = await pair();
    const print = randomBytes(32);
    const gone = randomBytes(32);
    await payee(db, inviter.id, print, { last4: '1111' });
    await payee(db, invitee.id, print, { last4: '1111' });
    await payee(db, inviter2.id, gone);
    await payee(db, invitee2.id, gone, { deleted: true });
    const verdicts = await check([
      [inviter, invitee],
      [inviter2, invitee2],
    ]);
    expect(verdicts.get(pairKey(inviter.id, invitee.id))).toBe('held');
    expect(verdicts.has(pairKey(inviter2.id, invitee2.id))).toBe(false);
    expect((await reviewOf(inviter, invitee))?.signals).toEqual([{ kind: 'same_payee', detail: 'payee •••• 1111' }]);
  });

  it('holds a pair that signed in on the same device', async () => {
    const [inviter, invitee] = await pair();
    const key = randomBytes(32);
    await device(db, inviter.id, key);
    await device(db, invitee.id, key, 'Safari on iPhone');
    await device(db, invitee.id, randomBytes(32));
    expect((await check([[inviter, invitee]])).get(pairKey(inviter.id, invitee.id))).toBe('held');
    expect((await reviewOf(inviter, invitee))?.signals).toEqual([{ kind: 'same_device', detail: 'Safari on iPhone' }]);
  });

  it('holds a pair with a card bound by the same number', async () => {
    const [inviter, invitee] = await pair();
    const print = randomBytes(32);
    await card(db, inviter.id, print, '4242');
    await card(db, invitee.id, print, '4242');
    expect((await check([[inviter, invitee]])).get(pairKey(inviter.id, invitee.id))).toBe('held');
    expect((await reviewOf(inviter, invitee))?.signals).toEqual([{ kind: 'same_card', detail: 'card •••• 4242' }]);
  });

  it('holds a member who signed up among more than 5 from one address within an hour, and not 5', async () => {
    const inviter = await member(db);
    const base = new Date('2026-12-04T10:00:00.000Z');
    const minutes = (n: number) => new Date(base.getTime() + n * 60_000);
    // Six sign-ups from 198.51.100.7 within an hour of the invitee's (one of them after it), one outside.
    const invitee = await member(db, { invitedBy: inviter.id, ip: '198.51.100.7', signedUpAt: base });
    for (const n of [-50, -20, 10, 40, 59]) await member(db, { ip: '198.51.100.7', signedUpAt: minutes(n) });
    await member(db, { ip: '198.51.100.7', signedUpAt: minutes(-61) });
    // Five from 198.51.100.8: not a burst.
    const quiet = await member(db, { invitedBy: inviter.id, ip: '198.51.100.8', signedUpAt: base });
    for (const n of [-30, -10, 10, 30]) await member(db, { ip: '198.51.100.8', signedUpAt: minutes(n) });
    // Loopback: the server never saw the client's address.
    const local = await member(db, { invitedBy: inviter.id, ip: '127.0.0.1', signedUpAt: base });
    for (const n of [1, 2, 3, 4, 5, 6]) await member(db, { ip: '127.0.0.1', signedUpAt: minutes(n) });

    const verdicts = await check([
      [inviter, invitee],
      [inviter, quiet],
      [inviter, local],
    ]);
    expect(verdicts.get(pairKey(inviter.id, invitee.id))).toBe('held');
    expect(verdicts.has(pairKey(inviter.id, quiet.id))).toBe(false);
    expect(verdicts.has(pairKey(inviter.id, local.id))).toBe(false);
    expect((await reviewOf(inviter, invitee))?.signals).toEqual([
      { kind: 'signup_burst', detail: '6 sign-ups from 198.51.100.7 within an hour' },
    ]);
  });

  it('lists every signal a pair shows in its review', async () => {
    const address = freshAddress();
    const inviter = await member(db, { address });
    const invitee = await member(db, { address, invitedBy: inviter.id });
    const key = randomBytes(32);
    await device(db, inviter.id, key);
    await device(db, invitee.id, key);
    const print = randomBytes(32);
    await card(db, inviter.id, print);
    await card(db, invitee.id, print);
    await check([[inviter, invitee]]);
    expect((await reviewOf(inviter, invitee))?.signals.map((signal) => signal.kind)).toEqual(['same_address', 'same_device', 'same_card']);
  });

  it('follows an existing review: open holds, voided voids, cleared pays, without looking at signals again', async () => {
    const address = freshAddress();
    const inviter = await member(db, { address });
    const [open, voided, cleared] = [
      await member(db, { address, invitedBy: inviter.id }),
      await member(db, { address, invitedBy: inviter.id }),
      await member(db, { address, invitedBy: inviter.id }),
    ];
    await check([
      [inviter, open],
      [inviter, voided],
      [inviter, cleared],
    ]);
    await db.updateTable('referral_reviews').set({ status: 'voided' }).where('invitee_id', '=', voided.id).execute();
    await db.updateTable('referral_reviews').set({ status: 'cleared' }).where('invitee_id', '=', cleared.id).execute();
    const verdicts = await check([
      [inviter, open],
      [inviter, voided],
      [inviter, cleared],
    ]);
    expect(Object.fromEntries(verdicts)).toEqual({ [pairKey(inviter.id, open.id)]: 'held', [pairKey(inviter.id, voided.id)]: 'void' });
    const reviews = await db.selectFrom('referral_reviews').select('id').where('inviter_id', '=', inviter.id).execute();
    expect(reviews).toHaveLength(3);
  });

  it('reads a batch of thousands of pairs in one go, the same pair repeated counting once', async () => {
    const address = freshAddress();
    const inviter = await member(db, { address });
    const flagged = await member(db, { address, invitedBy: inviter.id });
    const clean = await Promise.all(Array.from({ length: 40 }, () => member(db, { invitedBy: inviter.id })));
    const pairs = Array.from({ length: 3000 }, (_, i) => ({ beneficiaryId: inviter.id, memberId: (clean[i % 40] as TestMember).id }));
    pairs.push({ beneficiaryId: inviter.id, memberId: flagged.id }, { beneficiaryId: inviter.id, memberId: flagged.id });
    const verdicts = await db.transaction().execute((trx) => flaggedPairs(trx, pairs, now));
    expect(Object.fromEntries(verdicts)).toEqual({ [pairKey(inviter.id, flagged.id)]: 'held' });
    expect(await db.selectFrom('referral_reviews').select('id').where('invitee_id', '=', flagged.id).execute()).toHaveLength(1);
  });

  it('opens one review when two batches find the same pair at once, and both hold it', async () => {
    const address = freshAddress();
    const inviter = await member(db, { address });
    const invitee = await member(db, { address, invitedBy: inviter.id });
    const input = [{ beneficiaryId: inviter.id, memberId: invitee.id }];
    // The first transaction opens the review and waits; the second finds the same signals, waits on
    // the unique key, and after the first commits reads the review the first opened.
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let firstOpened: () => void = () => {};
    const opened = new Promise<void>((resolve) => {
      firstOpened = resolve;
    });
    const first = db.transaction().execute(async (trx) => {
      const verdicts = await flaggedPairs(trx, input, now);
      firstOpened();
      await gate;
      return verdicts;
    });
    await opened;
    const second = db.transaction().execute((trx) => flaggedPairs(trx, input, now));
    // The second is blocked on the first's row: poll pg_locks for it rather than sleeping.
    // Let the held transaction go even when the wait is not seen, so the test fails rather than hangs.
    try {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const { rows } = await database.handle.pool.query(
          "select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()",
        );
        if (rows[0].n > 0) break;
        if (Date.now() > deadline) throw new Error('the second batch never waited for the first');
        await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      release();
    }
    const [a, b] = await Promise.all([first, second]);
    expect(a.get(pairKey(inviter.id, invitee.id))).toBe('held');
    expect(b.get(pairKey(inviter.id, invitee.id))).toBe('held');
    expect(await db.selectFrom('referral_reviews').select('id').where('invitee_id', '=', invitee.id).execute()).toHaveLength(1);
  });
});
