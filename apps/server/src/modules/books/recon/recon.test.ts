import { randomUUID } from 'node:crypto';
import { type Approval, Decimal } from '@wallet/contract';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activeCard } from '../../../../test/card-fixtures';
import { ManualClock } from '../../../../test/clock';
import { createTestDatabase, type TestDatabase } from '../../../../test/database';
import { type TestOperator, testOperator } from '../../../../test/operators';
import { errorModelOptions, registerErrorHandling } from '../../../platform/errors';
import { registerLanguage } from '../../../platform/language';
import { createLogger } from '../../../platform/logger';
import { cachingSerializerCompiler } from '../../../platform/shared-replies';
import { validatorCompiler } from '../../../platform/validation';
import { registerApprovals } from '../../approvals/register';
import { createApprovals } from '../../approvals/service';
import { cardBalances } from '../../cards/accounts';
import { accountId, balanceOf, SYSTEM_PURPOSES } from '../../ledger';
import { registerOperatorGuard } from '../../operators/guard';
import { registerBooks } from '../register';
import { type BooksSource, type Difference, SourceUnavailable } from '../source';
import { openBreakCount, proofFailureCount } from './counts';
import { latestCutoff, runScheduled } from './job';
import { registerReconMetrics } from './metrics';
import { reconcile } from './run';

/**
 * Reconciliation on a real database, with sources that are test doubles of BooksSource: the app is
 * the approvals, the operator guard and the books, as app.ts registers them, so the four-eyes
 * booking goes through the real approve route.
 */

let database: TestDatabase;
let app: FastifyInstance;
const clock = new ManualClock(new Date('2026-12-05T08:00:00.000Z'));
const logger: FastifyBaseLogger = createLogger('silent');
const db = () => database.handle.db;
let maker: TestOperator;
let checker: TestOperator;
let auditor: TestOperator;
let support: TestOperator;

/** The chain double: the wallets' balance on chain is `onChain`, the ledger's is minus the treasury account's balance. */
const chain = {
  onChain: '100' as string | null,
  fail: null as Error | null,
  extra: [] as Difference[],
};
const chainSource: BooksSource = {
  source: 'chain',
  async reconcile({ db }) {
    if (chain.fail) throw chain.fail;
    const treasury = await accountId(db, { userId: null, currency: 'USDT', purpose: SYSTEM_PURPOSES.chainTreasury('BSC') });
    const expected = new Decimal(await balanceOf(db, treasury)).neg();
    const differences: Difference[] = [...chain.extra];
    if (chain.onChain !== null && !expected.eq(chain.onChain))
      differences.push({
        identity: 'chain:balance:BSC:USDT',
        source: 'chain',
        kind: 'chain_balance',
        network: 'BSC',
        currency: 'USDT',
        subject: null,
        expected: expected.toFixed(),
        observed: chain.onChain,
        difference: new Decimal(chain.onChain).minus(expected).toFixed(),
        cause: 'unrecorded_inbound_transfer',
        details: {},
      });
    return { points: [{ source: 'chain:BSC:USDT', block: '123', checked: 1 }], differences };
  },
  async reserves() {
    return [];
  },
};
const issuer = { differences: [] as Difference[] };
const issuerSource: BooksSource = {
  source: 'issuer',
  async reconcile() {
    return { points: [{ source: 'issuer', asOf: '2026-12-05T08:00:00.000Z', checked: 3 }], differences: issuer.differences };
  },
  async reserves() {
    return [];
  },
};

const cardBreak = (difference: string, identity = 'issuer:card:c1'): Difference => ({
  identity,
  source: 'issuer',
  kind: 'card_balance',
  network: null,
  currency: 'USD',
  subject: null,
  expected: '10',
  observed: new Decimal(10).plus(difference).toFixed(),
  difference,
  cause: 'loaded_at_issuer_only',
  details: { issuerCardId: 'ic_1' },
});

const deps = () => ({ db: db(), clock, logger, sources: [chainSource, issuerSource] });
const run = async () => {
  // Each run a second after the last: newest first is by start time.
  clock.advance(1);
  const done = await reconcile(deps(), { trigger: 'test', cutoffAt: clock.now() });
  expect(done).not.toBeNull();
  return done as NonNullable<typeof done>;
};
const get = (url: string, who: TestOperator) => app.inject({ method: 'GET', url, headers: who.headers });
const post = (url: string, who: TestOperator, payload?: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, headers: { ...who.headers, ...headers }, ...(payload ? { payload } : {}) });
const breakByIdentity = (identity: string) =>
  db().selectFrom('recon_breaks').selectAll().where('identity', '=', identity).executeTakeFirstOrThrow();

