import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { adjustThroughFourEyes, financePair } from '../../../test/approvals';
import { type TestOperator, testOperator } from '../../../test/operators';

/**
 * The operators' audit log (ADR 0034): append-only in the database, hash-chained so a row changed by
 * hand (by a superuser who turned the trigger off) is found, and readable with filters and as CSV.
 */
let t: TestApp;
let auditor: TestOperator;
let memberUid: string;

beforeAll(async () => {
  t = await createTestApp();
  auditor = await testOperator(t, ['auditor']);
  memberUid = (await registerUser(t)).profile.uid;
  await adjustThroughFourEyes(t, memberUid, 'USDT', '12');
});
afterAll(() => t.close());

const db = () => t.database.handle.db;
const get = (url: string, headers = auditor.headers) => t.app.inject({ method: 'GET', url, headers });
const repoRoot = path.resolve(import.meta.dirname, '../../../../..');

function auditScript() {
  return promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/audit.ts', 'verify'], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: t.database.url, NODE_ENV: 'test' },
  }).then(
    (done) => ({ code: 0, out: done.stdout + done.stderr }),
    (failed: { code: number; stdout: string; stderr: string }) => ({ code: failed.code, out: failed.stdout + failed.stderr }),
  );
}

describe('the audit log', () => {
  it('is filtered by operator (id or email), action, member and time, newest first', async () => {
    const { maker, checker } = await financePair(t);
    const byMaker = await get(`/api/v1/admin/audit?operator=${encodeURIComponent(maker.email)}`);
    expect(byMaker.statusCode, byMaker.body).toBe(200);
    expect(byMaker.json().items.map((e: { action: string }) => e.action)).toEqual(['approval.request']);
    const byChecker = await get(`/api/v1/admin/audit?operator=${checker.id}&member=${memberUid}`);
    expect(byChecker.json()).toMatchObject({ total: 2 });
    expect(byChecker.json().items.map((e: { action: string }) => e.action)).toEqual(['approval.approve', 'balance.credit']);
    const credit = await get('/api/v1/admin/audit?action=balance.credit');
    expect(credit.json().items[0]).toMatchObject({ operator: { id: checker.id, email: checker.email }, memberUid, roles: ['finance'] });
    const future = await get(`/api/v1/admin/audit?from=${encodeURIComponent(new Date(Date.now() + 3600_000).toISOString())}`);
    expect(future.json()).toEqual({ items: [], total: 0 });
    const paged = await get('/api/v1/admin/audit?pageSize=1&page=2');
    expect(paged.json().items).toHaveLength(1);
    const support = await testOperator(t, ['support']);
    expect((await get('/api/v1/admin/audit', support.headers)).json().error.code).toBe('FORBIDDEN');
  });

  it('exports the same filters as CSV', async () => {
    const res = await get(`/api/v1/admin/audit/export.csv?member=${memberUid}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const rows = parse(res.body, { columns: true }) as Array<Record<string, string>>;
    expect(rows.map((r) => r.action).sort()).toEqual(['approval.approve', 'approval.request', 'balance.credit']);
    const credit = rows.find((r) => r.action === 'balance.credit');
    expect(JSON.parse(credit?.after ?? '{}')).toMatchObject({ amount: '12', currency: 'USDT' });
    expect(credit?.member_uid).toBe(memberUid);
  });

  it('refuses UPDATE, DELETE and TRUNCATE', async () => {
    await expect(sql`update operator_audit set action = 'nothing' where seq = 1`.execute(db())).rejects.toThrow(/append-only/);
    await expect(sql`delete from operator_audit where seq = 1`.execute(db())).rejects.toThrow(/append-only/);
    await expect(sql`truncate operator_audit`.execute(db())).rejects.toThrow(/append-only/);
    expect((await get('/api/v1/admin/audit/verify')).json()).toMatchObject({ intact: true });
  });

  it('verification finds the entry a superuser changed by hand, in the console and in npm run audit', async () => {
    const intact = await get('/api/v1/admin/audit/verify');
    expect(intact.json()).toMatchObject({ intact: true });
    expect((await auditScript()).code).toBe(0);
    const { seq } = await db().selectFrom('operator_audit').select('seq').where('action', '=', 'balance.credit').executeTakeFirstOrThrow();
    await sql`alter table operator_audit disable trigger operator_audit_no_change`.execute(db());
    await sql`update operator_audit set after = jsonb_set(after, '{amount}', '"1200"') where seq = ${seq}`.execute(db());
    await sql`alter table operator_audit enable trigger operator_audit_no_change`.execute(db());
    const broken = await get('/api/v1/admin/audit/verify');
    expect(broken.json()).toMatchObject({ intact: false, brokenAt: seq, why: 'entry changed after it was written' });
    const script = await auditScript();
    expect(script.code).toBe(1);
    expect(script.out).toContain(`BROKEN at seq ${seq}`);
  });
});
