import { type ReservesProof, verifyReservesProof } from '@wallet/contract';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeCard } from '../../../../test/card-fixtures';
import { createTestDatabase, type TestDatabase } from '../../../../test/database';
import { creditMember, makeUser } from '../../../../test/ledger-fixtures';
import type { Db } from '../../../platform/db/database';
import { post } from '../../ledger';
import { type BooksSource, SourceUnavailable } from '../source';
import { dueCutoff, snapshotIfDue } from './jobs';
import { proofsOf } from './proofs';
import { beginSnapshot, buildSnapshot } from './snapshot';

/** Snapshots against PostgreSQL with test doubles of the sources (issue 45). */
let database: TestDatabase;
let db: Db;
const logger = pino({ level: 'silent' });

const holding = (amount: string): BooksSource => ({
  source: 'chain',
  reconcile: async () => ({ points: [], differences: [] }),
  reserves: async ({ cutoffAt }) => [
    {
      source: 'chain',
      currency: 'USDT',
      amount,
      network: 'BSC',
      address: '0xabc',
      block: '100',
      message: `reserves at ${cutoffAt.toISOString()}`,
      signature: '0xsig',
    },
  ],
});
const unreadable: BooksSource = {
  source: 'issuer',
  reconcile: async () => ({ points: [], differences: [] }),
  reserves: async () => {
    throw new SourceUnavailable('issuer', 'the issuer did not answer');
  },
};

let cutoffs = Date.UTC(2026, 0, 1);
const nextCutoff = () => {
  cutoffs += 86_400_000;
  return new Date(cutoffs);
};

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.handle.db;
});
afterAll(() => database.drop());

async function userIdsOfSnapshot(snapshotId: string): Promise<string[]> {
  const rows = await db.selectFrom('reserves_leaves').select('user_id').distinct().where('snapshot_id', '=', snapshotId).execute();
  return rows.map((row) => row.user_id);
}

