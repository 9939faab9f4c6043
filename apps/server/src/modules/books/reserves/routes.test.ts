import { randomUUID } from 'node:crypto';
import { type MyProofs, verifyReservesProof } from '@wallet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedMember, type Member } from '../../../../test/accounts';
import { createTestApp, type TestApp } from '../../../../test/app';
import { testOperator } from '../../../../test/operators';
import { findUserByUid } from '../../auth/queries';
import { cardPurpose, holdPurpose } from '../../cards/accounts';
import { accountId, post } from '../../ledger';
import type { BooksSource } from '../source';
import { buildSnapshot } from './snapshot';

/**
 * Proof of reserves over HTTP (issue 45), with a test double of a source: the member's proofs verify
 * and add up, the public page shows totals and the ratio, and a failed check reaches the console.
 */
let t: TestApp;
const chainDouble: BooksSource = {
  source: 'chain',
  reconcile: async () => ({ points: [], differences: [] }),
  reserves: async () => [
    {
      source: 'chain',
      currency: 'USDT',
      amount: '900',
      network: 'BSC',
      address: '0xhot',
      block: '42',
      message: 'control',
      signature: '0xs1',
    },
    {
      source: 'chain',
      currency: 'USDT',
      amount: '600.5',
      network: 'TRON',
      address: 'Thot',
      block: '7',
      message: 'control',
      signature: 's2',
    },
  ],
};
const issuerDouble: BooksSource = {
  source: 'issuer',
  reconcile: async () => ({ points: [], differences: [] }),
  reserves: async () => [{ source: 'issuer', currency: 'USD', amount: '50', asOf: '2026-01-01T00:00:00.000Z' }],
};

beforeAll(async () => {
  t = await createTestApp({ deps: { booksSources: [chainDouble, issuerDouble] } });
});
afterAll(() => t.close());

const db = () => t.database.handle.db;
const get = (url: string, member?: Member) => t.app.inject({ method: 'GET', url, headers: member?.headers ?? {} });

async function cardWithHold(member: Member, balance: string, held: string) {
  const user = await findUserByUid(db(), member.profile.uid);
  const userId = user?.id as string;
  const card = randomUUID();
  const available = await accountId(db(), { userId, currency: 'USD', purpose: cardPurpose(card) });
  const hold = await accountId(db(), { userId, currency: 'USD', purpose: holdPurpose(card) });
  const funding = await accountId(db(), { userId: null, currency: 'USD', purpose: 'test_funding' });
  await post(db(), {
    typeCode: 24,
    userId,
    idempotencyKey: `reserves-card:${card}`,
    legs: [
      { accountId: available, amount: balance },
      { accountId: funding, amount: `-${balance}` },
    ],
  });
  await post(db(), {
    typeCode: 24,
    userId,
    idempotencyKey: `reserves-hold:${card}`,
    legs: [
      { accountId: available, amount: `-${held}` },
      { accountId: hold, amount: held },
    ],
  });
}