beforeAll(async () => {
  database = await createTestDatabase();
  app = Fastify({ loggerInstance: logger, ...errorModelOptions });
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.setValidatorCompiler(validatorCompiler);
  typed.setSerializerCompiler(cachingSerializerCompiler);
  registerLanguage(typed);
  registerErrorHandling(typed);
  registerOperatorGuard(typed, { db: db(), clock });
  const approvals = createApprovals({ db: db(), clock });
  await registerApprovals(typed, { db: db(), approvals });
  await registerBooks(typed, { db: db(), clock, logger, approvals, sources: [chainSource, issuerSource] });
  [maker, checker, auditor, support] = [
    await testOperator(db(), ['finance']),
    await testOperator(db(), ['finance']),
    await testOperator(db(), ['auditor']),
    await testOperator(db(), ['support']),
  ];
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});
beforeEach(() => {
  chain.onChain = '0';
  chain.fail = null;
  chain.extra = [];
  issuer.differences = [];
});

describe('a break through its whole life', () => {
  it('opens, is seen again, resolves when it matches, reopens, and is accepted with a note', async () => {
    issuer.differences = [cardBreak('5')];
    const first = await run();
    expect(first.status).toBe('completed');
    expect(first.summary).toEqual({ checked: 4, opened: 1, seenAgain: 0, reopened: 0, resolved: 0, open: 1 });
    expect(first.sources).toEqual([
      { source: 'chain:BSC:USDT', block: '123', checked: 1 },
      { source: 'issuer', asOf: '2026-12-05T08:00:00.000Z', checked: 3 },
    ]);
    const opened = await breakByIdentity('issuer:card:c1');
    expect([opened.status, new Decimal(opened.difference).toFixed()]).toEqual(['open', '5']);

    issuer.differences = [cardBreak('7')];
    expect((await run()).summary).toMatchObject({ seenAgain: 1, open: 1 });
    expect(new Decimal((await breakByIdentity('issuer:card:c1')).difference).toFixed()).toBe('7');

    issuer.differences = [];
    expect((await run()).summary).toMatchObject({ resolved: 1, open: 0 });
    expect((await breakByIdentity('issuer:card:c1')).status).toBe('resolved');

    issuer.differences = [cardBreak('7')];
    expect((await run()).summary).toMatchObject({ reopened: 1, open: 1 });
    expect((await breakByIdentity('issuer:card:c1')).status).toBe('open');

    const short = await post(`/api/v1/admin/books/breaks/${opened.id}/accept`, maker, { note: 'ok' });
    expect(short.statusCode).toBe(400);
    const accepted = await post(`/api/v1/admin/books/breaks/${opened.id}/accept`, maker, { note: 'Known issuer fee, settled monthly' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().status).toBe('accepted');
    const again = await post(`/api/v1/admin/books/breaks/${opened.id}/accept`, checker, { note: 'Known issuer fee, settled monthly' });
    expect(again.json().error.code).toBe('BOOKS_BREAK_NOT_OPEN');
    const audit = await db()
      .selectFrom('operator_audit')
      .select(['operator_id', 'reason'])
      .where('action', '=', 'books.break_accept')
      .execute();
    expect(audit).toEqual([{ operator_id: maker.id, reason: 'Known issuer fee, settled monthly' }]);

    // Accepted as it stands: found again at the same difference it stays accepted, with nothing new in its history.
    expect((await run()).summary).toMatchObject({ open: 0, seenAgain: 0, reopened: 0 });
    expect((await breakByIdentity('issuer:card:c1')).status).toBe('accepted');
    issuer.differences = [cardBreak('8')];
    expect((await run()).summary).toMatchObject({ reopened: 1, open: 1 });

    const history = (await get(`/api/v1/admin/books/breaks/${opened.id}`, auditor)).json();
    expect(history.history.map((e: { event: string }) => e.event)).toEqual([
      'opened',
      'seen_again',
      'resolved',
      'reopened',
      'accepted',
      'reopened',
    ]);
    expect(history.history[4]).toMatchObject({ operatorEmail: maker.email, note: 'Known issuer fee, settled monthly', difference: '7' });
    expect(history.bookable).toBe(true);
    // Closing the test's break so the next tests start from nothing open.
    issuer.differences = [];
    await run();
  });

  it('fixes a chain balance break by a booking through four eyes; the next run matches and nothing reopens', async () => {
    chain.onChain = '12.5';
    await run();
    const found = await breakByIdentity('chain:balance:BSC:USDT');
    expect([found.status, new Decimal(found.difference).toFixed()]).toEqual(['open', '12.5']);

    const key = randomUUID();
    const asked = await post(
      `/api/v1/admin/books/breaks/${found.id}/booking`,
      maker,
      { note: 'Unrecorded top-up of the hot wallet' },
      { 'idempotency-key': key },
    );
    expect(asked.statusCode, asked.body).toBe(202);
    const approval = asked.json().approval as Approval;
    expect(approval.payload).toMatchObject({ breakId: found.id, difference: '12.5' });
    const replay = await post(
      `/api/v1/admin/books/breaks/${found.id}/booking`,
      maker,
      { note: 'Unrecorded top-up of the hot wallet' },
      { 'idempotency-key': key },
    );
    expect(replay.json().approval.id).toBe(approval.id);
    expect(replay.headers['idempotency-hit']).toBe('true');
    expect((await post(`/api/v1/admin/books/breaks/${found.id}/booking`, maker, { note: 'No key given here' })).statusCode).toBe(400);

    const preview = await get(`/api/v1/admin/approvals/${approval.id}`, checker);
    expect(preview.json().preview.postings.length, preview.body).toBeGreaterThan(0);
    expect((await breakByIdentity('chain:balance:BSC:USDT')).status).toBe('open');

    const approve = (who: TestOperator) =>
      post(`/api/v1/admin/approvals/${approval.id}/approve`, who, { payloadHash: approval.payloadHash });
    expect((await approve(maker)).json().error.code).toBe('APPROVAL_OWN_REQUEST');
    const approved = await approve(checker);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().approval.status, approved.body).toBe('approved');

    const fixed = await breakByIdentity('chain:balance:BSC:USDT');
    expect(fixed.status).toBe('fixed');
    expect(fixed.journal_id).not.toBeNull();
    const treasury = await accountId(db(), { userId: null, currency: 'USDT', purpose: SYSTEM_PURPOSES.chainTreasury('BSC') });
    const adjustments = await accountId(db(), { userId: null, currency: 'USDT', purpose: SYSTEM_PURPOSES.adjustments });
    expect(new Decimal(await balanceOf(db(), treasury)).toFixed()).toBe('-12.5');
    expect(new Decimal(await balanceOf(db(), adjustments)).toFixed()).toBe('12.5');
    const detail = (await get(`/api/v1/admin/books/breaks/${fixed.id}`, auditor)).json();
    expect(detail.journalId).toBe(fixed.journal_id);
    expect(detail.history.at(-1)).toMatchObject({
      event: 'fixed',
      approvalId: approval.id,
      journalId: fixed.journal_id,
      operatorEmail: checker.email,
      note: 'Unrecorded top-up of the hot wallet',
    });

    const next = await run();
    expect(next.summary).toMatchObject({ opened: 0, reopened: 0, open: 0 });
    expect((await breakByIdentity('chain:balance:BSC:USDT')).status).toBe('fixed');
  });

  it('refuses a booking of a break that is not bookable, and one whose difference moved before approval', async () => {
    issuer.differences = [{ ...cardBreak('3', 'issuer:float:USD'), kind: 'issuer_float', cause: 'float_differs_from_cards' }];
    await run();
    const float = await breakByIdentity('issuer:float:USD');
    const refused = await post(
      `/api/v1/admin/books/breaks/${float.id}/booking`,
      maker,
      { note: 'Book the float' },
      { 'idempotency-key': randomUUID() },
    );
    expect(refused.json().error.code).toBe('BOOKS_BREAK_NOT_BOOKABLE');

    chain.onChain = '20';
    await run();
    const moving = await breakByIdentity('chain:balance:BSC:USDT');
    const asked = await post(
      `/api/v1/admin/books/breaks/${moving.id}/booking`,
      maker,
      { note: 'Book the rest' },
      { 'idempotency-key': randomUUID() },
    );
    const approval = asked.json().approval as Approval;
    chain.onChain = '21';
    await run();
    const approved = await post(`/api/v1/admin/approvals/${approval.id}/approve`, checker, { payloadHash: approval.payloadHash });
    expect(approved.json().approval).toMatchObject({ status: 'failed', errorCode: 'BOOKS_BREAK_CHANGED' });
    expect((await breakByIdentity('chain:balance:BSC:USDT')).status).toBe('open');
  });
});