describe('a reserves snapshot', () => {
  it('commits every member total (wallet, card, pending authorization) and each stored proof verifies', async () => {
    const members: string[] = [];
    for (let i = 0; i < 9; i++) {
      const id = await makeUser(db);
      await creditMember(db, id, 'USDT', `${i * 10 + 1}.5`);
      members.push(id);
    }
    const card = await activeCard(db, { uid: 55_000_001, tag: 'reserves', balance: '120.25' });
    await post(db, {
      typeCode: 24,
      userId: card.user_id,
      idempotencyKey: 'reserves-test-authorization',
      legs: [
        { accountId: card.accounts.available, amount: '-20.25' },
        { accountId: card.accounts.hold, amount: '20.25' },
      ],
    });

    const snapshot = await buildSnapshot({ db, sources: [holding('1000.5')], logger }, { cutoffAt: nextCutoff() });
    expect(snapshot?.status).toBe('published');
    if (!snapshot) return;
    // 9 × 1.5 + 10 × (0 + … + 8)
    expect(snapshot.trees.USDT).toMatchObject({ total: '373.5', units: '373500000', leaves: 9, depth: 4 });
    expect(snapshot.trees.USD).toMatchObject({ total: '120.25', units: '12025', leaves: 1, depth: 0 });
    expect(snapshot.reserves).toEqual([expect.objectContaining({ currency: 'USDT', amount: '1000.5', signature: '0xsig' })]);
    expect(snapshot.open_breaks).toEqual({ chain: 0, issuer: 0, payout: 0 });

    const proofs: ReservesProof[] = [];
    for (const id of await userIdsOfSnapshot(snapshot.id)) proofs.push(...(await proofsOf(db, snapshot.id, id)));
    expect(proofs).toHaveLength(10);
    for (const proof of proofs) expect(verifyReservesProof(proof)).toMatchObject({ ok: true });
    const [usd] = await proofsOf(db, snapshot.id, card.user_id);
    expect(usd).toMatchObject({ currency: 'USD', leaf: { balance: '120.25', units: '12025' }, path: [], root: { sum: '12025' } });
    const indexes = proofs.filter((p) => p.currency === 'USDT').map((p) => p.leaf.index);
    expect(indexes.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    // A changed balance no longer reaches the root.
    const first = proofs[0] as ReservesProof;
    expect(verifyReservesProof({ ...first, leaf: { ...first.leaf, units: String(BigInt(first.leaf.units) + 1n) } }).ok).toBe(false);
  });

  it('gives fresh salts per snapshot, and does nothing for a cut-off that already has one', async () => {
    const cutoffAt = nextCutoff();
    const a = await buildSnapshot({ db, sources: [], logger }, { cutoffAt });
    expect(await buildSnapshot({ db, sources: [], logger }, { cutoffAt })).toBeNull();
    const b = await buildSnapshot({ db, sources: [], logger }, { cutoffAt: nextCutoff() });
    const [user] = await userIdsOfSnapshot(a?.id as string);
    const [pa] = await proofsOf(db, a?.id as string, user as string);
    const [pb] = await proofsOf(db, b?.id as string, user as string);
    expect(pa?.leaf.balance).toBe(pb?.leaf.balance);
    expect(pa?.leaf.salt).not.toBe(pb?.leaf.salt);
  });

  it('fails, naming the source, when a source cannot be read, and keeps no leaves', async () => {
    const failing = buildSnapshot({ db, sources: [holding('1'), unreadable], logger }, { cutoffAt: nextCutoff() });
    await expect(failing).rejects.toThrow('the issuer did not answer');
    const row = await db.selectFrom('reserves_snapshots').selectAll().orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'failed', error: expect.stringContaining('SourceUnavailable') });
    expect(await userIdsOfSnapshot(row.id)).toEqual([]);
  });

  it('refuses a second snapshot while one is building', async () => {
    const building = await beginSnapshot(db, nextCutoff());
    await expect(beginSnapshot(db, nextCutoff())).rejects.toMatchObject({ code: 'RESERVES_SNAPSHOT_IN_PROGRESS' });
    await db
      .deleteFrom('reserves_snapshots')
      .where('id', '=', building?.id as string)
      .execute();
  });

  it('counts the open reconciliation breaks per source', async () => {
    const run = await db
      .insertInto('recon_runs')
      .values({ cutoff_at: nextCutoff(), trigger: 'test', operator_id: null, error_source: null, error: null, finished_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [n, status] of (['open', 'open', 'resolved'] as const).entries())
      await db
        .insertInto('recon_breaks')
        .values({
          identity: `issuer:card:${n}`,
          source: 'issuer',
          kind: 'card_balance',
          network: null,
          currency: 'USD',
          subject: String(n),
          expected: '1',
          observed: '2',
          difference: '1',
          cause: 'loaded_at_issuer_only',
          status,
          first_run_id: run.id,
          last_run_id: run.id,
          journal_id: null,
          closed_at: null,
        })
        .execute();
    const snapshot = await buildSnapshot({ db, sources: [], logger }, { cutoffAt: nextCutoff() });
    expect(snapshot?.open_breaks).toEqual({ chain: 0, issuer: 2, payout: 0 });
  });

  it('takes the daily cut-off at the setting hour once, catching up after a missed hour', async () => {
    expect(dueCutoff(new Date('2026-03-10T05:00:00Z'), 4).toISOString()).toBe('2026-03-10T04:00:00.000Z');
    expect(dueCutoff(new Date('2026-03-10T03:59:00Z'), 4).toISOString()).toBe('2026-03-09T04:00:00.000Z');
    await db
      .insertInto('console_settings')
      .values({ key: 'books.snapshot_hour', value: '6' })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: '6' }))
      .execute();
    const clock = { now: () => new Date('2030-05-01T07:12:00Z') };
    await snapshotIfDue({ db, sources: [], logger, clock });
    await snapshotIfDue({ db, sources: [], logger, clock });
    const rows = await db
      .selectFrom('reserves_snapshots')
      .select(['status'])
      .where('cutoff_at', '=', new Date('2030-05-01T06:00:00Z'))
      .execute();
    expect(rows).toEqual([{ status: 'published' }]);
  });
});