describe('proof of reserves over HTTP', () => {
  let alice: Member;
  let bob: Member;

  it('answers 404 with its code before any snapshot, and no snapshot for the member', async () => {
    const res = await get('/api/v1/reserves');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('RESERVES_SNAPSHOT_NOT_FOUND');
    alice = await fundedMember(t, '1000.25');
    bob = await fundedMember(t, '250');
    expect((await get('/api/v1/reserves/mine', alice)).json()).toEqual({ snapshot: null, proofs: [], checked: {} });
    expect((await get('/api/v1/reserves/mine')).statusCode).toBe(401);
  });

  it('gives each member proofs that verify and add up to their wallet, card and pending authorization', async () => {
    await cardWithHold(alice, '80', '30.5');
    const snapshot = await buildSnapshot({ db: db(), sources: [chainDouble, issuerDouble], logger: t.app.log }, { cutoffAt: new Date() });
    expect(snapshot?.status).toBe('published');

    const res = await get('/api/v1/reserves/mine', alice);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    const mine = res.json() as MyProofs;
    expect(mine.snapshot?.id).toBe(snapshot?.id);
    const byCurrency = Object.fromEntries(mine.proofs.map((proof) => [proof.currency, proof]));
    expect(byCurrency.USDT?.leaf).toMatchObject({ uid: alice.profile.uid, balance: '1000.25' });
    // 80 on the card, of which 30.5 is held for an authorization: still owed, all of it.
    expect(byCurrency.USD?.leaf).toMatchObject({ uid: alice.profile.uid, balance: '80', units: '8000' });
    for (const proof of mine.proofs)
      expect(verifyReservesProof(proof, { uid: alice.profile.uid, balance: proof.leaf.balance }).ok).toBe(true);
    expect(byCurrency.USDT?.root.sum).toBe(snapshot?.trees.USDT?.units);

    const bobs = (await get('/api/v1/reserves/mine', bob)).json() as MyProofs;
    expect(bobs.proofs.map((p) => [p.currency, p.leaf.balance])).toEqual([['USDT', '250']]);
    expect(verifyReservesProof(bobs.proofs[0] as MyProofs['proofs'][number]).ok).toBe(true);
  });

  it('shows the public page without sign-in: totals, reserves and ratio per currency, roots, open breaks', async () => {
    const res = await get('/api/v1/reserves');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const page = res.json();
    const totals = await db()
      .selectFrom('reserves_leaves')
      .select(['currency', (eb) => eb.fn.sum<string>('units').as('units')])
      .where('snapshot_id', '=', page.id)
      .groupBy('currency')
      .execute();
    const usdtUnits = totals.find((row) => row.currency === 'USDT')?.units;
    expect(page.lines).toEqual([
      { currency: 'USD', liabilities: '80', reserves: '50', ratio: '0.6250', root: expect.stringMatching(/^[0-9a-f]{64}$/), leaves: 1 },
      {
        currency: 'USDT',
        liabilities: '1250.25',
        reserves: '1500.5',
        ratio: '1.2001',
        root: expect.stringMatching(/^[0-9a-f]{64}$/),
        leaves: 2,
      },
    ]);
    expect(String(usdtUnits)).toBe('1250250000');
    expect(page.reserves).toHaveLength(3);
    expect(page.reserves[0]).toMatchObject({ address: '0xhot', block: '42', message: 'control', signature: '0xs1' });
    expect(page.openBreaks).toEqual({ chain: 0, issuer: 0, payout: 0 });
    expect((await get(`/api/v1/reserves/${page.id}`)).json()).toEqual(page);
    expect((await get(`/api/v1/reserves/${randomUUID()}`)).json().error.code).toBe('RESERVES_SNAPSHOT_NOT_FOUND');
    const history = (await get('/api/v1/reserves/history?limit=5')).json();
    expect(history).toMatchObject({ total: 1, items: [{ id: page.id, lines: page.lines }] });
  });

  it("records the app's checks once per currency and shows a failure to the console", async () => {
    const mine = (await get('/api/v1/reserves/mine', bob)).json() as MyProofs;
    const report = (ok: boolean) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/reserves/mine/checks',
        headers: {
          ...bob.headers,
          'user-agent':
            'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1',
        },
        payload: { snapshotId: mine.snapshot?.id, results: [{ currency: 'USDT', ok, failure: ok ? null : 'root_hash_mismatch' }] },
      });
    expect((await report(true)).statusCode).toBe(204);
    const failed = await report(false);
    expect(failed.statusCode, failed.body).toBe(204);
    const rows = await db().selectFrom('reserves_proof_checks').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ok: false, failure: 'root_hash_mismatch', user_agent: 'Safari · iOS' });
    expect((await get('/api/v1/reserves/mine', bob)).json().checked).toEqual({ USDT: { ok: false, at: expect.any(String) } });

    const reader = await testOperator(t, ['auditor']);
    const failures = await t.app.inject({ method: 'GET', url: '/api/v1/admin/books/proof-failures', headers: reader.headers });
    expect(failures.statusCode, failures.body).toBe(200);
    expect(failures.json().items).toEqual([
      expect.objectContaining({ snapshotId: mine.snapshot?.id, uid: bob.profile.uid, currency: 'USDT', failure: 'root_hash_mismatch' }),
    ]);
    const snapshots = (await t.app.inject({ method: 'GET', url: '/api/v1/admin/books/snapshots', headers: reader.headers })).json();
    expect(snapshots.items[0]).toMatchObject({ id: mine.snapshot?.id, status: 'published', failedChecks: 1 });

    // A currency the member holds no proof in is not recorded.
    const stray = await t.app.inject({
      method: 'POST',
      url: '/api/v1/reserves/mine/checks',
      headers: bob.headers,
      payload: { snapshotId: mine.snapshot?.id, results: [{ currency: 'USD', ok: false, failure: 'x' }] },
    });
    expect(stray.statusCode).toBe(404);
  });

  it('builds one from the console in the background (books.run), audited, and refuses a reader', async () => {
    const reader = await testOperator(t, ['auditor']);
    const forbidden = await t.app.inject({ method: 'POST', url: '/api/v1/admin/books/snapshots', headers: reader.headers });
    expect(forbidden.statusCode).toBe(403);
    const finance = await testOperator(t, ['finance']);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/admin/books/snapshots', headers: finance.headers });
    expect(res.statusCode, res.body).toBe(200);
    const built = res.json();
    expect(built.status).toBe('building');
    const again = await t.app.inject({ method: 'POST', url: '/api/v1/admin/books/snapshots', headers: finance.headers });
    expect([409, 200]).toContain(again.statusCode);
    if (again.statusCode === 409) expect(again.json().error.code).toBe('RESERVES_SNAPSHOT_IN_PROGRESS');
    for (let i = 0; i < 100; i++) {
      const row = await db().selectFrom('reserves_snapshots').select('status').where('id', '=', built.id).executeTakeFirstOrThrow();
      if (row.status !== 'building') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const latest = (await get('/api/v1/reserves')).json();
    expect(latest.id).toBe(again.statusCode === 200 ? again.json().id : built.id);
    const audit = await db().selectFrom('operator_audit').selectAll().where('action', '=', 'books.snapshot.build').execute();
    expect(audit.map((entry) => entry.object)).toContain(`reserves_snapshot:${built.id}`);
  });
});