describe('a card balance break', () => {
  it('is fixed by a booking that credits the card by the difference, through four eyes', async () => {
    const card = await activeCard(db(), { uid: 31000001, tag: 'recon', balance: '10' });
    issuer.differences = [{ ...cardBreak('2.25', `issuer:card:${card.id}`), subject: card.id }];
    await run();
    const found = await breakByIdentity(`issuer:card:${card.id}`);
    const asked = await post(
      `/api/v1/admin/books/breaks/${found.id}/booking`,
      maker,
      { note: 'Loaded at the issuer only' },
      { 'idempotency-key': randomUUID() },
    );
    expect(asked.statusCode, asked.body).toBe(202);
    const approval = asked.json().approval as Approval;
    const approved = await post(`/api/v1/admin/approvals/${approval.id}/approve`, checker, { payloadHash: approval.payloadHash });
    expect(approved.json().approval.status, approved.body).toBe('approved');
    expect(new Decimal((await cardBalances(db(), [card.id])).get(card.id)?.balance ?? '0').toFixed()).toBe('12.25');
    const fixed = await breakByIdentity(`issuer:card:${card.id}`);
    expect(fixed.status).toBe('fixed');
    issuer.differences = [];
    expect((await run()).summary).toMatchObject({ reopened: 0 });
    expect((await breakByIdentity(`issuer:card:${card.id}`)).status).toBe('fixed');
  });
});

describe('sources', () => {
  it('fails the run naming a source that cannot be read, and changes no break', async () => {
    const before = await db().selectFrom('recon_breaks').select(['id', 'status', 'difference', 'updated_at']).orderBy('id').execute();
    const events = await db()
      .selectFrom('recon_break_events')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    chain.fail = new SourceUnavailable('chain', 'The BSC node did not answer');
    issuer.differences = [cardBreak('1', 'issuer:card:new')];
    const failed = await run();
    expect([failed.status, failed.error_source, failed.error]).toEqual(['failed', 'chain', 'The BSC node did not answer.']);
    expect(await db().selectFrom('recon_breaks').select(['id', 'status', 'difference', 'updated_at']).orderBy('id').execute()).toEqual(
      before,
    );
    expect(
      await db()
        .selectFrom('recon_break_events')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow(),
    ).toEqual(events);
  });

  it('resolves on an empty answer only the open breaks of the source that gave it, and drops a zero difference', async () => {
    chain.onChain = '30';
    issuer.differences = [cardBreak('2', 'issuer:card:c2'), cardBreak('0', 'issuer:card:zero')];
    await run();
    expect((await breakByIdentity('issuer:card:c2')).status).toBe('open');
    expect(await db().selectFrom('recon_breaks').select('id').where('identity', '=', 'issuer:card:zero').execute()).toEqual([]);
    issuer.differences = [];
    const done = await run();
    expect((await breakByIdentity('issuer:card:c2')).status).toBe('resolved');
    expect((await breakByIdentity('chain:balance:BSC:USDT')).status).toBe('open');
    expect(done.summary).toMatchObject({ open: await openBreakCount(db()) });
  });
});

describe('console routes', () => {
  it('gives one run of two started at once, and a 409 for the other', async () => {
    // Newest first is by start time: the runs before were all started at the clock's one moment.
    clock.advance(60);
    const [a, b] = await Promise.all([post('/api/v1/admin/books/runs', maker), post('/api/v1/admin/books/runs', checker)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([202, 409]);
    const started = (a.statusCode === 202 ? a : b).json();
    expect(started).toMatchObject({ status: 'running', trigger: 'operator' });
    expect((a.statusCode === 409 ? a : b).json().error.code).toBe('BOOKS_RUN_IN_PROGRESS');
    await expect.poll(async () => (await get(`/api/v1/admin/books/runs/${started.id}`, auditor)).json().status).toBe('completed');
    const list = (await get('/api/v1/admin/books/runs?limit=1', auditor)).json();
    expect(list.items[0].id).toBe(started.id);
    expect(list.items[0].operatorEmail).toMatch(/@ops\.example\.com$/);
    const audited = await db().selectFrom('operator_audit').select('object').where('action', '=', 'books.run').execute();
    expect(audited).toEqual([{ object: `recon_run:${started.id}` }]);
  });

  it('lets the auditor read but not run or accept, and support not even read', async () => {
    expect((await get('/api/v1/admin/books/runs', support)).statusCode).toBe(403);
    expect((await get('/api/v1/admin/books/breaks', support)).statusCode).toBe(403);
    const breaks = await get('/api/v1/admin/books/breaks?status=open&source=chain', auditor);
    expect(breaks.statusCode).toBe(200);
    const open = breaks.json().items as { id: string; source: string; status: string }[];
    expect(open.length).toBeGreaterThan(0);
    expect(open.every((b) => b.source === 'chain' && b.status === 'open')).toBe(true);
    expect((await post('/api/v1/admin/books/runs', auditor)).statusCode).toBe(403);
    expect((await post(`/api/v1/admin/books/breaks/${open[0]?.id}/accept`, auditor, { note: 'Looks fine to me' })).statusCode).toBe(403);
    expect((await get(`/api/v1/admin/books/runs/${randomUUID()}`, auditor)).json().error.code).toBe('BOOKS_RUN_NOT_FOUND');
  });

  it('runs a scheduled cut-off once however many workers wake for it', async () => {
    const cutoffAt = new Date('2026-12-05T00:00:00.000Z');
    const first = await reconcile(deps(), { trigger: 'schedule', cutoffAt });
    expect(first?.status).toBe('completed');
    expect(await reconcile(deps(), { trigger: 'schedule', cutoffAt })).toBeNull();
  });
});

describe('schedule, alerts and counts', () => {
  it('finds the latest cut-off: today at the hour once it passed, yesterday before', () => {
    expect(latestCutoff(new Date('2026-12-05T08:00:00Z'), 6).toISOString()).toBe('2026-12-05T06:00:00.000Z');
    expect(latestCutoff(new Date('2026-12-05T05:59:59Z'), 6).toISOString()).toBe('2026-12-04T06:00:00.000Z');
    expect(latestCutoff(new Date('2026-12-05T06:00:00Z'), 6).toISOString()).toBe('2026-12-05T06:00:00.000Z');
  });

  it('runs the scheduled job once for its cut-off, at books.recon_hour', async () => {
    await db()
      .insertInto('console_settings')
      .values({ key: 'books.recon_hour', value: '3' })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: '3' }))
      .execute();
    await runScheduled(deps());
    await runScheduled(deps());
    const runs = await db()
      .selectFrom('recon_runs')
      .select(['cutoff_at', 'status'])
      .where('trigger', '=', 'schedule')
      .where('cutoff_at', '=', new Date('2026-12-05T03:00:00Z'))
      .execute();
    expect(runs).toEqual([{ cutoff_at: new Date('2026-12-05T03:00:00Z'), status: 'completed' }]);
  });

  it('reports open breaks per source and the latest run failed to Prometheus', async () => {
    const registry = new Registry();
    registerReconMetrics(registry, db());
    chain.onChain = '99';
    await run();
    let text = await registry.metrics();
    expect(text).toContain('recon_breaks_open{source="chain"} 1');
    expect(text).toContain('recon_breaks_open{source="payout"} 0');
    expect(text).toContain('recon_run_failed 0');
    chain.fail = new SourceUnavailable('chain', 'Node down');
    await run();
    text = await registry.metrics();
    expect(text).toContain('recon_run_failed 1');
  });

  it('counts the failed proof checks of the latest published snapshot only', async () => {
    expect(await proofFailureCount(db())).toBe(0);
    const card = await activeCard(db(), { uid: 31000002, tag: 'proof', balance: '0' });
    const snapshot = async (cutoff: string) =>
      (
        await db()
          .insertInto('reserves_snapshots')
          .values({ cutoff_at: new Date(cutoff), status: 'published', published_at: new Date(cutoff), error: null })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const older = await snapshot('2026-12-03T00:00:00Z');
    const latest = await snapshot('2026-12-04T00:00:00Z');
    const check = (snapshotId: string, currency: string, ok: boolean) =>
      db()
        .insertInto('reserves_proof_checks')
        .values({ snapshot_id: snapshotId, user_id: card.user_id, currency, ok, failure: ok ? null : 'root', user_agent: null })
        .execute();
    await check(older, 'USDT', false);
    await check(older, 'USD', false);
    await check(latest, 'USDT', false);
    await check(latest, 'USD', true);
    expect(await proofFailureCount(db())).toBe(1);
  });
});
